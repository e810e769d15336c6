import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userParamsSchema } from '../../../src/domain/operator';
import {
  auditListSchema,
  auditQuerySchema,
  reviewFileParamsSchema,
  reviewSubmissionSchema,
  waitingReviewListSchema,
} from '../../../src/domain/operator-console';
import { authOf, requestMeta } from '../../plugins/auth';
import { noStore, PRIVATE_NO_STORE } from '../../plugins/presets';
import { listAuditLog, listReviewQueue, readReviewSubmission, viewReviewDocument } from './console';
import { operatorOfRequest } from './service';

/**
 * The console's reads beside the actions (routes.ts): the review queue, a submission with its
 * documents, and the audit log. Admins only; every answer is `no-store`, since it is other
 * people's data (decision 1802).
 */
export const operatorConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const admin = app.requireAuth({ level: 'verified', role: 'ADMIN' });
  const base = '/api/v1/operator';
  const operator = (request: Parameters<typeof authOf>[0]) => operatorOfRequest(authOf(request), requestMeta(request));

  app.get(
    `${base}/reviews`,
    {
      schema: {
        summary: 'Identity checks and investor verifications waiting for an answer, oldest first',
        response: { 200: waitingReviewListSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return { reviews: await listReviewQueue(ctx, operator(request)) };
    },
  );

  app.get(
    `${base}/reviews/:userId`,
    {
      schema: {
        summary: 'A person’s submissions, their documents and what happened to them',
        params: userParamsSchema,
        response: { 200: reviewSubmissionSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return readReviewSubmission(ctx, operator(request), request.params.userId);
    },
  );

  app.get(
    `${base}/reviews/:userId/files/:fileId`,
    {
      schema: {
        summary: 'The bytes of an uploaded identity document; each viewing is audited',
        params: reviewFileParamsSchema,
      },
      preValidation: admin,
    },
    async (request, reply) => {
      const { contentType, bytes } = await viewReviewDocument(
        ctx,
        operator(request),
        request.params.userId,
        request.params.fileId,
      );
      return reply
        .header('Cache-Control', PRIVATE_NO_STORE)
        .header('Content-Disposition', `inline; filename="${request.params.fileId}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .type(contentType)
        .send(bytes);
    },
  );

  app.get(
    `${base}/audit`,
    {
      schema: {
        summary: 'The audit log, newest first, filtered by actor, subject, action and date',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema },
      },
      preValidation: admin,
    },
    async (request, reply) => {
      noStore(reply);
      return listAuditLog(ctx, operator(request), request.query);
    },
  );
};
