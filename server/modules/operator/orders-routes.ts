import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOrderListSchema, operatorOrdersQuerySchema } from '../../../src/domain/operator-orders';
import { authOf, requestMeta } from '../../plugins/auth';
import { noStore } from '../../plugins/presets';
import { listOrders } from './orders';
import { operatorOfRequest } from './service';

/**
 * The console's orders list: an admin's of every project, a seller's of its own projects. The
 * actions on an order are routes.ts's; every read is `no-store` (decision 1802).
 */
export const operatorOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const seller = app.requireAuth({ level: 'verified', role: 'SELLER' });
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));

  app.get(
    '/api/v1/operator/orders',
    {
      schema: {
        summary: 'Orders by state, found by reference, email or project, newest first, a page at a time',
        querystring: operatorOrdersQuerySchema,
        response: { 200: operatorOrderListSchema },
      },
      // Operators see every project; a seller's reach is the list's own check.
      config: { projectUse: 'see' },
      preValidation: seller,
    },
    async (request, reply) => {
      noStore(reply);
      return listOrders(ctx, operator(request), request.query);
    },
  );
};
