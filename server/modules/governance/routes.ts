import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerRequestSchema,
  answerSchema,
  ballotItemListSchema,
  ballotItemSchema,
  governanceItemParamsSchema,
  governanceParamsSchema,
  noticeListSchema,
  noticeSchema,
  proposalRequestSchema,
  reportRequestSchema,
  threadDetailSchema,
  threadListSchema,
  threadQuerySchema,
  threadRequestSchema,
  threadSchema,
  threadUpdateSchema,
  voteRequestSchema,
  type VotingKind,
} from '../../../src/domain/governance';
import { authOf, requestMeta } from '../../plugins/auth';
import { closeDueVotings } from './closing';
import {
  createAnswer,
  createThread,
  deletePost,
  getThread,
  getThreads,
  reportPost,
  updateAnswer,
  updateThread,
} from './community';
import { getNotice, getNotices, readNotice } from './notices';
import { castVote, createProposal, getVoting, getVotings } from './votings';
import { registerSweep } from '../../plugins/sweep';
import { noStore } from '../../plugins/presets';

/** Governance of a project: notices, community, proposals and agendas (see src/domain/governance.ts). */
export const governanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reader = app.requireAuth({ level: 'verified' });
  const actor = app.requireAuth({ level: 'verified', isAction: true });
  const base = '/api/v1/governance/:productId';
  const writeLimit = {
    rateLimit: { max: ctx.config.GOVERNANCE_WRITE_RATE_LIMIT_MAX, timeWindow: 10 * 60_000 },
  };
  const noContent = { 204: z.null() };
  // Every governance read decides access in its one statement (accessOf applies the project-access
  // rule there); writes are checked before the route as well.
  const readConfig = { projectRuleInService: true };

  app.get(
    `${base}/notices`,
    {
      schema: { params: governanceParamsSchema, response: { 200: noticeListSchema } },
      preValidation: reader,
      config: readConfig,
    },
    async (request, reply) => {
      noStore(reply);
      return getNotices(ctx, authOf(request), request.params.productId);
    },
  );
  app.get(
    `${base}/notices/:id`,
    {
      schema: { params: governanceItemParamsSchema, response: { 200: noticeSchema } },
      preValidation: reader,
      config: readConfig,
    },
    async (request, reply) => {
      noStore(reply);
      return getNotice(ctx, authOf(request), request.params.productId, request.params.id);
    },
  );
  app.post(
    `${base}/notices/:id/read`,
    { schema: { params: governanceItemParamsSchema, response: { 200: noticeSchema } }, preValidation: reader },
    async (request) => readNotice(ctx, authOf(request), request.params.productId, request.params.id),
  );

  app.get(
    `${base}/threads`,
    {
      schema: { params: governanceParamsSchema, querystring: threadQuerySchema, response: { 200: threadListSchema } },
      preValidation: reader,
      config: readConfig,
    },
    async (request, reply) => {
      noStore(reply);
      return getThreads(ctx, authOf(request), request.params.productId, request.query);
    },
  );
  app.post(
    `${base}/threads`,
    {
      schema: { params: governanceParamsSchema, body: threadRequestSchema, response: { 201: threadSchema } },
      preValidation: actor,
      config: writeLimit,
    },
    async (request, reply) => {
      const thread = await createThread(
        ctx,
        authOf(request),
        request.params.productId,
        request.body,
        requestMeta(request),
      );
      return reply.code(201).send(thread);
    },
  );
  app.get(
    `${base}/threads/:id`,
    {
      schema: { params: governanceItemParamsSchema, response: { 200: threadDetailSchema } },
      preValidation: reader,
      config: readConfig,
    },
    async (request, reply) => {
      noStore(reply);
      return getThread(ctx, authOf(request), request.params.productId, request.params.id);
    },
  );
  app.put(
    `${base}/threads/:id`,
    {
      schema: { params: governanceItemParamsSchema, body: threadUpdateSchema, response: { 200: threadSchema } },
      preValidation: actor,
      config: writeLimit,
    },
    async (request) => updateThread(ctx, authOf(request), request.params.productId, request.params.id, request.body),
  );
  app.delete(
    `${base}/threads/:id`,
    { schema: { params: governanceItemParamsSchema, response: noContent }, preValidation: actor, config: writeLimit },
    async (request, reply) => {
      const { productId, id } = request.params;
      await deletePost(ctx, authOf(request), productId, id, 'thread', requestMeta(request));
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${base}/threads/:id/answers`,
    {
      schema: { params: governanceItemParamsSchema, body: answerRequestSchema, response: { 201: answerSchema } },
      preValidation: actor,
      config: writeLimit,
    },
    async (request, reply) => {
      const { productId, id } = request.params;
      const answer = await createAnswer(ctx, authOf(request), productId, id, request.body, requestMeta(request));
      return reply.code(201).send(answer);
    },
  );
  app.put(
    `${base}/answers/:id`,
    {
      schema: { params: governanceItemParamsSchema, body: answerRequestSchema, response: { 200: answerSchema } },
      preValidation: actor,
      config: writeLimit,
    },
    async (request) => updateAnswer(ctx, authOf(request), request.params.productId, request.params.id, request.body),
  );
  app.delete(
    `${base}/answers/:id`,
    { schema: { params: governanceItemParamsSchema, response: noContent }, preValidation: actor, config: writeLimit },
    async (request, reply) => {
      const { productId, id } = request.params;
      await deletePost(ctx, authOf(request), productId, id, 'answer', requestMeta(request));
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${base}/posts/:id/report`,
    {
      schema: { params: governanceItemParamsSchema, body: reportRequestSchema, response: noContent },
      preValidation: actor,
      config: writeLimit,
    },
    async (request, reply) => {
      const { productId, id } = request.params;
      await reportPost(ctx, authOf(request), productId, id, request.body, requestMeta(request));
      return reply.code(204).send(null);
    },
  );

  const votingRoutes = (path: string, kind: VotingKind) => {
    app.get(
      `${base}/${path}`,
      {
        schema: { params: governanceParamsSchema, response: { 200: ballotItemListSchema } },
        preValidation: reader,
        config: readConfig,
      },
      async (request, reply) => {
        noStore(reply);
        return getVotings(ctx, authOf(request), request.params.productId, kind);
      },
    );
    app.get(
      `${base}/${path}/:id`,
      {
        schema: { params: governanceItemParamsSchema, response: { 200: ballotItemSchema } },
        preValidation: reader,
        config: readConfig,
      },
      async (request, reply) => {
        noStore(reply);
        return getVoting(ctx, authOf(request), request.params.productId, kind, request.params.id);
      },
    );
    app.post(
      `${base}/${path}/:id/vote`,
      {
        schema: { params: governanceItemParamsSchema, body: voteRequestSchema, response: { 201: ballotItemSchema } },
        preValidation: actor,
        config: writeLimit,
      },
      async (request, reply) => {
        const { productId, id } = request.params;
        const item = await castVote(ctx, authOf(request), productId, kind, id, request.body, requestMeta(request));
        return reply.code(201).send(item);
      },
    );
  };
  votingRoutes('proposals', 'PROPOSAL');
  votingRoutes('agendas', 'AGENDA');

  app.post(
    `${base}/proposals`,
    {
      schema: { params: governanceParamsSchema, body: proposalRequestSchema, response: { 201: ballotItemSchema } },
      preValidation: actor,
      config: writeLimit,
    },
    async (request, reply) => {
      const item = await createProposal(
        ctx,
        authOf(request),
        request.params.productId,
        request.body,
        requestMeta(request),
      );
      return reply.code(201).send(item);
    },
  );

  // Every process sweeps ended votes; the conditional update makes each close happen once.
  registerSweep(app, {
    name: 'closing votes',
    everyMs: ctx.config.GOVERNANCE_CLOSE_SWEEP_SECONDS * 1000,
    run: () => closeDueVotings(ctx),
  });
};
