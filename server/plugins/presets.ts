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

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', NO_STORE);
}
