import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { reviewStatuses } from '../../../src/domain/access';
import { rejectTypes } from '../../../src/domain/kyc';
import { AppError } from '../../errors';

/**
 * Sumsub's App API, reduced to what Moa uses. Every call is signed as Sumsub documents it:
 * hex HMAC-SHA256 with the secret key over timestamp + METHOD + path with query + body.
 */

export interface SumsubOptions {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

export function signRequest(secretKey: string, ts: string, method: string, pathWithQuery: string, body: string) {
  return createHmac('sha256', secretKey)
    .update(ts + method.toUpperCase() + pathWithQuery + body)
    .digest('hex');
}

const accessTokenResponseSchema = z.object({ token: z.string().min(1), userId: z.string() });

export function createSumsubClient(options: SumsubOptions) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => new Date());

  async function call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<unknown> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Math.floor(now().getTime() / 1000));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-App-Token': options.appToken,
      'X-App-Access-Ts': ts,
      'X-App-Access-Sig': signRequest(options.secretKey, ts, method, pathWithQuery, text),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(new URL(pathWithQuery, options.baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The identity check service is not answering. Try again shortly.');
    }
    if (!response.ok) {
      // The provider's own message stays in our logs' reach only; the user gets a plain one.
      throw new AppError('SERVICE_UNAVAILABLE', 'The identity check service refused the request. Try again shortly.');
    }
    return response.json();
  }

  return {
    /** A WebSDK token for one applicant; `userId` is always the signed-in user's id. */
    async generateAccessToken(userId: string, levelName: string, ttlInSecs: number): Promise<string> {
      const answer = accessTokenResponseSchema.safeParse(
        await call('POST', '/resources/accessTokens/sdk', { userId, levelName, ttlInSecs }),
      );
      if (!answer.success) throw new AppError('SERVICE_UNAVAILABLE', 'The identity check service answered oddly.');
      return answer.data.token;
    },
  };
}
export type SumsubClient = ReturnType<typeof createSumsubClient>;

const digestAlgorithms = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;

/**
 * Checks a webhook body against Sumsub's x-payload-digest (HMAC of the raw bytes with the
 * webhook secret). SHA-1 digests are refused: the secret deserves a stronger hash.
 */
export function isWebhookDigestValid(
  secret: string,
  rawBody: Buffer,
  digest: string | undefined,
  algorithm: string | undefined,
): boolean {
  if (!digest || !/^[0-9a-f]+$/i.test(digest)) return false;
  const hash = digestAlgorithms[(algorithm ?? 'HMAC_SHA256_HEX') as keyof typeof digestAlgorithms];
  if (!hash) return false;
  const expected = createHmac(hash, secret).update(rawBody).digest();
  const given = Buffer.from(digest, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Sumsub writes "2024-05-01 10:00:00.123" in UTC; an ISO string is taken as well. */
const providerTimeSchema = z
  .string()
  .transform((value) =>
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value,
  )
  .pipe(z.iso.datetime({ offset: true }))
  .transform((value) => new Date(value).toISOString());

export const sumsubWebhookSchema = z.object({
  type: z.string().min(1).max(60),
  applicantId: z.string().max(100).optional(),
  externalUserId: z.string().max(100).optional(),
  reviewStatus: z.enum(reviewStatuses).optional(),
  createdAtMs: providerTimeSchema,
  reviewResult: z
    .object({
      reviewAnswer: z.enum(['GREEN', 'RED']).optional(),
      reviewRejectType: z.enum(rejectTypes).optional(),
      moderationComment: z.string().max(2000).optional(),
    })
    .optional(),
});
export type SumsubWebhook = z.infer<typeof sumsubWebhookSchema>;
