import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A stored file: its bytes and the content type it is served with. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (profile photos, proofs of payment). Keys are relative paths
 * such as `photos/12-Ab3….webp`: lowercase folder names, then a file name of letters,
 * digits, '.', '_' and '-'. The disk storage is the default; `createS3Storage`
 * (s3-storage.ts) keeps them in an S3-compatible bucket; tests also use an in-memory one.
 * `openStorage` (open-storage.ts) picks the configured one.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under `key`. */
  get(key: string): Promise<StoredFile | null>;
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
};

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
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes, { mode: 0o644 });
        await rename(temporary, file);
      } catch (error) {
        // A full disk (ENOSPC, answered 507) leaves no half-written temporary behind.
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      try {
        const bytes = await readFile(fileOf(key));
        const contentType =
          contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await unlink(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    async ping() {
      // A fresh install has no uploads folder until the first upload: it must be creatable.
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
