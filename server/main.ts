import { buildApp } from './app';
import { assertStartable, ConfigError, isLoopbackHost, parseConfig } from './config';
import { makeDataDirPrivate } from './data-dir';
import { createDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import { seedDemoDataOnce } from './db/seed/index';
import { secretsFor } from './secrets';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.env);
    assertStartable(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Everything this process creates (database, WAL, uploads, outbox) is for its own user only.
  process.umask(0o077);
  makeDataDirPrivate(config.dataDir);
  const secrets = secretsFor(config);

  const db = createDb({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await migrateToLatest(db.db);
  if (config.SEED_DEMO_DATA) await seedDemoDataOnce(db.db, new Date(), config.CURRENCY);

  const app = await buildApp({ config, secrets, db });
  app.addHook('onClose', async () => db.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Keep-alive sockets whose last request finishes during shutdown become idle later than
    // close() looks; sweep them so the process exits as soon as the work is done.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    sweep.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`files are kept in ${app.ctx.files.location}`);
  if (app.devMailboxKey) {
    const url = `${config.publicUrl}/dev/mailbox`;
    app.log.warn(
      isLoopbackHost(config.HOST)
        ? `development mailbox (sign-in codes, this machine only): ${url}`
        : `development mailbox (sign-in codes; keep this key private): ${url}?key=${app.devMailboxKey}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
