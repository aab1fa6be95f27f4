import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpPglite } from '../../server/db/backup/sql-dump';
import { createTestDatabase } from './support/databases';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lockModule = path.join(root, 'server', 'lib', 'data-dir-lock.ts');
const commands = {
  backup: path.join(root, 'server', 'db', 'backup', 'backup.cli.ts'),
  restore: path.join(root, 'server', 'db', 'backup', 'restore.cli.ts'),
};

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <command> -- args` as npm would (tsx), in one process we can wait for. */
function run(
  command: keyof typeof commands,
  args: string[],
  env: Record<string, string>,
): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', commands[command], ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** A process that holds DATA_DIR's lock, as a running server does, until killed. */
async function holder(dataDir: string): Promise<ChildProcess> {
  const script = path.join(dataDir, 'holder.ts');
  writeFileSync(
    script,
    `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};\n` +
      `acquireDataDirLock(${JSON.stringify(dataDir)});\nconsole.log('held');\nsetInterval(() => {}, 1000);\n`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('held') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
  });
  return child;
}

/**
 * The rows and sequence values of a dump. The schema part is not compared byte for byte:
 * PostgreSQL writes a CHECK back with its parentheses normalised after a reload.
 */
const data = (sql: string) =>
  sql.split('\n').filter((line) => /^(INSERT INTO |\t\(|SELECT pg_catalog\.setval)/.test(line));

describe('npm run backup and npm run restore', () => {
  let work: string;
  let dumpFile: string;
  let dump: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'gd-backup-'));
    // A migrated database with the reference data (~20,000 cities): small enough to run fast.
    const source = await createTestDatabase('pglite');
    try {
      dump = await dumpPglite((source.handle.db as unknown as { $client: PGlite }).$client);
    } finally {
      await source.dispose();
    }
    dumpFile = path.join(work, 'source.sql');
    writeFileSync(dumpFile, dump);
  }, 60_000);

  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('restores into an empty DATA_DIR, refuses it afterwards without --force, and backs it up again unchanged', async () => {
    const dataDir = path.join(work, 'fresh');
    const restored = await run('restore', [dumpFile], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Copia restaurada en ${path.join(dataDir, 'pglite')}`);

    const again = await run('restore', [dumpFile], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('ya tiene una base de datos: no se restauró nada');

    const copy = path.join(work, 'copies', 'copy.sql');
    const backedUp = await run('backup', [copy], { DATA_DIR: dataDir });
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toContain(`Copia de seguridad guardada en ${copy}`);
    // Personal data and password hashes: readable by its owner only.
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    const copied = data(await readFile(copy, 'utf8'));
    expect(copied.length).toBeGreaterThan(1000);
    expect(copied).toEqual(data(dump));

    const overwrite = await run('backup', [copy], { DATA_DIR: dataDir });
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('ya existe');
  }, 120_000);

  it('replaces the embedded database with --force and keeps the old one beside it', async () => {
    const dataDir = path.join(work, 'forced');
    const pgliteDir = path.join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    writeFileSync(path.join(pgliteDir, 'PG_VERSION'), '18\n');

    const forced = await run('restore', [dumpFile, '--force'], { DATA_DIR: dataDir });
    expect(forced.code).toBe(0);
    const kept = readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(forced.stdout).toContain(kept[0]);
    expect(readdirSync(path.join(dataDir, kept[0]!))).toEqual(['PG_VERSION']);
    expect(readdirSync(pgliteDir).length).toBeGreaterThan(5);
  }, 120_000);

  it('refuses to back up or restore while a server holds DATA_DIR, naming its pid', async () => {
    const dataDir = path.join(work, 'held');
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '18\n');
    const server = await holder(dataDir);
    try {
      const copy = path.join(work, 'held.sql');
      const backup = await run('backup', [copy], { DATA_DIR: dataDir });
      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain(
        `No se puede hacer la copia de seguridad: el servidor (pid ${server.pid}) está usando`,
      );
      expect(existsSync(copy)).toBe(false);

      const restore = await run('restore', [dumpFile, '--force'], { DATA_DIR: dataDir });
      expect(restore.code).toBe(1);
      expect(restore.stderr).toContain(`el servidor (pid ${server.pid})`);
      expect(readdirSync(path.join(dataDir, 'pglite'))).toEqual(['PG_VERSION']);
    } finally {
      server.kill('SIGKILL');
    }
  }, 60_000);

  it('sends PostgreSQL to pg_dump and refuses a file cut short', async () => {
    const backup = await run('backup', [], {
      DATA_DIR: path.join(work, 'none'),
      DATABASE_URL: 'postgres://127.0.0.1:1/nothing',
    });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump');

    const cut = path.join(work, 'cut.sql');
    writeFileSync(cut, dump.slice(0, dump.length / 2));
    const restore = await run('restore', [cut], { DATA_DIR: path.join(work, 'cut') });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('no es una copia de seguridad completa');
    expect(existsSync(path.join(work, 'cut', 'pglite'))).toBe(false);
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores into PostgreSQL (DATABASE_URL) and refuses a database that has tables unless --force',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `gd_backup_cli_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(work, 'pg') };
      try {
        const first = await run('restore', [dumpFile], env);
        expect(first.stderr).toBe('');
        expect(first.code).toBe(0);
        const second = await run('restore', [dumpFile], env);
        expect(second.code).toBe(1);
        expect(second.stderr).toContain('no está vacía');
        const forced = await run('restore', [dumpFile, '--force'], env);
        expect(forced.code).toBe(0);
        const target = new pg.Client({ connectionString: url.toString() });
        await target.connect();
        const { rows } = await target.query('select count(*)::int as n from public.cities');
        await target.end();
        expect(rows[0].n).toBeGreaterThan(1000);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    60_000,
  );
});
