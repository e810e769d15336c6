import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { addStoredBytes, findStoredBytes, releaseStoredBytes } from '../limits/service';

/**
 * How every feature keeps the files users send (in ctx.files: the data folder or the bucket),
 * and the rules all of them share: each user has a storage quota (UPLOAD_QUOTA_BYTES) spent by
 * one conditional UPDATE before the bytes are written, so parallel uploads cannot pass it;
 * files are private (folders 0700, files 0600 in the data folder; no public ACL in a bucket)
 * and never overwrite one another.
 */
export async function storeUserFile(
  ctx: AppContext,
  request: { userId: string; key: string; bytes: Buffer },
): Promise<void> {
  const size = request.bytes.length;
  if (!(await addStoredBytes(ctx.db, request.userId, size, ctx.config.UPLOAD_QUOTA_BYTES))) {
    const used = await findStoredBytes(ctx.db, request.userId);
    const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));
    throw new AppError(
      'STORAGE_QUOTA_EXCEEDED',
      `Your files already use ${megabytes(used)} MB of ${megabytes(ctx.config.UPLOAD_QUOTA_BYTES)} MB; this one does not fit.`,
    );
  }
  try {
    await ctx.files.put(request.key, request.bytes);
  } catch (error) {
    await releaseStoredBytes(ctx.db, request.userId, size);
    throw error;
  }
}

const MULTIPART_TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * The one file of a multipart request, in memory. A body that is not multipart, is truncated,
 * malformed or too large is the sender's fault and answers a 4xx in the catalogue's shape.
 */
export async function readSingleFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  try {
    const part = await request.file();
    if (!part) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && MULTIPART_TOO_LARGE.has(code)) {
      throw new AppError('PAYLOAD_TOO_LARGE', `A file may be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`);
    }
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read: it is incomplete or malformed.');
  }
}

/**
 * The one file of a multipart request and its text fields (any order), in memory; the same
 * refusals as readSingleFile. The caller checks the fields with its schema.
 */
export async function readFileWithFields(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') bytes = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && MULTIPART_TOO_LARGE.has(code)) {
      throw new AppError('PAYLOAD_TOO_LARGE', `A file may be at most ${Math.floor(maxBytes / (1024 * 1024))} MB.`);
    }
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read: it is incomplete or malformed.');
  }
  if (!bytes) throw new AppError('VALIDATION_FAILED', 'Choose a file to upload.');
  return { bytes, fields };
}
