import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server integration tests use, or null when none answers. */
    postgresUrl: string | null;
  }
}

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

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
}
