import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { detectContentType } from '../kyc/files';
import { fileKey } from '../../storage/files';
import { storeUserFile } from '../uploads/storage';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Images of project pages (logo, cover, gallery, team photos, the issuer's logo and location),
 * uploaded in the console (decision 1818). They are public assets: a file is named by the SHA-256
 * of its bytes, so its address never changes content and is cached for a year; the address of an
 * image of a hidden draft cannot be guessed, but whoever has it may load it.
 */
function imageKey(name: string): string {
  return fileKey('project-images', name);
}

export interface ImageUploader {
  userId: string;
  label: string;
  meta: { ip: string; userAgent: string };
}

/**
 * Keeps an image an operator uploaded for a project, after checking by its first bytes that it
 * is a JPEG, PNG or WebP image. The same bytes sent again are the same file (no second copy, no
 * second charge to the operator's storage quota). Audited; answers the address pages load it from.
 */
export async function storeProjectImage(
  ctx: AppContext,
  uploader: ImageUploader,
  productId: number,
  bytes: Buffer,
): Promise<string> {
  const type = detectContentType(bytes);
  if (type === null || type === 'application/pdf') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A project image must be a JPEG, PNG or WebP image.');
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  const name = `${hash}.${EXTENSIONS[type]}`;
  const key = imageKey(name);
  if (!(await ctx.files.exists(key))) {
    try {
      await storeUserFile(ctx, { userId: uploader.userId, key, bytes });
    } catch (error) {
      // Another upload of the same bytes wrote it first: the same image, already there.
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
  }
  const url = `/api/v1/project-images/${name}`;
  await appendAuditEvent(
    ctx.db,
    {
      userId: uploader.userId,
      actor: 'operator',
      type: 'PROJECT_IMAGE_UPLOADED',
      detail: { operator: uploader.label, productId: String(productId), url, size: String(bytes.length) },
      meta: uploader.meta,
    },
    ctx.now().toISOString(),
  );
  return url;
}

/** An uploaded project image by its name (already checked against the name pattern). */
export async function readProjectImage(ctx: AppContext, name: string): Promise<{ bytes: Buffer; contentType: string }> {
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
