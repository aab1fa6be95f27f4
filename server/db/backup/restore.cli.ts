/**
 * `npm run restore -- <file> [--force]`: loads a backup (`npm run backup`, or any plain
 * SQL pg_dump of ours) into the PostgreSQL database of DATABASE_URL or, when it is unset,
 * into the embedded one (DATA_DIR/pglite). It refuses a target that already holds data
 * unless told `--force`, and the embedded database while a server uses it.
 */
import { existsSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_OPTIONS } from '../client';
import {
  BackupRefusal,
  type BackupTarget,
  backupTarget,
  lockDataDir,
  runCommand,
} from './backup-cli-support';
import {
  assertCompleteDump,
  isEmptyPostgres,
  restoreIntoPglite,
  restoreIntoPostgres,
} from './sql-dump';

/** Where the URL points, without its password, for the messages. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

async function restorePostgres(url: string, sql: string, force: boolean): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const empty = await isEmptyPostgres(client);
    if (!empty && !force) {
      throw new BackupRefusal(
        `La base de datos ${describeUrl(url)} no está vacía: no se restauró nada. Usa otra ` +
          'vacía (createdb) o --force para reemplazar sus esquemas public y drizzle.',
      );
    }
    await restoreIntoPostgres(client, sql, { replace: !empty });
  } finally {
    await client.end();
  }
  return `PostgreSQL ${describeUrl(url)}`;
}

/**
 * Restores into a new directory beside the target and swaps it in at the end, so a failed
 * restore changes nothing; with `--force` the old directory is kept under another name.
 */
async function restorePglite(target: BackupTarget, sql: string, force: boolean): Promise<string> {
  const dir = target.pgliteDir;
  const occupied = existsSync(dir) && readdirSync(dir).length > 0;
  if (occupied && !force) {
    throw new BackupRefusal(
      `${dir} ya tiene una base de datos: no se restauró nada. Usa otro DATA_DIR o --force ` +
        '(la base actual se guarda al lado, no se borra).',
    );
  }
  const lock = lockDataDir(target.dataDir, 'restaurar la copia de seguridad');
  try {
    const fresh = `${dir}.restoring-${process.pid}`;
    rmSync(fresh, { recursive: true, force: true });
    try {
      const client = await PGlite.create(fresh, PGLITE_OPTIONS);
      try {
        await restoreIntoPglite(client, sql);
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(fresh, { recursive: true, force: true });
      throw error;
    }
    let kept = '';
    if (!occupied) rmSync(dir, { recursive: true, force: true });
    else {
      kept = `${dir}.before-restore-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
      renameSync(dir, kept);
    }
    renameSync(fresh, dir);
    return `${dir}${kept ? ` (la base anterior quedó en ${kept})` : ''}`;
  } finally {
    lock.release();
  }
}

await runCommand(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--force')) {
    throw new BackupRefusal('Uso: npm run restore -- <archivo.sql> [--force]');
  }
  const file = path.resolve(files[0]!);
  if (!existsSync(file)) throw new BackupRefusal(`No existe el archivo ${file}.`);
  const sql = readFileSync(file, 'utf8');
  try {
    assertCompleteDump(sql);
  } catch (error) {
    throw new BackupRefusal((error as Error).message);
  }
  const started = Date.now();
  const target = backupTarget();
  const where = target.databaseUrl
    ? await restorePostgres(target.databaseUrl, sql, force)
    : await restorePglite(target, sql, force);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Copia restaurada en ${where} (${seconds} s). Al arrancar, el servidor aplica las ` +
      'migraciones que le falten. Los archivos subidos se copian aparte (docs/backups.md).',
  );
});
