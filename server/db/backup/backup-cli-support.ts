/** What `npm run backup` and `npm run restore` share: where the database is, the lock, errors. */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type DataDirLock, DataDirLockedError, acquireDataDirLock } from '../../lib/data-dir-lock';

/** Where the database is, read from the environment with the server's defaults (README). */
export interface BackupTarget {
  /** `DATABASE_URL`: a PostgreSQL database; the embedded one when unset. */
  databaseUrl: string | undefined;
  /** `DATA_DIR` (default ./data), absolute. */
  dataDir: string;
  /** The embedded database: `<dataDir>/pglite`. */
  pgliteDir: string;
  /** `S3_BUCKET`: the uploads are in this bucket, not in `<dataDir>/uploads`. */
  s3Bucket: string | undefined;
}

/**
 * Reads `DATA_DIR` and `DATABASE_URL` as `loadConfig` does, without its side effects (it
 * creates the data directory and a JWT secret, which a backup has no business doing).
 */
export function backupTarget(env: Record<string, string | undefined> = process.env): BackupTarget {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    s3Bucket: env.S3_BUCKET?.trim() || undefined,
  };
}

/** An error whose message is for the person at the terminal (Spanish); exit code 1. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}

/** True when `dir` holds a PGlite (PostgreSQL) data directory. */
export const hasDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Takes the data directory's lock (server/lib/data-dir-lock.ts) for the whole backup or
 * restore (or `npm run super-admin`): PGlite is one process's database, so a running server
 * refuses us, and a server started meanwhile refuses to start. `withPostgres` tells what
 * to do on PostgreSQL instead.
 */
export function lockDataDir(
  dataDir: string,
  doing: string,
  withPostgres = 'Con PostgreSQL (DATABASE_URL) la copia se hace en caliente con pg_dump: docs/backups.md.',
): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupRefusal(
      `No se puede ${doing}: el servidor (pid ${error.holderPid}) está usando el directorio ` +
        `de datos ${error.dataDir}. Detenlo (Ctrl+C o kill ${error.holderPid}), vuelve a ` +
        `intentarlo y arráncalo después. ${withPostgres}`,
    );
  }
}

/**
 * Runs a command's body: prints a refusal's message and exits 1, and any other error with
 * its message too (the stack only adds noise for an operator).
 */
export async function runCommand(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof BackupRefusal ? message : `Error: ${message}`);
    process.exitCode = 1;
  }
}

/** Size in KB or MB, for the summary lines. */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
