import path from 'node:path';
import type { AppConfig } from '../config';
import { createS3Storage } from './s3-storage';
import { type FileStorage, createDiskStorage } from './storage';

/** The disk store of the uploads: `<dataDir>/uploads`. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/**
 * The uploads' storage as configured: the S3 bucket when `S3_BUCKET` is set, else the
 * disk under `<dataDir>/uploads`. The server and every command that writes files (the
 * demo seed) open it here, so they always agree on where the files are.
 */
export function openStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(uploadsDir(config.dataDir));
}

/** Where the files are, for a start-up log line (never a credential). */
export function describeStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): string {
  if (!config.s3) return `disk (${uploadsDir(config.dataDir)})`;
  const { bucket, prefix, endpoint } = config.s3;
  // The endpoint's host only: a URL may carry a user and password.
  const at = endpoint ? ` at ${new URL(endpoint).host}` : '';
  return `s3 (${bucket}${prefix ? `/${prefix}` : ''}${at})`;
}
