import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenResponseSchema,
  authConfigSchema,
  challengeResponseSchema,
  emailCodeRequestSchema,
  emailVerifyRequestSchema,
  googleSignInRequestSchema,
} from '../../../src/domain/auth';
import { requestMeta } from '../../plugins/auth';
import { createGoogleVerifier } from './google';
import { requestSignInCode, signInWithEmailCode, signInWithGoogle } from './service';
import { authRateLimit } from '../../plugins/presets';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const verifyGoogle = ctx.config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({ clientId: ctx.config.GOOGLE_CLIENT_ID, jwksUrl: ctx.config.GOOGLE_JWKS_URL })
    : null;
  // Per IP and route, on top of the per-address and per-code limits kept in the database.
  const rateLimit = authRateLimit(ctx.config);

  app.get('/api/v1/auth/config', { schema: { response: { 200: authConfigSchema } } }, async () => ({
    googleClientId: ctx.config.GOOGLE_CLIENT_ID ?? null,
  }));

  app.post(
    '/api/v1/auth/email/code',
    {
      schema: { body: emailCodeRequestSchema, response: { 200: challengeResponseSchema } },
      config: { rateLimit },
    },
    async (request) => requestSignInCode(ctx, request.body.email, requestMeta(request)),
  );

  app.post(
    '/api/v1/auth/email/verify',
    {
      schema: { body: emailVerifyRequestSchema, response: { 200: accessTokenResponseSchema } },
      config: { rateLimit },
    },
    async (request) => signInWithEmailCode(ctx, request.body, requestMeta(request)),
  );

  app.post(
    '/api/v1/auth/google',
    {
      schema: { body: googleSignInRequestSchema, response: { 200: accessTokenResponseSchema } },
      config: { rateLimit },
    },
    async (request) => signInWithGoogle(ctx, verifyGoogle, request.body.credential, requestMeta(request)),
  );
};
