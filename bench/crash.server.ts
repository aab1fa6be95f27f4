/**
 * The real server as a child of the kill -9 script (bench/crash.ts):
 * `node --import tsx server/main.ts`, one process, so its pid is the server's (`npx tsx`
 * would put a second process in between), on a port of 3400–3499.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CrashTarget } from './crash.db';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface CrashServer {
  child: ChildProcess;
  base: string;
  output: string[];
}

/** The first port of 3400–3499 nobody listens on. */
export async function freePort(): Promise<number> {
  for (let port = 3400 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries++) {
    const server = createServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) {
      server.close();
      await once(server, 'close');
      return port;
    }
    port = port === 3499 ? 3400 : port + 1;
  }
  throw new Error('no free port in 3400–3499');
}

/** Starts the server on `target` and waits (2 minutes at most) until /api/health answers 200. */
export async function startServer(target: CrashTarget): Promise<CrashServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    LOG_LEVEL: 'warn',
  };
  if (target.url) env.DATABASE_URL = target.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => output.push(chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 120_000; await sleep(100)) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, output };
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output.join('').slice(-4000)}`);
}

export async function stopServer(server: CrashServer, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill(signal);
  await exited;
}

/** A request of the signed-in owner: JSON when `json` is given, else `body` as sent. */
export type Call = (
  method: string,
  url: string,
  init?: { json?: unknown; body?: Buffer; contentType?: string },
) => Promise<Response>;

/** Signs in on `server` and returns a caller with that session. */
export async function signIn(server: CrashServer, email: string, password: string): Promise<Call> {
  const response = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return (method, url, init = {}) => {
    const json = init.json !== undefined;
    const contentType = json ? 'application/json' : init.contentType;
    return fetch(`${server.base}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body: json ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
    });
  };
}

/** The JSON of a 2xx answer; otherwise throws with the status (never the body: it may hold data). */
export async function okJson<T>(what: string, response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status}`);
  return (await response.json()) as T;
}

/** Waits (2 minutes at most) for `check` to answer something. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, everyMs = 5) {
  for (const started = Date.now(); Date.now() - started < 120_000; await sleep(everyMs)) {
    const found = await check();
    if (found !== undefined) return found;
  }
  throw new Error(`gave up waiting for ${what}`);
}
