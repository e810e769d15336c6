import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessTokenResponseSchema,
  mfaKeysResponseSchema,
  mfaSetupRequestSchema,
  mfaSetupResponseSchema,
  mfaVerifyRequestSchema,
  recoveryCodesRegenerateRequestSchema,
  recoveryCodesResponseSchema,
} from '../../../src/domain/auth';
import { authOf, requestMeta } from '../../plugins/auth';
import { confirmTotpSetup, createTotpKeys, regenerateRecoveryCodes, verifySecondFactor } from './service';
import { authRateLimit, noStore } from '../../plugins/presets';

export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const rateLimit = authRateLimit(ctx.config);
  const session = app.requireAuth({ level: 'session' });

  app.post(
    '/api/v1/mfa/keys',
    {
      // The call carries no body; anything sent is refused rather than ignored.
      schema: { body: z.strictObject({}).nullish(), response: { 200: mfaKeysResponseSchema } },
      preValidation: session,
      config: { rateLimit },
    },
    async (request, reply) => {
      noStore(reply);
      return createTotpKeys(ctx, authOf(request));
    },
  );

  app.post(
    '/api/v1/mfa',
    {
      schema: { body: mfaSetupRequestSchema, response: { 200: mfaSetupResponseSchema } },
      preValidation: session,
      config: { rateLimit },
    },
    async (request, reply) => {
      noStore(reply);
      return confirmTotpSetup(ctx, authOf(request), request.body.code, requestMeta(request));
    },
  );

  app.post(
    '/api/v1/mfa/verify',
    {
      schema: { body: mfaVerifyRequestSchema, response: { 200: accessTokenResponseSchema } },
      preValidation: session,
      config: { rateLimit },
    },
    async (request) => verifySecondFactor(ctx, authOf(request), request.body, requestMeta(request)),
  );

  app.post(
    '/api/v1/mfa/recovery-codes',
    {
      schema: { body: recoveryCodesRegenerateRequestSchema, response: { 200: recoveryCodesResponseSchema } },
      preValidation: app.requireAuth({ level: 'verified', isAction: true }),
      config: { rateLimit },
    },
    async (request, reply) => {
      noStore(reply);
      return regenerateRecoveryCodes(ctx, authOf(request), request.body.code, requestMeta(request));
    },
  );
};
