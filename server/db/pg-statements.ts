import type { Pool, PoolClient, QueryResult } from 'pg';
import { renameStatement, statementNameOf } from './compiled-query';

/**
 * PostgreSQL connections run the compiled queries (compiled-query.ts) as named statements: the
 * server parses and plans each one once per connection, then only binds values, instead of
 * parsing and planning the same text on every request. Any other SQL (migrations, writes built
 * per call) stays an unnamed statement, as before.
 *
 * A named statement keeps the row type it was prepared with. If a migration run by another
 * process changes a table under it, PostgreSQL refuses it ("cached plan must not change result
 * type"): the query then runs once unnamed and its SQL gets a new name, so each connection
 * prepares it afresh.
 */

const CACHED_PLAN_CHANGED = 'cached plan must not change result type';

function isCachedPlanChange(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown };
  return (
    candidate?.code === '0A000' &&
    typeof candidate.message === 'string' &&
    candidate.message.includes(CACHED_PLAN_CHANGED)
  );
}

type Run = (
  query: string | { name: string; text: string; values: unknown[] },
  values?: unknown[],
) => Promise<QueryResult>;

/**
 * Runs compiled SQL as its named statement through `run` (a connection's or the pool's `query`);
 * when a migration changed a table under the kept plan, runs it once unnamed and names it anew.
 */
function runNamed(run: Run, name: string, text: string, values: unknown[]): Promise<QueryResult> {
  return run({ name, text, values }).catch((error: unknown) => {
    if (!isCachedPlanChange(error)) throw error;
    renameStatement(text);
    return run(text, values);
  });
}

const named = new WeakSet<PoolClient>();

/** Makes a pool's new connection run compiled queries as named statements (pool.on('connect')). */
export function nameCompiledStatements(client: PoolClient): void {
  if (named.has(client)) return;
  named.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<QueryResult>;
  const withNames = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      typeof text === 'string' && args.length === 2 && Array.isArray(values) ? statementNameOf(text) : undefined;
    if (!name) return query(...args);
    return runNamed(query, name, text as string, values as unknown[]);
  };
  client.query = withNames as PoolClient['query'];
}

/**
 * How compiled queries run on the pool itself (client.ts, outside any transaction), named as
 * above: made once per pool.
 */
export function runnerOnPool(pool: Pool): (text: string, values: readonly unknown[]) => Promise<unknown[]> {
  const run = pool.query.bind(pool) as Run;
  return async (text, values) => {
    const name = statementNameOf(text);
    return (name ? await runNamed(run, name, text, values as unknown[]) : await run(text, values as unknown[])).rows;
  };
}
