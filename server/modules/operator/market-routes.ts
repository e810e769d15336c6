import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  marketCancelAllResultSchema,
  marketReasonRequestSchema,
  marketSettingsRequestSchema,
  operatorMarketSchema,
  operatorMarketTradesPageSchema,
  operatorMarketTradesQuerySchema,
} from '../../../src/domain/operator-market';
import { operatorProjectParamsSchema } from '../../../src/domain/project-editing';
import { noStore, sendCsvFile } from '../../plugins/presets';
import { contentDisposition } from '../orders/signing';
import {
  cancelOperatorMarketOrders,
  closeOperatorMarket,
  haltOperatorMarket,
  listOperatorTrades,
  openOperatorMarket,
  operatorTradesCsv,
  readOperatorMarket,
  resumeOperatorMarket,
  setMarketSettings,
} from './market';
import { operatorRoute } from './operator-route';

/**
 * A project's market in the console (src/domain/operator-market.ts, docs/decisions/1822): an
 * admin in every project, a seller in its assigned ones, each action audited by the service the
 * market:* commands share. Answers are `no-store`.
 */
export const operatorMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const base = '/api/v1/operator/projects/:id/market';
  const params = operatorProjectParamsSchema;
  const answer = { 200: operatorMarketSchema };
  const seller = { role: 'SELLER', isOwnProject: true } as const;
  const sellerAction = { ...seller, isAction: true, isNoStore: true } as const;

  operatorRoute(app, {
    ...seller,
    isNoStore: true,
    method: 'GET',
    url: base,
    schema: { summary: 'A project’s market: state, settings, book and day figures', params, response: answer },
    handler: (request, _reply, operator) => readOperatorMarket(ctx, operator, request.params.id),
  });
  operatorRoute(app, {
    ...sellerAction,
    method: 'PUT',
    url: `${base}/settings`,
    schema: {
      summary: 'Change the tick size, the daily band or (an admin) the fee; the trading state is kept',
      params,
      body: marketSettingsRequestSchema,
      response: answer,
    },
    handler: (request, _reply, operator) => setMarketSettings(ctx, operator, request.params.id, request.body),
  });
  operatorRoute(app, {
    ...sellerAction,
    method: 'POST',
    url: `${base}/open`,
    schema: { summary: 'Turn trading on (or resume it)', params, response: answer },
    handler: (request, _reply, operator) => openOperatorMarket(ctx, operator, request.params.id),
  });
  operatorRoute(app, {
    ...sellerAction,
    method: 'POST',
    url: `${base}/close`,
    schema: { summary: 'Turn trading off; resting orders stay until cancelled', params, response: answer },
    handler: (request, _reply, operator) => closeOperatorMarket(ctx, operator, request.params.id),
  });
  operatorRoute(app, {
    ...sellerAction,
    method: 'POST',
    url: `${base}/halt`,
    schema: {
      summary: 'Halt trading at once; investors see the reason',
      params,
      body: marketReasonRequestSchema,
      response: answer,
    },
    handler: (request, _reply, operator) => haltOperatorMarket(ctx, operator, request.params.id, request.body.reason),
  });
  operatorRoute(app, {
    ...sellerAction,
    method: 'POST',
    url: `${base}/resume`,
    schema: { summary: 'Resume trading in a halted project', params, response: answer },
    handler: (request, _reply, operator) => resumeOperatorMarket(ctx, operator, request.params.id),
  });
  operatorRoute(app, {
    ...sellerAction,
    method: 'POST',
    url: `${base}/cancel-all`,
    schema: {
      summary: 'Cancel every resting order of the project, each releasing what it holds',
      params,
      body: marketReasonRequestSchema,
      response: { 200: marketCancelAllResultSchema },
    },
    handler: (request, _reply, operator) =>
      cancelOperatorMarketOrders(ctx, operator, request.params.id, request.body.reason),
  });
  operatorRoute(app, {
    ...seller,
    method: 'GET',
    url: `${base}/trades`,
    schema: {
      summary: 'The project’s trades with both sides, newest first (format=csv: every trade in one file)',
      params,
      querystring: operatorMarketTradesQuerySchema,
      response: { 200: operatorMarketTradesPageSchema },
    },
    handler: async (request, reply, operator) => {
      if (request.query.format !== 'csv') {
        noStore(reply);
        return listOperatorTrades(ctx, operator, request.params.id, request.query);
      }
      const file = await operatorTradesCsv(ctx, operator, request.params.id);
      return sendCsvFile(reply as FastifyReply, file, contentDisposition(file.fileName));
    },
  });
};
