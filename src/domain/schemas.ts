import { z } from 'zod';

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
export const productIdSchema = z.coerce
  .number({ error: 'The project id must be a number.' })
  .int({ error: 'The project id must be a whole number.' })
  .positive({ error: 'The project id must be positive.' })
  .min(1, { error: 'The project id must be at least 1.' });

/** The OTP setup URL must be a URL that carries a secret (spec section 5). */
export const otpUrlSchema = z
  .url({ error: 'Secret key is required' })
  .refine((value) => URL.canParse(value) && Boolean(new URL(value).searchParams.get('secret')), {
    error: 'Secret key is required',
  });

/**
 * Rules every request input obeys, whatever its route's own schema says (the server checks
 * them around each schema, so routes added later get them too): text without NUL characters,
 * which PostgreSQL cannot store, and numbers a database column can hold exactly.
 */
export const DB_INTEGER_MAX = 2_147_483_647;

/** The path (a.b.0) of the first NUL character or unsafe number in a parsed input, or null. */
export function findUnsafeInput(value: unknown, where = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? where || 'value' : null;
  if (typeof value === 'number') {
    const isSafe = Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
    return isSafe ? null : where || 'value';
  }
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const path = where ? `${where}.${key}` : key;
    if (key.includes('\u0000')) return path;
    const found = findUnsafeInput(item, path, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A whole number that fits the database's integer columns (ids, counts, quantities). */
export const dbIntegerSchema = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number.` })
    .int({ error: `${what} must be a whole number.` })
    .min(-DB_INTEGER_MAX, { error: `${what} is too small.` })
    .max(DB_INTEGER_MAX, { error: `${what} is too large.` });
