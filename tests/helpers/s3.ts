import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export interface TestS3 {
  /** STORAGE_URL of a fresh bucket on the loopback server. */
  storageUrl: string;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free loopback port, with one empty bucket, files in a temp folder. */
export async function startTestS3(bucket = 'documents'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    storageUrl: `s3://S3RVER:S3RVER@${bucket}/tdac?endpoint=http://127.0.0.1:${port}&region=us-east-1`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
