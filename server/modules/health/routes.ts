import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema } from '../../../src/domain/schemas';
import { pingDb } from '../../db/client';
import { APP_VERSION } from '../../version';
import { noStore } from '../../plugins/presets';

/** How long readiness waits for Redis to answer a PING before calling it down. */
const REDIS_PING_TIMEOUT_MS = 1000;

/** /api/health/ready: whether a load balancer should send this process requests. */
const readinessSchema = z.object({
  status: z.enum(['ready', 'draining', 'unavailable']),
  db: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'none']),
  version: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: { response: { 200: healthSchema, 503: healthSchema } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const dbUp = await pingDb(app.ctx.db);
      noStore(reply);
      return reply
        .status(dbUp ? 200 : 503)
        .send({ status: dbUp ? 'ok' : 'degraded', db: dbUp ? 'up' : 'down', version: APP_VERSION });
    },
  );

  // Liveness: the process answers. A load balancer or orchestrator restarts a process that does
  // not; it says nothing about the database, so an outage there does not restart every process.
  app.get(
    '/api/health/live',
    { schema: { response: { 200: healthSchema.pick({ version: true }) } }, config: { rateLimit: false } },
    async (_request, reply) => {
      noStore(reply);
      return reply.send({ version: APP_VERSION });
    },
  );

  // Readiness: whether to send this process requests. 503 while it drains (SIGTERM came) and
  // while the database, or Redis when configured, does not answer.
  app.get(
    '/api/health/ready',
    {
      schema: { response: { 200: readinessSchema, 503: readinessSchema } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const [dbUp, redisUp] = await Promise.all([pingDb(app.ctx.db), pingRedis(app.redis)]);
      const draining = app.drain.isDraining;
      const ready = !draining && dbUp && redisUp !== false;
      noStore(reply);
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : draining ? 'draining' : 'unavailable',
        db: dbUp ? 'up' : 'down',
        redis: redisUp === null ? 'none' : redisUp ? 'up' : 'down',
        version: APP_VERSION,
      });
    },
  );
};

/** Null without Redis; otherwise whether it answered a PING in time. */
async function pingRedis(redis: { ping: () => Promise<string> } | null): Promise<boolean | null> {
  if (!redis) return null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), REDIS_PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      redis.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
