import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { detectContentType } from '../kyc/files';
import { fileKey } from '../../storage/files';
import { storeUserFile } from '../uploads/storage';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Post images: public once a post links them, named by a random id, outside the client build. */
function imageKey(name: string): string {
  return fileKey('post-images', name);
}

/**
 * Keeps an image an operator uploaded for a post (a thumbnail) within the operator's storage
 * quota, after checking by its first bytes that it is a JPEG, PNG or WebP image: the name and
 * the declared type prove nothing. Answers the address readers load it from.
 */
export async function storePostImage(ctx: AppContext, userId: string, bytes: Buffer): Promise<string> {
  const type = detectContentType(bytes);
  if (type === null || type === 'application/pdf') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A post image must be a JPEG, PNG or WebP image.');
  }
  const name = `${randomUUID()}.${EXTENSIONS[type]}`;
  await storeUserFile(ctx, { userId, key: imageKey(name), bytes });
  return `/api/v1/posts/images/${name}`;
}

/** An uploaded post image by its name (already checked against the name pattern). */
export async function readPostImage(ctx: AppContext, name: string): Promise<{ bytes: Buffer; contentType: string }> {
  const contentType = TYPES[name.split('.').pop() ?? ''];
  if (!contentType) throw new AppError('NOT_FOUND', 'No such image.');
  let bytes: Buffer | null = null;
  try {
    bytes = await ctx.files.get(imageKey(name));
  } catch {
    // a name that is no key, or a store that cannot answer: no image to show
  }
  if (!bytes) throw new AppError('NOT_FOUND', 'No such image.');
  return { bytes, contentType };
}

/** Whether an address names an image uploaded here. */
export async function postImageExists(ctx: AppContext, url: string): Promise<boolean> {
  const name = url.split('/').pop() ?? '';
  return readPostImage(ctx, name).then(
    () => true,
    () => false,
  );
}
