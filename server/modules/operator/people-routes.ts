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
import { findPeople, listGifts, readPerson, shipGift } from './people';
import { operatorRoute } from './operator-route';

/**
 * The console's people (admins) and gift claims (a seller in its own projects). Bans and roles
 * are the account actions in routes.ts; every read is `no-store` (decision 1802).
 */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const base = '/api/v1/operator';

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/people`,
    role: 'ADMIN',
    isNoStore: true,
    schema: {
      summary: 'People whose email or name holds the text, newest accounts first, a page at a time',
      querystring: peopleQuerySchema,
      response: { 200: peopleListSchema },
    },
    handler: (request, _reply, operator) => findPeople(ctx, operator, request.query),
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/people/:userId`,
    role: 'ADMIN',
    isNoStore: true,
    schema: {
      summary: 'A person’s identity state, holdings, orders, sessions and the audit events about them',
      params: userParamsSchema,
      response: { 200: personDetailSchema },
    },
    handler: (request, _reply, operator) => readPerson(ctx, operator, request.params.userId),
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/gifts`,
    role: 'SELLER',
    isNoStore: true,
    schema: {
      summary: 'Gift claims, oldest first (by default those waiting to be shipped)',
      querystring: giftListQuerySchema,
      response: { 200: giftListSchema },
    },
    handler: async (request, _reply, operator) => ({ claims: await listGifts(ctx, operator, request.query.state) }),
  });

  operatorRoute(app, {
    method: 'POST',
    url: `${base}/gifts/:id/ship`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Mark a physical gift shipped with a tracking note, once',
      params: giftParamsSchema,
      body: giftShipRequestSchema,
      response: { 200: giftShipOutcomeSchema },
    },
    handler: (request, _reply, operator) => shipGift(ctx, operator, request.params.id, request.body.tracking ?? null),
  });
};
