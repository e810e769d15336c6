import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  marketOrderParamsSchema,
  marketOrderPlacedSchema,
  marketOrderRequestSchema,
  marketOrderSchema,
  marketParamsSchema,
  marketSeriesQuerySchema,
  marketSeriesSchema,
  marketTradesPageSchema,
  marketTradesQuerySchema,
  marketViewSchema,
  myMarketOrdersQuerySchema,
  myMarketOrdersSchema,
  myMarketTradesPageSchema,
  myMarketTradesQuerySchema,
} from '../../../src/domain/market';
import { authOf, requestMeta } from '../../plugins/auth';
import { registerSweep } from '../../plugins/sweep';
import { cancelMarketOrder, expireDueMarketOrders } from './cancelling';
import { placeMarketOrder } from './placing';
import { getMarket, getMarketSeries, listMyOrders, listMyTrades, listTrades } from './reads';

/** The market between investors (src/domain/market.ts, docs/decisions/1813). */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reader = app.requireAuth({ level: 'verified' });
  const actor = app.requireAuth({ level: 'verified', isAction: true });
  const kycActor = app.requireAuth({ level: 'kyc', isAction: true });
  const privateCache = { 'Cache-Control': 'private, no-cache' };

  app.get(
    '/api/v1/products/:id/market',
    { schema: { params: marketParamsSchema, response: { 200: marketViewSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return getMarket(ctx, request.params.id);
    },
  );

  app.get(
    '/api/v1/products/:id/market/trades',
    {
      schema: {
        params: marketParamsSchema,
        querystring: marketTradesQuerySchema,
        response: { 200: marketTradesPageSchema },
      },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return listTrades(ctx, request.params.id, request.query);
    },
  );

  app.get(
    '/api/v1/products/:id/market/series',
    {
      schema: {
        params: marketParamsSchema,
        querystring: marketSeriesQuerySchema,
        response: { 200: marketSeriesSchema },
      },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return getMarketSeries(ctx, request.params.id, request.query.days);
    },
  );

  app.post(
    '/api/v1/products/:id/market/orders',
    {
      schema: {
        params: marketParamsSchema,
        body: marketOrderRequestSchema,
        response: { 201: marketOrderPlacedSchema },
      },
      preValidation: kycActor,
      config: { projectUse: 'invest' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await placeMarketOrder(ctx, authOf(request), request.params.id, request.body, requestMeta(request))),
  );

  app.get(
    '/api/v1/users/me/market/orders',
    {
      schema: { querystring: myMarketOrdersQuerySchema, response: { 200: myMarketOrdersSchema } },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return listMyOrders(ctx, authOf(request), request.query);
    },
  );

  app.get(
    '/api/v1/users/me/market/trades',
    {
      schema: { querystring: myMarketTradesQuerySchema, response: { 200: myMarketTradesPageSchema } },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return listMyTrades(ctx, authOf(request), request.query);
    },
  );

  app.post(
    '/api/v1/market/orders/:id/cancel',
    { schema: { params: marketOrderParamsSchema, response: { 200: marketOrderSchema } }, preValidation: actor },
    async (request) => cancelMarketOrder(ctx, authOf(request), request.params.id, requestMeta(request)),
  );

  // Every process sweeps market orders past their date; the conditional update makes each expiry
  // happen once (and placing an order expires the project's due ones first, under its lock).
  registerSweep(app, {
    name: 'market order expiry',
    everyMs: ctx.config.ORDER_EXPIRY_SWEEP_SECONDS * 1000,
    run: () => expireDueMarketOrders(ctx),
  });
};
