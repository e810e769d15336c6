import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileIdParamsSchema,
  generateTokenRequestSchema,
  generateTokenResponseSchema,
  identitySubmissionSchema,
  investorStatusSchema,
  investorSubmissionSchema,
  kycStatusSchema,
  purchaseListSchema,
  setDefaultKycRequestSchema,
  uploadedFileSchema,
} from '../../../src/domain/kyc';
import { AppError } from '../../errors';
import { authOf, requestMeta } from '../../plugins/auth';
import { readSingleFile } from '../uploads/storage';
import { readOwnUpload, storeUpload } from './files';
import { generateIdentityToken } from './identity-token';
import { getInvestorStatus, submitInvestorVerification } from './investor-verification';
import { listPurchaseIdentities, setDefaultIdentity } from './purchase-identities';
import { getKycStatus, submitIdentity } from './service';
import { applySumsubWebhook } from './webhooks';
import { authRateLimit, noStore, PRIVATE_NO_STORE, tightRateLimit } from '../../plugins/presets';

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const reader = app.requireAuth({ level: 'verified' });
  const actor = app.requireAuth({ level: 'verified', isAction: true });
  const kycReader = app.requireAuth({ level: 'kyc' });
  const kycActor = app.requireAuth({ level: 'kyc', isAction: true });

  app.get(
    '/api/v1/kyc/status',
    { schema: { response: { 200: kycStatusSchema } }, preValidation: reader },
    async (request, reply) => {
      noStore(reply);
      return getKycStatus(ctx, authOf(request));
    },
  );

  app.post(
    '/api/v1/kyc/generate/token',
    {
      schema: { body: generateTokenRequestSchema, response: { 200: generateTokenResponseSchema } },
      preValidation: actor,
      config: { rateLimit: authRateLimit(ctx.config) },
    },
    async (request, reply) => {
      noStore(reply);
      return generateIdentityToken(ctx, authOf(request));
    },
  );

  app.post(
    '/api/v1/kyc/submissions',
    { schema: { body: identitySubmissionSchema, response: { 200: kycStatusSchema } }, preValidation: actor },
    async (request) => submitIdentity(ctx, authOf(request), request.body, requestMeta(request)),
  );

  app.get(
    '/api/v1/kyc/purchase/list',
    { schema: { response: { 200: purchaseListSchema } }, preValidation: kycReader },
    async (request) => listPurchaseIdentities(ctx, authOf(request)),
  );

  app.post(
    '/api/v1/kyc/setting/default',
    {
      schema: { body: setDefaultKycRequestSchema, response: { 200: purchaseListSchema } },
      preValidation: kycActor,
    },
    async (request) => setDefaultIdentity(ctx, authOf(request), request.body),
  );

  app.get(
    '/api/v1/kyc/investor',
    { schema: { response: { 200: investorStatusSchema } }, preValidation: reader },
    async (request, reply) => {
      noStore(reply);
      return getInvestorStatus(ctx, authOf(request));
    },
  );

  app.post(
    '/api/v1/kyc/investor',
    { schema: { body: investorSubmissionSchema, response: { 200: investorStatusSchema } }, preValidation: kycActor },
    async (request) => submitInvestorVerification(ctx, authOf(request), request.body, requestMeta(request)),
  );

  app.get(
    '/api/v1/kyc/files/:id',
    { schema: { params: fileIdParamsSchema }, preValidation: reader },
    async (request, reply) => {
      const { file, bytes } = await readOwnUpload(ctx, authOf(request), request.params.id);
      return reply
        .header('Cache-Control', PRIVATE_NO_STORE)
        .header('Content-Disposition', `attachment; filename="${file.id}"`)
        .type(file.content_type)
        .send(bytes);
    },
  );

  // Multipart is parsed only here, with its own size limit; every other route takes JSON.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: ctx.config.KYC_UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    uploads.post(
      '/api/v1/kyc/files',
      {
        schema: { response: { 200: uploadedFileSchema } },
        preValidation: actor,
        config: { rateLimit: tightRateLimit(ctx.config.UPLOAD_RATE_LIMIT_MAX) },
      },
      async (request) => {
        const bytes = await readSingleFile(request, ctx.config.KYC_UPLOAD_MAX_BYTES);
        const row = await storeUpload(ctx, authOf(request), bytes);
        return {
          id: row.id,
          contentType: row.content_type as z.infer<typeof uploadedFileSchema>['contentType'],
          size: row.size,
        };
      },
    );
  });
};

const webhookResponseSchema = z.object({ status: z.enum(['applied', 'duplicate', 'stale', 'ignored']) });

/**
 * Sumsub's webhook. Its body is taken as raw bytes (no JSON parser runs) because the digest
 * is over exactly those bytes; it is parsed only once the digest matched.
 */
export const kycWebhookRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  app.post('/api/v1/kyc/webhook/sumsub', { schema: { response: { 200: webhookResponseSchema } } }, async (request) => {
    const body = request.body;
    if (!Buffer.isBuffer(body)) throw new AppError('SIGNATURE_INVALID', 'The webhook carries no body to check.');
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const status = await applySumsubWebhook(
      ctx,
      body,
      { digest: header('x-payload-digest'), algorithm: header('x-payload-digest-alg') },
      { ip: request.ip, userAgent: 'Sumsub webhook' },
    );
    return { status };
  });
};
