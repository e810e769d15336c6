import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userParamsSchema } from '../../../src/domain/operator';
import {
  giftListQuerySchema,
  giftListSchema,
  giftParamsSchema,
  giftShipOutcomeSchema,
  giftShipRequestSchema,
  peopleListSchema,
  peopleQuerySchema,
  personDetailSchema,
} from '../../../src/domain/operator-people';
import { authOf, requestMeta } from '../../plugins/auth';
import { noStore } from '../../plugins/presets';
import { findPeople, listGifts, readPerson, shipGift } from './people';
import { operatorOfRequest } from './service';

/**
 * The console's people (admins) and gift claims (a seller in its own projects). Bans and roles
 * are the account actions in routes.ts; every read is `no-store` (decision 1802).
 */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = app.requireAuth({ level: 'verified', role: 'ADMIN' });
  const seller = app.requireAuth({ level: 'verified', role: 'SELLER' });
  const sellerAction = app.requireAuth({ level: 'verified', role: 'SELLER', isAction: true });
  const base = '/api/v1/operator';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));

  app.get(
    `${base}/people`,
    {
      schema: {
        summary: 'People whose email or name holds the text, newest accounts first, a page at a time',
        querystring: peopleQuerySchema,
        response: { 200: peopleListSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return findPeople(ctx, operator(request), request.query);
    },
  );

  app.get(
    `${base}/people/:userId`,
    {
      schema: {
        summary: 'A person’s identity state, holdings, orders, sessions and the audit events about them',
        params: userParamsSchema,
        response: { 200: personDetailSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return readPerson(ctx, operator(request), request.params.userId);
    },
  );

  app.get(
    `${base}/gifts`,
    {
      schema: {
        summary: 'Gift claims, oldest first (by default those waiting to be shipped)',
        querystring: giftListQuerySchema,
        response: { 200: giftListSchema },
      },
      preValidation: seller,
    },
    async (request, reply) => {
      noStore(reply);
      return { claims: await listGifts(ctx, operator(request), request.query.state) };
    },
  );

  app.post(
    `${base}/gifts/:id/ship`,
    {
      schema: {
        summary: 'Mark a physical gift shipped with a tracking note, once',
        params: giftParamsSchema,
        body: giftShipRequestSchema,
        response: { 200: giftShipOutcomeSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => shipGift(ctx, operator(request), request.params.id, request.body.tracking ?? null),
  );
};
