import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { readS3Config } from './s3-config';
import { formatSize } from '../db/backup/backup-cli-support';
import { uploadsDir } from './open-storage';
import { createS3Storage } from './s3-storage';
import { type FileStorage, assertStorageKey, createDiskStorage } from './storage';

/** What one copy did. */
export interface StorageCopyResult {
  /** Files written to the target. */
  copied: number;
  /** Their bytes, added up. */
  bytes: number;
  /** Files left behind, with why: half-written (`*.tmp`) or not a storage key. */
  skipped: { file: string; reason: string }[];
  /** Files that could not be copied, with the error's message. */
  failed: { key: string; message: string }[];
}

/** Files copied at once: enough to hide a bucket's latency, few enough for a small server. */
const CONCURRENCY = 8;

/** Every file under `dir`, as `/`-separated paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/**
 * Copies every file of the disk store `dir` into `target` under the same key, with the
 * content type the disk store serves it with. A file already there is written again with
 * the same bytes, so running it twice is harmless. Half-written files (`*.tmp`, left by a
 * write that died) and names that are no storage key are skipped; a failed file does not
 * stop the others.
 */
export async function copyDiskToStorage(
  dir: string,
  target: FileStorage,
): Promise<StorageCopyResult> {
  const result: StorageCopyResult = { copied: 0, bytes: 0, skipped: [], failed: [] };
  const keys: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (file.endsWith('.tmp')) {
      result.skipped.push({ file, reason: 'a medio escribir' });
      continue;
    }
    try {
      assertStorageKey(file);
      keys.push(file);
    } catch {
      result.skipped.push({ file, reason: 'no es un archivo de la aplicación' });
    }
  }
  const source = createDiskStorage(dir);
  const copyOne = async (key: string) => {
    try {
      // Streamed: an export's file is never held whole.
      const file = await source.open(key);
      // Deleted since the listing (a photo replaced meanwhile): nothing left to copy.
      if (!file) return;
      await target.put(key, file.body, file.contentType).finally(() => file.body.destroy());
      result.copied += 1;
      result.bytes += file.size;
    } catch (error) {
      result.failed.push({ key, message: error instanceof Error ? error.message : String(error) });
    }
  };
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await copyOne(key);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, keys.length) }, worker));
  return result;
}

/** Where the command writes its lines (the console, or a test's list). */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run storage:copy`: copies the disk store (`<DATA_DIR>/uploads`) into the bucket of
 * `S3_BUCKET` (README, docs/backups.md). Answers the exit code: 0 when every file was
 * copied, 1 without S3 configuration, without a disk store, or when a file failed.
 */
export async function runStorageCopy(
  env: Record<string, string | undefined>,
  out: CommandOutput = console,
): Promise<number> {
  let s3;
  try {
    s3 = readS3Config(env);
  } catch (error) {
    out.error(`Configuración de S3 no válida: ${(error as Error).message}`);
    return 1;
  }
  if (!s3) {
    out.error(
      'S3_BUCKET no está definida: define S3_BUCKET (y S3_ENDPOINT, S3_REGION, las ' +
        'credenciales) con el bucket de destino. Ver docs/backups.md.',
    );
    return 1;
  }
  const dir = uploadsDir(path.resolve(env.DATA_DIR || './data'));
  if (!existsSync(dir)) {
    out.error(`No hay archivos que copiar: ${dir} no existe.`);
    return 1;
  }
  const destination = `s3://${s3.bucket}${s3.prefix ? `/${s3.prefix}` : ''}`;
  const result = await copyDiskToStorage(dir, createS3Storage(s3));
  const size = result.copied > 0 ? ` (${formatSize(result.bytes)})` : '';
  out.log(`Archivos copiados: ${result.copied}${size}, de ${dir} a ${destination}.`);
  for (const { file, reason } of result.skipped) out.log(`Omitido ${file}: ${reason}.`);
  for (const { key, message } of result.failed) out.error(`No se copió ${key}: ${message}`);
  if (result.failed.length > 0) {
    out.error(
      `Archivos sin copiar: ${result.failed.length}. Vuelve a ejecutar el comando: los ya ` +
        'copiados se escriben de nuevo sin daño.',
    );
    return 1;
  }
  return 0;
}
