import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { createDb, type DbHandle } from './db/client';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/error-handler';
import rateLimit from './plugins/rate-limit';
import security from './plugins/security';
import staticClient from './plugins/static-client';
import { createMailer, type Mailer } from './mail/mailer';
import { contactRoutes } from './modules/contact/routes';
import { devRoutes } from './modules/dev/routes';
import { healthRoutes } from './modules/health/routes';
import { postRoutes } from './modules/posts/routes';
import { siteRoutes } from './modules/site/routes';
import { APP_VERSION } from './version';

export interface BuildAppOptions {
  config: AppConfig;
  /** A database the caller owns (tests); otherwise one is opened from the config and closed with the app. */
  db?: DbHandle;
  /** The mailer; by default SMTP when configured, else the outbox in the data folder. */
  mailer?: Mailer;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,100}$/;

/** Builds the whole API (and the static client) without listening; main.ts listens. */
export async function buildApp({ config, db, mailer, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // A load balancer's request id is kept so logs line up across hops; otherwise a new one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const handle = db ?? createDb({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await app.register(dbPlugin, { handle, closeOnExit: db === undefined });
  const mail = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir });
  app.decorate('mailer', mail);
  app.addHook('onClose', async () => mail.close());
  await app.register(errorHandler);
  await app.register(security, { isProduction: config.isProduction });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindowMs: config.RATE_LIMIT_WINDOW_MS,
    redisUrl: config.REDIS_URL,
  });

  await app.register(healthRoutes, { version: APP_VERSION });
  if (!config.isProduction) await app.register(devRoutes);
  await app.register(postRoutes);
  await app.register(contactRoutes, {
    operatorEmail: config.OPERATOR_EMAIL,
    rateLimitMax: config.CONTACT_RATE_LIMIT_MAX,
    rateLimitWindowMs: config.CONTACT_RATE_LIMIT_WINDOW_MS,
  });
  await app.register(siteRoutes, { publicUrl: config.PUBLIC_URL });

  if (config.SERVE_CLIENT) {
    await app.register(staticClient, { root: config.clientDistDir, publicUrl: config.PUBLIC_URL });
  } else {
    const { sendNotFound } = await import('./plugins/error-handler');
    app.setNotFoundHandler((request, reply) =>
      sendNotFound(reply, `No route for ${request.method} ${request.url.split('?')[0]}.`),
    );
  }
  return app;
}
