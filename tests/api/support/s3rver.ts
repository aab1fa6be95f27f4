import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's one account: the AWS SDK reads it from the environment, as on a real server. */
export const S3RVER_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
} as const;

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 with `bucket`, its files under
 * `<dir>/s3rver`: the bucket the storage tests and the two-server test use.
 */
export async function startS3rver(
  dir: string,
  bucket: string,
): Promise<{ port: number; endpoint: string; close(): Promise<void> }> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3rver'),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return { port, endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
