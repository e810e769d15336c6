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
