import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { deriveDataKeys } from './crypto';
import { createDb, type DbHandle } from './db/client';
import compress from '@fastify/compress';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/error-handler';
import rateLimit from './plugins/rate-limit';
import security from './plugins/security';
import staticClient from './plugins/static-client';
import { createMailer, type Mailer } from './mail/mailer';
import { accountRoutes } from './modules/account/routes';
import { authRoutes } from './modules/auth/routes';
import { contactRoutes } from './modules/contact/routes';
import { devRoutes } from './modules/dev/routes';
import { healthRoutes } from './modules/health/routes';
import { kycRoutes, kycWebhookRoutes } from './modules/kyc/routes';
import { mfaRoutes } from './modules/mfa/routes';
import { ordersRoutes } from './modules/orders/routes';
import { postRoutes } from './modules/posts/routes';
import { productsRoutes } from './modules/products/routes';
import { siteRoutes } from './modules/site/routes';
import { usersRoutes } from './modules/users/routes';
import type { Secrets } from './secrets';
import { APP_VERSION } from './version';

export interface BuildAppOptions {
  config: AppConfig;
  /** The data folder's secrets (loadOrCreateSecrets): token signing and encryption at rest. */
  secrets: Secrets;
  /** The clock; tests move it to cross code windows and lock periods. */
  now?: () => Date;
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
export async function buildApp({
  config,
  secrets,
  now,
  db,
  mailer,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
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
  await app.register(security, {
    isProduction: config.isProduction,
    googleClientId: config.GOOGLE_CLIENT_ID,
    isSumsub: config.KYC_PROVIDER === 'sumsub',
  });
  // API answers are compressed on the fly at a cheap brotli level; the client build is
  // compressed ahead of time (see scripts/precompress-plugin.ts) and served as is.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  const ctx: AppContext = {
    db: handle.db,
    config,
    mailer: mail,
    keys: deriveDataKeys(secrets.dataEncryptionKey),
    tokenKey: new TextEncoder().encode(secrets.tokenSigningKey),
    now: now ?? (() => new Date()),
  };
  await app.register(authPlugin, { ctx });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindowMs: config.RATE_LIMIT_WINDOW_MS,
    redisUrl: config.REDIS_URL,
  });

  await app.register(healthRoutes, { version: APP_VERSION });
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(usersRoutes);
  await app.register(productsRoutes);
  await app.register(ordersRoutes);
  await app.register(accountRoutes);
  await app.register(kycRoutes);
  await app.register(kycWebhookRoutes);
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
