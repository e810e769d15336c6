import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userParamsSchema } from '../../../src/domain/operator';
import {
  auditListSchema,
  auditQuerySchema,
  reviewFileParamsSchema,
  reviewSubmissionSchema,
  waitingReviewListSchema,
} from '../../../src/domain/operator-console';
import { PRIVATE_NO_STORE } from '../../plugins/presets';
import { listAuditLog, listReviewQueue, readReviewSubmission, viewReviewDocument } from './console';
import { operatorRoute } from './operator-route';

/**
 * The console's reads beside the actions (routes.ts): the review queue, a submission with its
 * documents, and the audit log. Admins only; every answer is `no-store`, since it is other
 * people's data (decision 1802).
 */
export const operatorConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const base = '/api/v1/operator';
  const admin = { method: 'GET', role: 'ADMIN' } as const;

  operatorRoute(app, {
    ...admin,
    isNoStore: true,
    url: `${base}/reviews`,
    schema: {
      summary: 'Identity checks and investor verifications waiting for an answer, oldest first',
      response: { 200: waitingReviewListSchema },
    },
    handler: async (_request, _reply, operator) => ({ reviews: await listReviewQueue(ctx, operator) }),
  });

  operatorRoute(app, {
    ...admin,
    isNoStore: true,
    url: `${base}/reviews/:userId`,
    schema: {
      summary: 'A person’s submissions, their documents and what happened to them',
      params: userParamsSchema,
      response: { 200: reviewSubmissionSchema },
    },
    handler: (request, _reply, operator) => readReviewSubmission(ctx, operator, request.params.userId),
  });

  operatorRoute(app, {
    ...admin,
    url: `${base}/reviews/:userId/files/:fileId`,
    schema: {
      summary: 'The bytes of an uploaded identity document; each viewing is audited',
      params: reviewFileParamsSchema,
    },
    handler: async (request, reply, operator) => {
      const { contentType, bytes } = await viewReviewDocument(
        ctx,
        operator,
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
  });

  operatorRoute(app, {
    ...admin,
    isNoStore: true,
    url: `${base}/audit`,
    schema: {
      summary: 'The audit log, newest first, filtered by actor, subject, action and date',
      querystring: auditQuerySchema,
      response: { 200: auditListSchema },
    },
    handler: (request, _reply, operator) => listAuditLog(ctx, operator, request.query),
  });
};
