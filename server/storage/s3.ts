import type { S3Settings } from '../config';
import { assertKey, FileExistsError, type FileStore, type StoredFile } from './store';

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 ||
  (error as { name?: unknown })?.name === 'NoSuchKey' ||
  (error as { name?: unknown })?.name === 'NotFound';

/**
 * A bucket of an S3-compatible service (AWS S3, MinIO, Cloudflare R2, Ceph...). Objects are
 * private (no ACL is set); a new file is sent with If-None-Match: *, so a service that supports
 * conditional writes refuses to replace an existing key, as the data folder does.
 */
export async function createS3Store(settings: S3Settings): Promise<FileStore> {
  // Imported here, not at the top: the compiled server keeps the SDK external, and a static
  // import would load it at every start.
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible services refuse the SDK's newer
    // default (CRC32 trailers on aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const get = async (key: string): Promise<Buffer | null> => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const exists = async (key: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: assertKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  };
  return {
    location: `s3://${Bucket}`,
    async put(key, bytes) {
      // If-None-Match makes the write itself refuse an existing key where the service supports
      // conditional writes; the look first covers those that ignore it.
      if (await exists(key)) throw new FileExistsError(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: assertKey(key),
            Body: bytes,
            ContentLength: bytes.length,
            IfNoneMatch: '*',
          }),
        );
      } catch (error) {
        if (statusOf(error) === 412) throw new FileExistsError(key);
        throw error;
      }
    },
    get,
    exists,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
    async move(from, to) {
      try {
        await client.send(
          new CopyObjectCommand({ Bucket, Key: assertKey(to), CopySource: `${Bucket}/${encodeURI(assertKey(from))}` }),
        );
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
      return true;
    },
    async list(prefix) {
      const found: StoredFile[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${assertKey(prefix)}/`, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) found.push({ key: item.Key, modifiedAt: item.LastModified ?? new Date(0) });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    locate: (key) => `s3://${Bucket}/${assertKey(key)}`,
    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}
