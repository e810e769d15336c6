import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageInputSchema, contactReceiptSchema } from '../../../src/domain/contact';
import { submitContactMessage } from './service';

export interface ContactRouteOptions {
  operatorEmail: string;
  /** Messages one address may send per window: enough for a person, too few for a bot. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
}

export const contactRoutes: FastifyPluginAsyncZod<ContactRouteOptions> = async (app, options) => {
  app.post(
    '/api/v1/contact',
    {
      schema: { body: contactMessageInputSchema, response: { 201: contactReceiptSchema } },
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: options.rateLimitWindowMs } },
    },
    async (request, reply) => {
      const receipt = await submitContactMessage(
        { db: app.db, mailer: app.mailer, operatorEmail: options.operatorEmail, log: request.log },
        request.body,
      );
      return reply.status(201).send(receipt);
    },
  );
};
