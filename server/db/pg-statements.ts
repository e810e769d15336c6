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
    return query({ name, text, values }).catch((error: unknown) => {
      if (!isCachedPlanChange(error)) throw error;
      renameStatement(text as string);
      return query(text, values);
    });
  };
  client.query = withNames as PoolClient['query'];
}

/**
 * A compiled query run on the pool itself (client.ts, outside any transaction): as its named
 * statement, and as the connections' own `query` does when a migration changed a table under it.
 */
export async function runOnPool(pool: Pool, text: string, values: readonly unknown[]): Promise<unknown[]> {
  const name = statementNameOf(text);
  if (!name) return (await pool.query(text, values as unknown[])).rows;
  try {
    return (await pool.query({ name, text, values: values as unknown[] })).rows;
  } catch (error) {
    if (!isCachedPlanChange(error)) throw error;
    renameStatement(text);
    return (await pool.query(text, values as unknown[])).rows;
  }
}
