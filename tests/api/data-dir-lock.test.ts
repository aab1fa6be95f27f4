import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, acquireDataDirLock } from '../../server/lib/data-dir-lock';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** `node --import tsx`: one process (the tsx binary would fork a child we could not kill -9). */
const runTs = (file: string, options: SpawnOptions = {}) =>
  spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
const lockModule = path.join(root, 'server', 'lib', 'data-dir-lock.ts');

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gd-lock-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Another process that takes the lock on `dataDir` and keeps it until killed. */
async function holderProcess(dataDir: string): Promise<ChildProcess> {
  const script = path.join(dataDir, 'holder.ts');
  writeFileSync(
    script,
    `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};\n` +
      `acquireDataDirLock(${JSON.stringify(dataDir)});\n` +
      `console.log('held');\nsetInterval(() => {}, 1000);\n`,
  );
  const child = runTs(script);
  cleanups.push(() => child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.on('data', (chunk) => String(chunk).includes('held') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited ${code}: ${stderr}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('the data directory lock', () => {
  it('refuses a second start in the same process and allows one after release', () => {
    const dataDir = tempDir();
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));

    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);

    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dataDir).release();
  });

  it('refuses the directory while another live process holds it, and takes it over after kill -9', async () => {
    const dataDir = tempDir();
    const holder = await holderProcess(dataDir);

    let refusal: unknown;
    try {
      acquireDataDirLock(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(`pid ${holder.pid}`);
    expect((refusal as Error).message).toContain('ya está en uso por otro servidor');
    expect((refusal as Error).message).toContain('already in use by another server');

    holder.kill('SIGKILL');
    await exited(holder);

    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock file whose process is gone', () => {
    const dataDir = tempDir();
    // Pids are at most 2^22 on Linux: this one cannot be running.
    writeFileSync(path.join(dataDir, LOCK_FILE), '99999999\n');
    const lock = acquireDataDirLock(dataDir);
    expect(readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('stops server/main.ts before it opens the database when another server holds DATA_DIR', async () => {
    const dataDir = tempDir();
    const holder = await holderProcess(dataDir);

    const server = runTs(path.join(root, 'server', 'main.ts'), {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '' },
    });
    cleanups.push(() => server.kill('SIGKILL'));
    let stderr = '';
    server.stderr!.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));

    expect(code).toBe(1);
    expect(stderr).toContain(`pid ${holder.pid}`);
    // It stopped before PGlite created its files.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(holder.pid));
  }, 30_000);
});
