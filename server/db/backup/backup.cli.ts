/**
 * `npm run backup [-- <file>] [--force]`: writes the embedded database (DATA_DIR/pglite)
 * as one SQL file that `npm run restore` loads into PGlite or PostgreSQL. It takes the
 * data directory's lock, so it refuses while the server runs: stop the server first.
 * With DATABASE_URL it refuses too: PostgreSQL is backed up with pg_dump (docs/backups.md).
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from '../client';
import {
  BackupRefusal,
  backupTarget,
  formatSize,
  hasDatabase,
  lockDataDir,
  runCommand,
} from './backup-cli-support';
import { dumpPglite } from './sql-dump';

/** `backups/gestion-deportiva-2026-11-29T03-05-00Z.sql`, in the current directory. */
const defaultFile = (now: Date) =>
  path.join(
    'backups',
    `gestion-deportiva-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.sql`,
  );

await runCommand(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length > 1 || args.some((arg) => arg.startsWith('--') && arg !== '--force')) {
    throw new BackupRefusal('Uso: npm run backup [-- <archivo.sql>] [--force]');
  }
  const target = backupTarget();
  if (target.databaseUrl) {
    throw new BackupRefusal(
      'DATABASE_URL está definida: la base de datos es PostgreSQL. Haz la copia con ' +
        'pg_dump (docs/backups.md); npm run backup copia la base de datos integrada.',
    );
  }
  if (!hasDatabase(target.pgliteDir)) {
    throw new BackupRefusal(`No hay ninguna base de datos en ${target.pgliteDir}.`);
  }
  const started = new Date();
  const file = path.resolve(files[0] ?? defaultFile(started));
  if (existsSync(file) && !force) {
    throw new BackupRefusal(
      `${file} ya existe: elige otro nombre o usa --force para reemplazarlo.`,
    );
  }

  const lock = lockDataDir(target.dataDir, 'hacer la copia de seguridad');
  let sql: string;
  try {
    const client = await PGlite.create(target.pgliteDir, PGLITE_OPTIONS);
    try {
      sql = await dumpPglite(client, started);
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }

  // Written aside and renamed: a file under the final name is always a whole backup. It
  // holds personal data and password hashes, so only its owner may read it.
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    writeFileSync(partial, sql, { mode: 0o600 });
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(1);
  // The database only: the uploads are on disk or in the bucket (docs/backups.md).
  const uploads = target.s3Bucket
    ? `Los archivos subidos están en el bucket ${target.s3Bucket} y no van dentro: el bucket los guarda.`
    : `Los archivos subidos (${path.join(target.dataDir, 'uploads')}) no van dentro: cópialos aparte.`;
  console.log(
    `Copia de seguridad guardada en ${file} (${formatSize(Buffer.byteLength(sql))}, ${seconds} s).\n${uploads}`,
  );
});
