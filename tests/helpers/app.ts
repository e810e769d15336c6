import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/app';
import { parseConfig, type AppConfig } from '../../server/config';
import type { DbOptions, Engine } from '../../server/db/client';
import { secretsFor } from '../../server/secrets';
import { createTestDb, type TestDb } from './db';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: AppConfig;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh database of the given engine, built exactly as main.ts builds it.
 * Tests talk to it with `app.inject` (real routing, hooks, validation and serialization) or
 * over a real socket after `app.listen({ port: 0 })`.
 */
export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  /** Extra routes for probing shared machinery (validation, limits) before the app is ready. */
  extend?: (app: FastifyInstance) => void,
  options: {
    now?: () => Date;
    resolvePushHost?: BuildAppOptions['resolvePushHost'];
    onQuery?: DbOptions['onQuery'];
    /** How often the live hub reads new events unwoken (a test that wakes it itself sets it long). */
    livePollMs?: number;
  } = {},
): Promise<TestApp> {
  const db = await createTestDb(engine, options.onQuery ? { onQuery: options.onQuery } : {});
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'moa-data-')),
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    // `CURRENCY=KRW npm run test:currency` runs the money-touching files in a currency without minor digits.
    ...(process.env.CURRENCY ? { CURRENCY: process.env.CURRENCY } : {}),
    ...env,
  });
  const secrets = secretsFor(config);
  const app = await buildApp({
    config,
    secrets,
    db,
    logger: false,
    now: options.now,
    resolvePushHost: options.resolvePushHost,
    livePollMs: options.livePollMs,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
