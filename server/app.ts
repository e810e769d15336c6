import { randomBytes, randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLoopbackHost, type AppConfig } from './config';
import type { AppContext } from './context';
import { deriveDataKeys } from './crypto';
import { createDb, type DbHandle } from './db/client';
import compress from '@fastify/compress';
import apiDocs from './plugins/api-docs';
import authPlugin from './plugins/auth';
import cookies from './plugins/cookies';
import dbPlugin from './plugins/db';
import drain from './plugins/drain';
import errorHandler, {
  clientErrorHandler,
  connectRequestHandler,
  frameworkErrorHandler,
} from './plugins/error-handler';
import rateLimit from './plugins/rate-limit';
import { RequestLogController } from './plugins/request-log';
import projectAccess from './plugins/project-access';
import routeTable from './plugins/route-table';
import requestStart from './plugins/request-start';
import { apiSecurityHeaderList, securityHeaderList } from './plugins/security';
import { serializerCompiler } from './plugins/serialization';
import { validatorCompiler } from './plugins/validation';
import staticClient from './plugins/static-client';
import { createMailer, type Mailer } from './mail/mailer';
import { accountRoutes } from './modules/account/routes';
import { cashRoutes } from './modules/cash/routes';
import { marketRoutes } from './modules/market/routes';
import { authRoutes } from './modules/auth/routes';
import { contactRoutes } from './modules/contact/routes';
import { devRoutes } from './modules/dev/routes';
import { governanceRoutes } from './modules/governance/routes';
import { healthRoutes } from './modules/health/routes';
import { kycRoutes, kycWebhookRoutes } from './modules/kyc/routes';
import { liveRoutes } from './modules/live/routes';
import { mfaRoutes } from './modules/mfa/routes';
import { ordersRoutes } from './modules/orders/routes';
import { createContractRenderer, type ContractRenderer } from './modules/orders/contract-renderer';
import type { PushResolver } from './modules/notifications/push-endpoint';
import { notificationRoutes } from './modules/notifications/routes';
import { operatorRoutes } from './modules/operator/routes';
import { operatorConsoleRoutes } from './modules/operator/console-routes';
import { operatorMarketRoutes } from './modules/operator/market-routes';
import { operatorPostRoutes } from './modules/operator/post-routes';
import { operatorProjectRoutes } from './modules/operator/project-routes';
import { postRoutes } from './modules/posts/routes';
import { productsRoutes } from './modules/products/routes';
import { siteRoutes } from './modules/site/routes';
import { usersRoutes } from './modules/users/routes';
import type { Secrets } from './secrets';
import { createFileStore, type FileStore } from './storage/files';

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
  /** Where uploaded files are kept; by default the configured bucket or the data folder. */
  files?: FileStore;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /**
   * How the push sender resolves a push service's host name (tests map names to their own
   * addresses); the system resolver otherwise. Whatever it answers, only public addresses are
   * connected to, except for PUSH_DEV_HOSTS.
   */
  resolvePushHost?: PushResolver;
  /**
   * How often the live event hub reads new events without being woken (default: 250 ms on SQLite,
   * 5 s on PostgreSQL, where NOTIFY wakes it); tests set it far out to show NOTIFY alone suffices.
   */
  livePollMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The worker threads that render PDFs (signed contracts, yearly statements), one pool per app. */
    pdfRenderer: ContractRenderer;
    /** The key that opens the development mailbox from anywhere; null when there is no mailbox. */
    devMailboxKey: string | null;
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
  files,
  logger,
  resolvePushHost,
  livePollMs,
}: BuildAppOptions): Promise<FastifyInstance> {
  const securityOptions = {
    isProduction: config.isProduction,
    googleClientId: config.GOOGLE_CLIENT_ID,
    isSumsub: config.KYC_PROVIDER === 'sumsub',
  };
  const securityHeaders = securityHeaderList(securityOptions);
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
    // A line per request only when asked for (REQUEST_LOG=all); otherwise request-log.ts logs
    // the failures and slow requests.
    logController:
      config.REQUEST_LOG === 'all' ? new LogController() : new RequestLogController({ slowMs: config.SLOW_REQUEST_MS }),
    // Answers written before any hook runs still use the catalogue's shape and security headers.
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
    // A request without a Host header reaches the guards and is refused in the catalogue's shape.
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.server.on('connect', connectRequestHandler(securityHeaders));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = db ?? createDb({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await app.register(dbPlugin, { handle, closeOnExit: db === undefined });
  await app.register(drain);
  const mail = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir });
  app.decorate('mailer', mail);
  app.addHook('onClose', async () => mail.close());
  const fileStore = files ?? createFileStore(config);
  if (!files) app.addHook('onClose', async () => fileStore.close());
  await app.register(errorHandler);
  await app.register(requestStart, {
    headers: securityHeaders,
    apiHeaders: apiSecurityHeaderList(securityHeaders),
  });
  // Fastify reads no body of a GET or HEAD request, so those routes skip the decompression step
  // (a stage every request of the route would otherwise run through, for nothing).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress = false;
    }
  });
  // API answers are compressed on the fly at a cheap brotli level; the client build is
  // compressed ahead of time (see scripts/precompress-plugin.ts) and served as is.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookies);
  const ctx: AppContext = {
    db: handle.db,
    config,
    mailer: mail,
    keys: deriveDataKeys(secrets.dataEncryptionKey),
    tokenKey: new TextEncoder().encode(secrets.tokenSigningKey),
    files: fileStore,
    now: now ?? (() => new Date()),
  };
  await app.register(authPlugin, { ctx });
  // Threads start with the first PDF to render and stop with the app (after requests in flight).
  const pdfRenderer = createContractRenderer(config);
  app.decorate('pdfRenderer', pdfRenderer);
  app.addHook('onClose', () => pdfRenderer.close());
  await app.register(projectAccess);
  await app.register(routeTable);
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindowMs: config.RATE_LIMIT_WINDOW_MS,
    redisUrl: config.REDIS_URL,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
  });

  // Before the routes: the API reference collects them as they are added.
  await app.register(apiDocs);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(mfaRoutes);
  await app.register(usersRoutes);
  await app.register(productsRoutes);
  await app.register(ordersRoutes);
  await app.register(governanceRoutes);
  await app.register(accountRoutes);
  await app.register(cashRoutes);
  await app.register(marketRoutes);
  await app.register(operatorRoutes);
  await app.register(operatorConsoleRoutes);
  await app.register(operatorPostRoutes);
  await app.register(operatorProjectRoutes);
  await app.register(operatorMarketRoutes);
  await app.register(kycRoutes);
  await app.register(kycWebhookRoutes);
  await app.register(liveRoutes, { handle, pollMs: livePollMs });
  // The development mailbox shows every sign-in code: see mayReadMailbox for who may read it.
  const mailboxKey = config.DEV_MAILBOX_KEY ?? randomBytes(24).toString('base64url');
  const hasMailbox = !config.isProduction && mail.readOutbox !== null;
  app.decorate('devMailboxKey', hasMailbox ? mailboxKey : null);
  if (hasMailbox) await app.register(devRoutes, { isLoopbackServer: isLoopbackHost(config.HOST), key: mailboxKey });
  await app.register(postRoutes);
  await app.register(contactRoutes);
  await app.register(siteRoutes);
  await app.register(notificationRoutes, {
    vapid: {
      subject: config.VAPID_SUBJECT ?? `mailto:${config.OPERATOR_EMAIL}`,
      publicKey: secrets.vapidPublicKey,
      privateKey: secrets.vapidPrivateKey,
    },
    resolvePushHost,
  });

  if (config.SERVE_CLIENT) {
    await app.register(staticClient, {
      root: config.clientDistDir,
      publicUrl: config.publicUrl,
      pageRenderer: config.pageRendererFile,
      renderSignedIn: config.RENDER_SIGNED_IN_PAGES,
    });
  } else {
    const { sendNotFound } = await import('./plugins/error-handler');
    app.setNotFoundHandler((request, reply) =>
      sendNotFound(reply, `No route for ${request.method} ${request.url.split('?')[0]}.`),
    );
  }
  return app;
}
