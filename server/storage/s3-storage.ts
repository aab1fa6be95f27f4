import type * as S3Sdk from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { type FileStorage, assertStorageKey } from './storage';

/** Where the uploads live in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Spaces). */
export interface S3StorageOptions {
  /** The bucket (`S3_BUCKET`); it must exist already. */
  bucket: string;
  /** `S3_REGION` (default us-east-1; Cloudflare R2 takes `auto`). */
  region: string;
  /** `S3_ENDPOINT`: the service's URL; unset means AWS S3 itself. */
  endpoint: string | undefined;
  /** `bucket-host/key` when false; `endpoint/bucket/key` when true (MinIO, local servers). */
  forcePathStyle: boolean;
  /** `S3_PREFIX`: a folder inside the bucket for every key, without slashes at its ends. */
  prefix: string | undefined;
}

type Sdk = typeof S3Sdk;

/**
 * A streamed file goes up in parts of this size, two at a time (S3's smallest part is
 * 5 MiB): about 10 MiB of it in memory at most, whatever its length.
 */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/**
 * A missing object: S3 answers NoSuchKey; some compatible services a bare 404. A missing
 * bucket is also a 404 but a misconfiguration, not a missing file, so it stays an error.
 */
function isMissingObject(sdk: Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/**
 * Files in an S3-compatible bucket, under `prefix/` when one is given. The content type
 * is stored with the object and read back from it. Credentials come from the SDK's
 * default chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance
 * role); they are never part of the options, so nothing here can log them.
 *
 * The SDK is loaded on the first call, so a server that keeps its files on disk never
 * spends the time and memory of loading it.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  let loading: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | undefined;
  const s3 = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle,
        // Checksums only where S3 requires them: not every S3-compatible service accepts
        // the CRC32 headers the SDK otherwise adds to every upload and checks on download.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };
  return {
    async put(key, body, contentType) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      if (Buffer.isBuffer(body)) {
        // One PUT replaces the whole object at once: a reader sees the old file or the new one.
        await client.send(
          new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }),
        );
        return;
      }
      // A stream: one PUT when it fits in a part, else a multipart upload, which S3 makes
      // the object only when it completes (and aborts when the stream fails).
      const { Upload } = await import('@aws-sdk/lib-storage');
      await new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      }).done();
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        const bytes = answer.Body
          ? Buffer.from(await answer.Body.transformToByteArray())
          : Buffer.alloc(0);
        return { bytes, contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissingObject(sdk, error)) return null;
        throw error;
      }
    },
    async open(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        // On Node the SDK's body is a Readable (an IncomingMessage).
        const body = answer.Body instanceof Readable ? answer.Body : Readable.from([]);
        return {
          body,
          contentType: answer.ContentType ?? 'application/octet-stream',
          size: answer.ContentLength ?? 0,
        };
      } catch (error) {
        if (isMissingObject(sdk, error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      // S3 answers 204 for a key that is not there, so a second delete is harmless.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async ping() {
      const { sdk, client } = await s3();
      // HEAD on the bucket: no body, and it fails on a wrong name, endpoint or credentials.
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
  };
}
