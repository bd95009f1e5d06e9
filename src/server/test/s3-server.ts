import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials (any others are refused, as S3 refuses a wrong signature). */
export const S3RVER_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export type S3TestServer = { env: Record<string, string>; directory: string; close(): Promise<void> };

/**
 * A real S3-protocol server (s3rver) on a free loopback port over a temporary folder, with one bucket; `env` is the
 * app configuration that points at it (decision record 026: real protocol servers over mocks of the SDK).
 */
export async function startS3Server(bucket = 'hs-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'true', ...S3RVER_CREDENTIALS },
    directory,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
