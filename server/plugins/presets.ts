import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../config';

// Route settings written once, so a route says which kind it is rather than repeating numbers.

/** The window of the tight per-route limits. */
export const TIGHT_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * `config.rateLimit` of routes an attacker would repeat: sign-in and confirmation codes, the
 * second factor, identity tokens.
 */
export function authRateLimit(config: AppConfig) {
  return { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: TIGHT_LIMIT_WINDOW_MS };
}

/** `config.rateLimit` of a route with its own budget per window (uploads, messages). */
export function tightRateLimit(max: number, timeWindow = TIGHT_LIMIT_WINDOW_MS) {
  return { max, timeWindow };
}

/**
 * Answers about one person (profile, keys, review state, orders, votes) are never kept by a
 * cache: the one `no-store` header, as a value for header objects and as a reply step.
 */
export const NO_STORE = 'no-store';
/** The same for an answer only its own caller may see (every authenticated answer by default). */
export const PRIVATE_NO_STORE = `private, ${NO_STORE}`;

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', NO_STORE);
}

/**
 * A CSV file as the answer of a route whose JSON answer has a schema (`format=csv`): never cached,
 * named for download. The text is sent as it is, not through the route's JSON writer.
 */
export function sendCsvFile(reply: FastifyReply, file: { fileName: string; text: string }, disposition: string) {
  return reply
    .headers({
      'Cache-Control': PRIVATE_NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': disposition,
      'Access-Control-Expose-Headers': 'Content-Disposition',
    })
    .send(file.text);
}
