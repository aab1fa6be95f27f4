import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient } from '../../bench/crash.db';
import { freePort } from '../../bench/crash.server';
import { TcpProxy } from './support/tcp-proxy';

/*
 * A server started while PostgreSQL is away (docs/faults.md): the real server
 * (`node --import tsx server/main.ts`) reaches a throw-away database through a TCP proxy
 * that refuses connections, so the shared server is never stopped. It waits, logging each
 * attempt without the URL's password, and starts once the proxy opens; with the proxy
 * shut for longer than DATABASE_STARTUP_WAIT_SECONDS it exits 1 with a clear message.
 * Defined only with TEST_DATABASE_URL.
 */

const SECRET = 'not-the-real-password';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL away at start-up [postgres]', () => {
  const database = `gd_crash_startup_${process.pid}`;
  const admin = (sql: string) => withClient(process.env.TEST_DATABASE_URL!, (c) => c.query(sql));
  let proxy: TcpProxy;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gd-startup-'));

  beforeAll(async () => {
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`create database ${database}`);
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    target.pathname = `/${database}`;
    // Trust authentication ignores it; it stands for a password that must never be printed.
    target.password = SECRET;
    url = proxy.urlFor(target.toString());
  });

  afterAll(async () => {
    await proxy?.close();
    await admin(`drop database if exists ${database} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(waitSeconds: number) {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATABASE_STARTUP_WAIT_SECONDS: String(waitSeconds),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return { child, output, base: `http://127.0.0.1:${port}` };
  }

  const healthy = (base: string) =>
    fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );

  it('waits for PostgreSQL and starts once it answers', async () => {
    await proxy.cut();
    const server = await start(120);
    try {
      for (
        let i = 0;
        i < 600 && !server.output.join('').includes('attempt 2') && server.child.exitCode === null;
        i++
      )
        await sleep(100);
      expect(server.output.join('')).toMatch(
        /PostgreSQL is not answering \(ECONNREFUSED, attempt 1\); trying again in 2 s/,
      );
      expect(server.child.exitCode).toBeNull();
      await proxy.reopen();
      let ok = false;
      for (let i = 0; i < 900 && !ok; i++) {
        ok = await healthy(server.base);
        if (!ok) await sleep(100);
      }
      expect(ok).toBe(true);
      expect(server.output.join('')).not.toContain(SECRET);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 150_000);

  it('exits 1 with a clear message when PostgreSQL stays away past the wait', async () => {
    await proxy.cut();
    const server = await start(3);
    const [code] = (await once(server.child, 'exit')) as [number | null];
    await proxy.reopen();
    expect(code).toBe(1);
    const output = server.output.join('');
    expect(output).toMatch(/PostgreSQL did not answer after \d+ attempts in \d+ s/);
    expect(output).not.toContain(SECRET);
  }, 60_000);
});
