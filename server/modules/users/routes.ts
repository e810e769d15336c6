import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityListSchema,
  activityQuerySchema,
  badgeHideRequestSchema,
  challengeResponseSchema,
  confirmEmailRequestSchema,
  updateEmailRequestSchema,
  updateNamesRequestSchema,
} from '../../../src/domain/auth';
import { languageResponseSchema, setLanguageRequestSchema } from '../../../src/domain/language';
import { meSchema } from '../../../src/domain/session';
import { authOf, requestMeta } from '../../plugins/auth';
import { requestLanguage } from '../../i18n/language';
import {
  confirmEmailChange,
  getMe,
  listActivity,
  requestEmailChange,
  setBadgeHidden,
  setLanguage,
  signOut,
  signOutEverywhere,
  updateName,
} from './service';
import { authRateLimit, noStore } from '../../plugins/presets';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const anySession = app.requireAuth({ level: 'session' });
  const reader = app.requireAuth({ level: 'verified' });
  const actor = app.requireAuth({ level: 'verified', isAction: true });
  const codeRateLimit = authRateLimit(ctx.config);

  // Readable before the second factor: the client's guards decide from it where to go next.
  app.get(
    '/api/v1/users/me',
    { schema: { response: { 200: meSchema } }, preValidation: anySession },
    async (request, reply) => {
      noStore(reply);
      return getMe(ctx, authOf(request));
    },
  );

  app.put(
    '/api/v1/users/me/names',
    { schema: { body: updateNamesRequestSchema, response: { 200: meSchema } }, preValidation: actor },
    async (request) => updateName(ctx, authOf(request), request.body.name, requestMeta(request)),
  );

  app.put(
    '/api/v1/users/me/emails',
    {
      schema: { body: updateEmailRequestSchema, response: { 200: challengeResponseSchema } },
      preValidation: actor,
      config: { rateLimit: codeRateLimit },
    },
    async (request) => requestEmailChange(ctx, authOf(request), request.body.email, requestMeta(request)),
  );

  app.post(
    '/api/v1/users/me/emails/verify',
    {
      schema: { body: confirmEmailRequestSchema, response: { 200: meSchema } },
      preValidation: actor,
      config: { rateLimit: codeRateLimit },
    },
    async (request) => confirmEmailChange(ctx, authOf(request), request.body, requestMeta(request)),
  );

  app.put(
    '/api/v1/users/me/badge/hide',
    { schema: { body: badgeHideRequestSchema, response: { 200: meSchema } }, preValidation: actor },
    async (request) => setBadgeHidden(ctx, authOf(request), request.body.isHideBadge, requestMeta(request)),
  );

  // Allowed before the second factor and when banned: it only changes the wording Moa uses.
  app.put(
    '/api/v1/users/me/language',
    {
      schema: { body: setLanguageRequestSchema, response: { 200: languageResponseSchema } },
      preValidation: anySession,
    },
    async (request) => setLanguage(ctx, authOf(request), request.body.language),
  );

  app.get(
    '/api/v1/users/me/activities',
    { schema: { querystring: activityQuerySchema, response: { 200: activityListSchema } }, preValidation: reader },
    async (request, reply) => {
      noStore(reply);
      return { activities: await listActivity(ctx, authOf(request), request.query.limit, requestLanguage(request)) };
    },
  );

  // Signing out only ever reduces access, so it is allowed before the second factor and when banned.
  app.post('/api/v1/users/logout', { preValidation: anySession }, async (request, reply) => {
    await signOut(ctx, authOf(request), requestMeta(request));
    return reply.status(204).send();
  });

  app.post('/api/v1/users/logout/all', { preValidation: reader }, async (request, reply) => {
    await signOutEverywhere(ctx, authOf(request), requestMeta(request));
    return reply.status(204).send();
  });
};
