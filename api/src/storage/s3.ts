import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { isStorageKey, newStorageKey, type Storage } from './storage.js';

/**
 * Documents in an S3-compatible bucket, from `s3://[accessKey:secret@]bucket[/prefix]?endpoint=&region=`:
 * an endpoint (MinIO, Ceph, R2, a test server) is addressed path-style; without one, AWS itself. Keys
 * without credentials in the URL come from the SDK's usual chain (environment, profile, instance role).
 */
export function createS3Storage(storageUrl: string): Storage {
  const url = new URL(storageUrl);
  const bucket = url.hostname;
  if (url.protocol !== 's3:' || !bucket) throw new Error(`STORAGE_URL must be s3://bucket?... (got ${storageUrl})`);
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  const client = new S3Client({
    region: url.searchParams.get('region') ?? 'us-east-1',
    endpoint,
    forcePathStyle: !!endpoint,
    credentials: url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined,
    // Checksums only where S3 requires them: S3-compatible servers do not all read the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const notFound = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };
  const storage: Storage = {
    newKey: newStorageKey,
    async write(key, bytes) {
      if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
      // A PUT is atomic: the key shows the whole object or nothing.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes }));
    },
    async put(folder, bytes, extension) {
      const key = storage.newKey(folder, extension);
      await storage.write(key, bytes);
      return key;
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) return null;
        return { stream: object.Body, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix ? `${prefix}/` : undefined,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = prefix ? object.Key!.slice(prefix.length + 1) : object.Key!;
          if (isStorageKey(key)) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
  return storage;
}
