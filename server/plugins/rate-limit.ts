import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';

export interface RateLimitOptions {
  max: number;
  timeWindowMs: number;
  redisUrl?: string;
  /** Prefix of the counters' keys in Redis (REDIS_KEY_PREFIX). */
  redisKeyPrefix?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection that holds the shared counters (REDIS_URL), or null without one. */
    redis: Redis | null;
  }
}

/**
 * A default limit on every API route per client address; features set tighter limits on
 * their own routes (`config.rateLimit`). With REDIS_URL the counters are shared by every
 * API process; without it they live in this process, which suits the embedded default.
 */
/** Whether a route pattern (request.routeOptions.url) belongs to the API; unmatched requests have none. */
export function isApiRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && (routeUrl === '/api' || routeUrl.startsWith('/api/'));
}

async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  // The Redis client loads only when it is configured: the embedded default never pays for it.
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  app.decorate('redis', redis ?? null);
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.timeWindowMs,
    ...(redis ? { redis, nameSpace: `${options.redisKeyPrefix ?? 'moa:'}rate-limit:` } : {}),
    // The shell and its assets are not rate limited; the API is. Decided by the route that
    // matched, never by the raw URL: the router also serves percent-encoded and absolute-form
    // spellings of the same path, and each route's counter is keyed by its pattern.
    allowList: (request) => !isApiRoute(request.routeOptions.url),
    // The counters' state is said only when it matters, with a refusal (429 with Retry-After);
    // answers within the limit carry no x-ratelimit-* headers.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });
