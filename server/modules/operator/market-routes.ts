import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { authOf, requestMeta } from '../../plugins/auth';
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
import { assertMayActOn, operatorOfRequest } from './service';

/**
 * A project's market in the console (src/domain/operator-market.ts, docs/decisions/1822): an
 * admin in every project, a seller in its assigned ones, each action audited by the service the
 * market:* commands share. Answers are `no-store`.
 */
export const operatorMarketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const seller = app.requireAuth({ level: 'verified', role: 'SELLER' });
  const sellerAction = app.requireAuth({ level: 'verified', role: 'SELLER', isAction: true });
  const base = '/api/v1/operator/projects/:id/market';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));
  /** Another project's seller is refused before the body is read (ROLE_REQUIRED); the service checks again. */
  const ownProject = async (request: FastifyRequest) => {
    const id = (request.params as { id?: unknown }).id;
    if (typeof id === 'string' && /^[1-9][0-9]{0,9}$/.test(id))
      await assertMayActOn(ctx, operator(request), Number(id));
  };
  const params = operatorProjectParamsSchema;
  const answer = { 200: operatorMarketSchema };

  app.get(
    base,
    {
      schema: { summary: 'A project’s market: state, settings, book and day figures', params, response: answer },
      preValidation: [seller, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return readOperatorMarket(ctx, operator(request), request.params.id);
    },
  );
  app.put(
    `${base}/settings`,
    {
      schema: {
        summary: 'Change the tick size, the daily band or (an admin) the fee; the trading state is kept',
        params,
        body: marketSettingsRequestSchema,
        response: answer,
      },
      preValidation: [sellerAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return setMarketSettings(ctx, operator(request), request.params.id, request.body);
    },
  );
  app.post(
    `${base}/open`,
    {
      schema: { summary: 'Turn trading on (or resume it)', params, response: answer },
      preValidation: [sellerAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return openOperatorMarket(ctx, operator(request), request.params.id);
    },
  );
  app.post(
    `${base}/close`,
    {
      schema: { summary: 'Turn trading off; resting orders stay until cancelled', params, response: answer },
      preValidation: [sellerAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return closeOperatorMarket(ctx, operator(request), request.params.id);
    },
  );
  app.post(
    `${base}/halt`,
    {
      schema: {
        summary: 'Halt trading at once; investors see the reason',
        params,
        body: marketReasonRequestSchema,
        response: answer,
      },
      preValidation: [sellerAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return haltOperatorMarket(ctx, operator(request), request.params.id, request.body.reason);
    },
  );
  app.post(
    `${base}/resume`,
    {
      schema: { summary: 'Resume trading in a halted project', params, response: answer },
      preValidation: [sellerAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return resumeOperatorMarket(ctx, operator(request), request.params.id);
    },
  );
  app.post(
    `${base}/cancel-all`,
    {
      schema: {
        summary: 'Cancel every resting order of the project, each releasing what it holds',
        params,
        body: marketReasonRequestSchema,
        response: { 200: marketCancelAllResultSchema },
      },
      preValidation: [sellerAction, ownProject],
    },
    async (request, reply) => {
      noStore(reply);
      return cancelOperatorMarketOrders(ctx, operator(request), request.params.id, request.body.reason);
    },
  );
  app.get(
    `${base}/trades`,
    {
      schema: {
        summary: 'The project’s trades with both sides, newest first (format=csv: every trade in one file)',
        params,
        querystring: operatorMarketTradesQuerySchema,
        response: { 200: operatorMarketTradesPageSchema },
      },
      preValidation: [seller, ownProject],
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') {
        noStore(reply);
        return listOperatorTrades(ctx, operator(request), request.params.id, request.query);
      }
      const file = await operatorTradesCsv(ctx, operator(request), request.params.id);
      return sendCsvFile(reply as FastifyReply, file, contentDisposition(file.fileName));
    },
  );
};
