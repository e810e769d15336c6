import { buildApp } from './app';
import { assertStartable, ConfigError, isLoopbackHost, parseConfig } from './config';
import { makeDataDirPrivate } from './data-dir';
import { createDb } from './db/client';
import { migrateToLatest, pendingMigrations } from './db/migrate';
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
  // Several processes starting together migrate once: the first holds the lock, the others then find nothing to do.
  if (config.MIGRATE_ON_START) await migrateToLatest(db.db);
  else {
    const pending = await pendingMigrations(db.db);
    if (pending.length > 0) {
      console.error(
        `The database lacks ${pending.length} migrations (${pending[0]}…): run npm run moa -- migrate first.`,
      );
      process.exit(1);
    }
  }
  if (config.SEED_DEMO_DATA) await seedDemoDataOnce(db.db, new Date(), config.CURRENCY);

  const app = await buildApp({ config, secrets, db });
  app.addHook('onClose', async () => db.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness fails at once; requests are still served for DRAIN_DELAY_MS, so a load balancer
    // stops sending new ones before the listener closes. Then: no new connections, requests in
    // flight finish, the sweeps stop after their current run, and the database and Redis close.
    app.drain.begin();
    const delayMs = config.DRAIN_DELAY_MS;
    app.log.info({ signal, delayMs }, 'shutting down: draining, then no new connections, finishing requests in flight');
    setTimeout(() => {
      const force = setTimeout(() => {
        app.log.error('shutdown took longer than 10 s; exiting');
        process.exit(1);
      }, 10_000);
      force.unref();
      // The listener closes first, so a connection is either refused (a load balancer tries the
      // next process) or served in full: the app closes (sweeps, database, Redis) only once every
      // connection has ended. Live streams never end by themselves, so they end now; keep-alive
      // sockets whose last request finishes meanwhile become idle later than close() looks, so
      // they are swept until the process exits.
      app.server.close(() => {
        app.close().then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'error while shutting down');
            process.exit(1);
          },
        );
      });
      void app.liveHub.close();
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      sweep.unref();
    }, delayMs);
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
