import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashBalanceSchema,
  cashEntriesPageSchema,
  cashEntriesQuerySchema,
  cashEntryParamsSchema,
  cashEntrySchema,
  withdrawalParamsSchema,
  withdrawalRequestSchema,
  withdrawalSchema,
  withdrawalsResponseSchema,
} from '../../../src/domain/cash';
import { authOf, requestMeta } from '../../plugins/auth';
import {
  cancelWithdrawal,
  getBalance,
  getEntry,
  listEntries,
  listWithdrawals,
  requestWithdrawal,
  sweepRevenueIntoBalances,
} from './service';
import { registerSweep } from '../../plugins/sweep';

/** The investor's cash balance: its figures, its entries and withdrawals (src/domain/cash.ts). */
export const cashRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reader = app.requireAuth({ level: 'verified' });
  const actor = app.requireAuth({ level: 'verified', isAction: true });
  const kycActor = app.requireAuth({ level: 'kyc', isAction: true });
  // Private to the user: the browser may keep it (the app reads it offline) but nothing shared may.
  const privateCache = { 'Cache-Control': 'private, no-cache' };

  app.get(
    '/api/v1/users/me/balance',
    { schema: { response: { 200: cashBalanceSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return getBalance(ctx, authOf(request));
    },
  );

  app.get(
    '/api/v1/users/me/balance/entries',
    {
      schema: { querystring: cashEntriesQuerySchema, response: { 200: cashEntriesPageSchema } },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return listEntries(ctx, authOf(request), request.query);
    },
  );

  app.get(
    '/api/v1/users/me/balance/entries/:id',
    {
      schema: { params: cashEntryParamsSchema, response: { 200: cashEntrySchema } },
      preValidation: reader,
    },
    async (request, reply) => {
      reply.headers(privateCache);
      return getEntry(ctx, authOf(request), request.params.id);
    },
  );

  app.get(
    '/api/v1/users/me/withdrawals',
    { schema: { response: { 200: withdrawalsResponseSchema } }, preValidation: reader },
    async (request, reply) => {
      reply.headers(privateCache);
      return listWithdrawals(ctx, authOf(request));
    },
  );

  app.post(
    '/api/v1/users/me/withdrawals',
    { schema: { body: withdrawalRequestSchema, response: { 201: withdrawalSchema } }, preValidation: kycActor },
    async (request, reply) =>
      reply.code(201).send(await requestWithdrawal(ctx, authOf(request), request.body, requestMeta(request))),
  );

  app.post(
    '/api/v1/users/me/withdrawals/:id/cancel',
    { schema: { params: withdrawalParamsSchema, response: { 200: withdrawalSchema } }, preValidation: actor },
    async (request) => cancelWithdrawal(ctx, authOf(request), request.params.id, requestMeta(request)),
  );

  // Every process sweeps revenue shares due; the unique share key makes each payment happen once.
  registerSweep(app, {
    name: 'paying revenue into balances',
    everyMs: ctx.config.REVENUE_SWEEP_SECONDS * 1000,
    run: () => sweepRevenueIntoBalances(ctx),
  });
};
