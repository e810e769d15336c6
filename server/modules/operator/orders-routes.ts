import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorOrderListSchema, operatorOrdersQuerySchema } from '../../../src/domain/operator-orders';
import { listOrders } from './orders';
import { operatorRoute } from './operator-route';

/**
 * The console's orders list: an admin's of every project, a seller's of its own projects. The
 * actions on an order are routes.ts's; every read is `no-store` (decision 1802).
 */
export const operatorOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  operatorRoute(app, {
    method: 'GET',
    url: '/api/v1/operator/orders',
    role: 'SELLER',
    isNoStore: true,
    schema: {
      summary: 'Orders by state, found by reference, email or project, newest first, a page at a time',
      querystring: operatorOrdersQuerySchema,
      response: { 200: operatorOrderListSchema },
    },
    // Operators see every project; a seller's reach is the list's own check.
    config: { projectUse: 'see' },
    handler: (request, _reply, operator) => listOrders(ctx, operator, request.query),
  });
};
