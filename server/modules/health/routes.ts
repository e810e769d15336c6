import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../src/domain/schemas';
import { pingDb } from '../../db/client';
import { APP_VERSION } from '../../version';
import { noStore } from '../../plugins/presets';

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
};
