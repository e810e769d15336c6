import { z } from 'zod';
import { wholeNumberParam } from './fields';
import { says } from './validation-messages';

/**
 * Wire schemas shared by the server (request validation, response serialization) and the
 * client (response parsing). A field is named and validated here once.
 */

export const errorDetailSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z.object({
  errors: z.array(errorDetailSchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** /claim-gift/?productId=…: an integer, positive, at least 1 (spec section 5). */
export const productIdSchema = wholeNumberParam('validation.projectId');

/** The OTP setup URL must be a URL that carries a secret (spec section 5). */
export const otpUrlSchema = z
  .url(says('validation.otpUrl'))
  .refine(
    (value) => URL.canParse(value) && Boolean(new URL(value).searchParams.get('secret')),
    says('validation.otpUrl'),
  );

/**
 * Rules every request input obeys, whatever its route's own schema says (the server checks
 * them around each schema, so routes added later get them too): text without NUL characters,
 * which PostgreSQL cannot store, and numbers a database column can hold exactly.
 *
 * Returns the path (a.b.0) of the first NUL character or unsafe number in a parsed input, or null.
 */
export function findUnsafeInput(value: unknown): string | null {
  const path = unsafePath(value, 0);
  return path === null ? null : path.length === 0 ? 'value' : path.reverse().join('.');
}

/** The keys to the first unsafe value, innermost first (written only for what is found), or null. */
function unsafePath(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (typeof value === 'number') {
    const isSafe = Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
    return isSafe ? null : [];
  }
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const key of Object.keys(value)) {
    if (key.includes('\u0000')) return [key];
    const found = unsafePath((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.push(key);
      return found;
    }
  }
  return null;
}
