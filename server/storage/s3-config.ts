/** The uploads' object storage from `S3_BUCKET` and its companions (read by loadConfig and `npm run storage:copy`). */
import type { S3StorageOptions } from './s3-storage';

type Env = Record<string, string | undefined>;

/** The S3_* variables that only mean something with S3_BUCKET. */
const S3_DETAILS = ['S3_ENDPOINT', 'S3_REGION', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE'] as const;

/** S3 bucket names: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** A folder inside the bucket: segments of letters, digits, '.', '_' and '-'. */
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;

function readBoolean(name: string, value: string): boolean {
  if (/^(true|1)$/i.test(value)) return true;
  if (/^(false|0)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/**
 * The object storage of the uploads from `S3_BUCKET` and its companions, or undefined
 * (files on disk) when `S3_BUCKET` is unset. Also read by `npm run storage:copy`.
 */
export function readS3Config(env: Env): S3StorageOptions | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = S3_DETAILS.filter((name) => env[name]);
    if (stray.length > 0) {
      throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET or unset them`);
    }
    return undefined;
  }
  if (!BUCKET.test(bucket)) {
    throw new Error(
      `S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`,
    );
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
    }
  }
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (
    prefix !== '' &&
    prefix.split('/').some((part) => !PREFIX_SEGMENT.test(part) || part === '.' || part === '..')
  ) {
    throw new Error(
      `S3_PREFIX must be a folder path of letters, digits, '.', '_' and '-', got "${env.S3_PREFIX}"`,
    );
  }
  return {
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    // Path-style by default with an endpoint: MinIO and local servers have no bucket
    // subdomains; AWS itself wants virtual-hosted style.
    forcePathStyle: env.S3_FORCE_PATH_STYLE
      ? readBoolean('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE)
      : endpoint !== undefined,
    prefix: prefix || undefined,
  };
}
