import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { doneSchema } from '../../../src/domain/operator';
import {
  agendaRequestSchema,
  changedSchema,
  createdSchema,
  moderationReasonSchema,
  noticePinRequestSchema,
  noticeQuerySchema,
  noticeRequestSchema,
  operatorGovernanceParamsSchema,
  operatorNoticeListSchema,
  operatorVotingListSchema,
  projectChoicesSchema,
  reportedPostListSchema,
  restoreRequestSchema,
  votingQuerySchema,
} from '../../../src/domain/operator-governance';
import {
  cancelProposalAs,
  closeAgendaAs,
  hidePostAs,
  listNoticesAs,
  listProjectChoices,
  listReportedPostsAs,
  listVotingsAs,
  openAgendaAs,
  pinNoticeAs,
  postNoticeAs,
  restorePostAs,
} from './governance-actions';
import { operatorRoute } from './operator-route';

/**
 * The console's governance screen: notices, agendas, proposals and the moderation queue. Sellers
 * reach every route, in the projects assigned to them (the actions decide, as on the command line).
 */
export const operatorGovernanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const base = '/api/v1/operator';

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/project-choices`,
    role: 'SELLER',
    isNoStore: true,
    schema: {
      summary: 'The projects the operator may act in, with the platform currency',
      response: { 200: projectChoicesSchema },
    },
    handler: (_request, _reply, operator) => listProjectChoices(ctx, operator),
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/governance/notices`,
    role: 'SELLER',
    isNoStore: true,
    schema: {
      summary: 'A project’s notices, pinned first, newest first',
      querystring: noticeQuerySchema,
      response: { 200: operatorNoticeListSchema },
    },
    handler: async (request, _reply, operator) => ({
      notices: await listNoticesAs(ctx, operator, request.query.productId),
    }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/governance/notices`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Post a notice to a project’s holders (a seller posts as itself)',
      body: noticeRequestSchema,
      response: { 201: createdSchema },
    },
    handler: async (request, reply, operator) => {
      const id = await postNoticeAs(ctx, operator, request.body);
      return reply.status(201).send({ id });
    },
  });
  operatorRoute(app, {
    method: 'PUT',
    url: `${base}/governance/notices/:id/pin`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Pin a notice to the top of the project’s list, or unpin it',
      params: operatorGovernanceParamsSchema,
      body: noticePinRequestSchema,
      response: { 200: changedSchema },
    },
    handler: async (request, _reply, operator) => ({
      changed: await pinNoticeAs(ctx, operator, request.params.id, request.body.isPinned),
    }),
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/governance/votings`,
    role: 'SELLER',
    isNoStore: true,
    schema: {
      summary: 'Agendas and proposals, open first, newest first',
      querystring: votingQuerySchema,
      response: { 200: operatorVotingListSchema },
    },
    // Operators see every project; a seller's reach is the action's own check.
    config: { projectUse: 'see' },
    handler: async (request, _reply, operator) => ({
      votings: await listVotingsAs(ctx, operator, request.query.productId ?? null),
    }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/governance/agendas`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Open an agenda for the project’s holders, weighted by their holdings now',
      body: agendaRequestSchema,
      response: { 201: createdSchema },
    },
    handler: async (request, reply, operator) => {
      const id = await openAgendaAs(ctx, operator, request.body);
      return reply.status(201).send({ id });
    },
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/governance/agendas/:id/close`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Close an agenda now and record its outcome',
      params: operatorGovernanceParamsSchema,
      response: { 200: doneSchema },
    },
    handler: async (request, _reply, operator) => {
      await closeAgendaAs(ctx, operator, request.params.id);
      return { done: true as const };
    },
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/governance/proposals/:id/cancel`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Cancel an open proposal: no outcome is recorded; its author is told why',
      params: operatorGovernanceParamsSchema,
      body: moderationReasonSchema,
      response: { 200: doneSchema },
    },
    handler: async (request, _reply, operator) => {
      await cancelProposalAs(ctx, operator, request.params.id, request.body.reason);
      return { done: true as const };
    },
  });

  operatorRoute(app, {
    method: 'GET',
    url: `${base}/governance/reports`,
    role: 'SELLER',
    isNoStore: true,
    schema: {
      summary: 'Reported posts still shown, oldest report first, then hidden posts',
      response: { 200: reportedPostListSchema },
    },
    handler: async (_request, _reply, operator) => ({ posts: await listReportedPostsAs(ctx, operator) }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/governance/posts/:id/hide`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Hide a community post; its author sees the reason in their activity',
      params: operatorGovernanceParamsSchema,
      body: moderationReasonSchema,
      response: { 200: changedSchema },
    },
    handler: async (request, _reply, operator) => ({
      changed: await hidePostAs(ctx, operator, request.params.id, request.body.reason),
    }),
  });
  operatorRoute(app, {
    method: 'POST',
    url: `${base}/governance/posts/:id/restore`,
    role: 'SELLER',
    isAction: true,
    schema: {
      summary: 'Show a hidden post again; its reports are settled and its author is told',
      params: operatorGovernanceParamsSchema,
      body: restoreRequestSchema,
      response: { 200: changedSchema },
    },
    handler: async (request, _reply, operator) => ({
      changed: await restorePostAs(ctx, operator, request.params.id, request.body.reason ?? null),
    }),
  });
};
