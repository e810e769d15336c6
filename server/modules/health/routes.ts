import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../src/domain/schemas';
import { pingDb } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, options) => {
  app.get(
    '/api/health',
    {
      schema: { response: { 200: healthSchema, 503: healthSchema } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const dbUp = await pingDb(app.db);
      reply.header('Cache-Control', 'no-store');
      return reply
        .status(dbUp ? 200 : 503)
        .send({ status: dbUp ? 'ok' : 'degraded', db: dbUp ? 'up' : 'down', version: options.version });
    },
  );
};
