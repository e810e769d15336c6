import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageInputSchema, contactReceiptSchema } from '../../../src/domain/contact';
import { requestLanguage } from '../../i18n/language';
import { tightRateLimit } from '../../plugins/presets';
import { submitContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/v1/contact',
    {
      schema: { body: contactMessageInputSchema, response: { 201: contactReceiptSchema } },
      // Messages one address may send per window: enough for a person, too few for a bot.
      config: { rateLimit: tightRateLimit(ctx.config.CONTACT_RATE_LIMIT_MAX, ctx.config.CONTACT_RATE_LIMIT_WINDOW_MS) },
    },
    async (request, reply) => {
      const receipt = await submitContactMessage(ctx, request.body, request.log, requestLanguage(request));
      return reply.status(201).send(receipt);
    },
  );
};
