import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server integration tests use, or null when none answers. */
    postgresUrl: string | null;
    /** Prefix of this run's PostgreSQL schemas, all dropped when the run ends. */
    postgresSchemaPrefix: string;
    /** The Redis server the several-process tests share counters through, or null when none answers. */
    redisUrl: string | null;
  }
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` within two seconds (tests and the bench skip what needs it otherwise). */
export async function isRedisReachable(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Integration tests run on SQLite always and on PostgreSQL whenever one answers
 * (TEST_POSTGRES_URL, default the local `test` database). In CI a missing PostgreSQL is an
 * error, not a skip, so a green run always means both engines passed.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_POSTGRES_URL ?? DEFAULT_POSTGRES_URL;
  const reachable = await isReachable(url);
  if (!reachable) {
    if (process.env.CI) throw new Error(`PostgreSQL is not reachable at ${url}; CI runs every test on both engines.`);
    console.warn(`\n  PostgreSQL not reachable at ${url}: integration tests run on SQLite only.\n`);
  }
  project.provide('postgresUrl', reachable ? url : null);
  // Redis is only for the tests of several processes sharing counters; it runs in CI beside PostgreSQL.
  const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const redisReachable = await isRedisReachable(redisUrl);
  if (!redisReachable) {
    if (process.env.CI) throw new Error(`Redis is not reachable at ${redisUrl}; CI runs the several-process tests.`);
    console.warn(`\n  Redis not reachable at ${redisUrl}: the several-process tests are skipped.\n`);
  }
  project.provide('redisUrl', redisReachable ? redisUrl : null);
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  project.provide('postgresSchemaPrefix', prefix);

  // Schemas are dropped once, after every file has finished: dropping one while another file
  // is migrating makes PostgreSQL's catalogue lookups fail for the other file.
  return async () => {
    if (!reachable) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where nspname like $1`,
        [`${prefix.replace(/_/g, '\\_')}%`],
      );
      for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
