import { createHash, randomUUID } from 'node:crypto';
import type { UploadContentType } from '../../../src/domain/kyc';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { CallerId } from '../auth/service';
import { fileKey } from '../../storage/files';
import { storeUserFile } from '../uploads/storage';
import { findOwnFile, insertFile, type FileRow } from './repository';

/**
 * Recognises an upload by its first bytes. The name and the declared type come from the
 * client and prove nothing; a renamed executable must not become an "image".
 */
export function detectContentType(bytes: Uint8Array): UploadContentType | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Outside the client build and named by id only, so nothing the web server serves can reach it. */
export function storedKey(file: Pick<FileRow, 'id' | 'user_id'>): string {
  return fileKey('kyc-uploads', file.user_id, file.id);
}

/** Where an operator finds a stored upload: its path in the data folder or its s3:// address. */
export function storedLocation(ctx: AppContext, file: Pick<FileRow, 'id' | 'user_id'>): string {
  return ctx.files.locate(storedKey(file));
}

export async function storeUpload(ctx: AppContext, caller: CallerId, bytes: Buffer): Promise<FileRow> {
  const userId = caller.user.id;
  const contentType = detectContentType(bytes);
  if (!contentType) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP image, or a PDF.');
  }
  const row: FileRow = {
    id: randomUUID(),
    user_id: userId,
    content_type: contentType,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    used_as: null,
    created_at: ctx.now().toISOString(),
  };
  // Written (within the user's quota) before the row exists: a row never points at a missing file.
  await storeUserFile(ctx, { userId, key: storedKey(row), bytes });
  await insertFile(ctx.db, row);
  return row;
}

/** One of the caller's own uploads. */
export function readOwnUpload(ctx: AppContext, caller: CallerId, id: string) {
  return readUploadOf(ctx, caller.user.id, id);
}

/** An upload of the named account, for the owner or an admin reviewing it; anyone else's is "not found". */
export async function readUploadOf(ctx: AppContext, ownerId: string, id: string) {
  const file = await findOwnFile(ctx.db, ownerId, id);
  if (!file) throw new AppError('NOT_FOUND', 'No such file.');
  const bytes = await ctx.files.get(storedKey(file));
  if (!bytes) throw new Error(`Upload ${file.id} has a row but no stored file`);
  return { file, bytes };
}
