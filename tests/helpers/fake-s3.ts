import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** The keys the fake server accepts (it checks every request's signature with them). */
const KEY = 'S3RVER';

export interface FakeS3 {
  /** S3_URL of one of the buckets the server was started with. */
  urlOf: (bucket: string) => string;
  /** Every key in a bucket, sorted. */
  keys: (bucket: string) => Promise<string[]>;
  close: () => Promise<void>;
}

/**
 * An S3-compatible server in this process on loopback (@20minutes/s3rver): real HTTP and the
 * real S3 protocol, objects kept in a temporary folder of its own.
 */
export async function startFakeS3(buckets: string[]): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'moa-fake-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
    // Its signature check reads a bucket-level request's path without the final slash that the
    // current AWS SDK signs (GET /bucket/?list-type=2), so those would fail; object requests match.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    urlOf(bucket) {
      if (!buckets.includes(bucket)) throw new Error(`no bucket ${bucket} on the fake server`);
      return `s3://${KEY}:${KEY}@127.0.0.1:${port}/${bucket}?region=us-east-1&forcePathStyle=true&tls=false`;
    },
    async keys(bucket) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (page.Contents ?? []).map((item) => item.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
