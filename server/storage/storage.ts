import { randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportContentTypes } from '../../contract/exports.schema';

/** A stored file: its bytes and the content type it is served with. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/** A stored file to read as it streams (an export's, too large to hold in memory). */
export interface OpenedFile {
  body: Readable;
  contentType: string;
  /** Its length in bytes. */
  size: number;
}

/**
 * Where uploaded files live (profile photos, proofs of payment). Keys are relative paths
 * such as `photos/12-Ab3….webp`: lowercase folder names, then a file name of letters,
 * digits, '.', '_' and '-'. The disk storage is the default; `createS3Storage`
 * (s3-storage.ts) keeps them in an S3-compatible bucket; tests also use an in-memory one.
 * `openStorage` (open-storage.ts) picks the configured one.
 */
export interface FileStorage {
  /**
   * Stores `body` under `key`, replacing any file there: bytes, or a stream written as it
   * comes (an export's file, never held whole). A reader sees the old file or the new one,
   * never part of one; a stream that fails leaves the old one.
   */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The file, or null when there is none under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** The file as a stream, or null when there is none under `key`. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes the file; nothing happens when it is already gone. */
  delete(key: string): Promise<void>;
  /**
   * Resolves when the storage can be used now, rejects otherwise: a cheap call for the
   * readiness check (`GET /api/health/ready`), never a read or write of a file.
   */
  ping(): Promise<void>;
}

const KEY = /^(?:[a-z0-9-]+\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Throws unless `key` is a safe relative path (no '..', no absolute path, no backslash). */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

/** The content type of a key, from its extension (the only types the app stores). */
const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.pdf': 'application/pdf',
  // Queued exports' files (server/features/exports).
  '.csv': exportContentTypes.csv,
  '.xlsx': exportContentTypes.xlsx,
};

const contentTypeOf = (key: string) =>
  contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under `dir` (`<DATA_DIR>/uploads`), created on the first write. A file is written
 * to a temporary name and renamed into place, so a reader never sees half of it. The
 * content type is read back from the key's extension.
 */
export function createDiskStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body, { mode: 0o644 });
        else await pipeline(body, createWriteStream(temporary, { mode: 0o644 }));
        await rename(temporary, file);
      } catch (error) {
        // A full disk (ENOSPC, answered 507) or a failed stream leaves no half-written
        // temporary behind.
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      try {
        return { bytes: await readFile(fileOf(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream closes the handle when it ends or fails.
        return { body: handle.createReadStream(), contentType: contentTypeOf(key), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },
    async ping() {
      // A fresh install has no uploads folder until the first upload: it must be creatable.
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
