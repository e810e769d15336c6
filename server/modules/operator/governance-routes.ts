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
import { authOf, requestMeta } from '../../plugins/auth';
import { noStore } from '../../plugins/presets';
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
import { operatorOfRequest } from './service';

/**
 * The console's governance screen: notices, agendas, proposals and the moderation queue. Sellers
 * reach every route, in the projects assigned to them (the actions decide, as on the command line).
 */
export const operatorGovernanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const seller = app.requireAuth({ level: 'verified', role: 'SELLER' });
  const sellerAction = app.requireAuth({ level: 'verified', role: 'SELLER', isAction: true });
  const base = '/api/v1/operator';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));

  app.get(
    `${base}/project-choices`,
    {
      schema: {
        summary: 'The projects the operator may act in, with the platform currency',
        response: { 200: projectChoicesSchema },
      },
      preValidation: seller,
    },
    async (request, reply) => {
      noStore(reply);
      return listProjectChoices(ctx, operator(request));
    },
  );

  app.get(
    `${base}/governance/notices`,
    {
      schema: {
        summary: 'A project’s notices, pinned first, newest first',
        querystring: noticeQuerySchema,
        response: { 200: operatorNoticeListSchema },
      },
      preValidation: seller,
    },
    async (request, reply) => {
      noStore(reply);
      return { notices: await listNoticesAs(ctx, operator(request), request.query.productId) };
    },
  );
  app.post(
    `${base}/governance/notices`,
    {
      schema: {
        summary: 'Post a notice to a project’s holders (a seller posts as itself)',
        body: noticeRequestSchema,
        response: { 201: createdSchema },
      },
      preValidation: sellerAction,
    },
    async (request, reply) => {
      const id = await postNoticeAs(ctx, operator(request), request.body);
      return reply.status(201).send({ id });
    },
  );
  app.put(
    `${base}/governance/notices/:id/pin`,
    {
      schema: {
        summary: 'Pin a notice to the top of the project’s list, or unpin it',
        params: operatorGovernanceParamsSchema,
        body: noticePinRequestSchema,
        response: { 200: changedSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => ({
      changed: await pinNoticeAs(ctx, operator(request), request.params.id, request.body.isPinned),
    }),
  );

  app.get(
    `${base}/governance/votings`,
    {
      schema: {
        summary: 'Agendas and proposals, open first, newest first',
        querystring: votingQuerySchema,
        response: { 200: operatorVotingListSchema },
      },
      // Operators see every project; a seller's reach is the action's own check.
      config: { projectUse: 'see' },
      preValidation: seller,
    },
    async (request, reply) => {
      noStore(reply);
      return { votings: await listVotingsAs(ctx, operator(request), request.query.productId ?? null) };
    },
  );
  app.post(
    `${base}/governance/agendas`,
    {
      schema: {
        summary: 'Open an agenda for the project’s holders, weighted by their holdings now',
        body: agendaRequestSchema,
        response: { 201: createdSchema },
      },
      preValidation: sellerAction,
    },
    async (request, reply) => {
      const id = await openAgendaAs(ctx, operator(request), request.body);
      return reply.status(201).send({ id });
    },
  );
  app.post(
    `${base}/governance/agendas/:id/close`,
    {
      schema: {
        summary: 'Close an agenda now and record its outcome',
        params: operatorGovernanceParamsSchema,
        response: { 200: doneSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => {
      await closeAgendaAs(ctx, operator(request), request.params.id);
      return { done: true as const };
    },
  );
  app.post(
    `${base}/governance/proposals/:id/cancel`,
    {
      schema: {
        summary: 'Cancel an open proposal: no outcome is recorded; its author is told why',
        params: operatorGovernanceParamsSchema,
        body: moderationReasonSchema,
        response: { 200: doneSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => {
      await cancelProposalAs(ctx, operator(request), request.params.id, request.body.reason);
      return { done: true as const };
    },
  );

  app.get(
    `${base}/governance/reports`,
    {
      schema: {
        summary: 'Reported posts still shown, oldest report first, then hidden posts',
        response: { 200: reportedPostListSchema },
      },
      preValidation: seller,
    },
    async (request, reply) => {
      noStore(reply);
      return { posts: await listReportedPostsAs(ctx, operator(request)) };
    },
  );
  app.post(
    `${base}/governance/posts/:id/hide`,
    {
      schema: {
        summary: 'Hide a community post; its author sees the reason in their activity',
        params: operatorGovernanceParamsSchema,
        body: moderationReasonSchema,
        response: { 200: changedSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => ({
      changed: await hidePostAs(ctx, operator(request), request.params.id, request.body.reason),
    }),
  );
  app.post(
    `${base}/governance/posts/:id/restore`,
    {
      schema: {
        summary: 'Show a hidden post again; its reports are settled and its author is told',
        params: operatorGovernanceParamsSchema,
        body: restoreRequestSchema,
        response: { 200: changedSchema },
      },
      preValidation: sellerAction,
    },
    async (request) => ({
      changed: await restorePostAs(ctx, operator(request), request.params.id, request.body.reason ?? null),
    }),
  );
};
