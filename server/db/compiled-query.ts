import {
  PostgresAdapter,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { directRunOf } from './direct-reads';
import { RecentlyUsed } from './recently-used';
import type { Database } from './types';
import { testCounters } from '../test-counters';

/**
 * A query whose SQL is built and compiled once per engine, then run with new values.
 *
 * Building a Kysely query (every `.where`, `.select`, a frozen node each) and compiling it to
 * SQL costs more than running a short indexed statement; the app's reads have a fixed shape,
 * so only their values change from one request to the next. `compiledQuery` builds the query
 * once with a placeholder for each named value, keeps the SQL and where each value goes, and
 * afterwards only fills the values in. The SQL text is the same object every time, so
 * SQLite's statement cache (statement-cache.ts) finds its compiled statement at once.
 *
 * Rules for the builder:
 * - Values come from `params` and go into the query as values (`where(…, '=', params.x)`,
 *   `limit(params.n)`, `${params.x}` in a `sql` template). When it is first compiled, a value
 *   that became SQL text (`sql.lit`, `sql.raw`), that is not bound, or that the builder tested
 *   with `in` throws; so does a later call without one of its values. A query is never kept
 *   with one request's value in it.
 * - The builder never branches on a value (a placeholder is always truthy). Lists (`in`) and
 *   anything else that changes the shape of the query are not params: they are the `variant`
 *   of a `compiledQueryFamily`, which keeps one compiled query per variant.
 */

/** What a placeholder holds: its name, also as text so that it shows if it ends up in SQL. */
class Placeholder {
  constructor(readonly name: string) {}
  toString(): string {
    return `\u0000moa-placeholder:${this.name}\u0000`;
  }
  toJSON(): string {
    return this.toString();
  }
}

/** Where a value of the SQL comes from: the named param, or (param null) a value fixed in the query. */
interface Slot {
  readonly param: string | null;
  readonly value: unknown;
}

interface Compiled {
  readonly sql: string;
  readonly query: RootOperationNode;
  readonly slots: readonly Slot[];
}

/**
 * How often queries are compiled and run, while a test observes (a query is compiled once per
 * engine), and how many of the runs went straight to SQLite's connection or PostgreSQL's pool
 * (direct-reads.ts).
 */
export const compiledQueryCounters = testCounters(['compiled', 'executed', 'direct'] as const);

/**
 * PostgreSQL: the statement name of each compiled query's SQL. Every connection prepares a named
 * statement once and then only binds values (server/db/pg-statements.ts), as SQLite's statement
 * cache does; SQL built any other way stays an unnamed statement.
 */
const statementNames = new Map<string, string>();
let statementsNamed = 0;

export function statementNameOf(sql: string): string | undefined {
  return statementNames.get(sql);
}

/** A new name for a compiled query's SQL, so that every connection prepares it again. */
export function renameStatement(sql: string): void {
  if (statementNames.has(sql)) statementNames.set(sql, `moa_${(statementsNamed += 1)}`);
}

const QUERY_ID: QueryId = Object.freeze({ queryId: 'compiled-query' });

/** The engine a db (or a transaction of it) compiles for: the SQL differs between engines only. */
function engineKey(db: Kysely<Database>): object {
  return db.getExecutor().adapter.constructor;
}

export interface CompiledQueryTemplate<P, O> {
  /** Every row. */
  execute(db: Kysely<Database>, params: P): Promise<O[]>;
  /** The first row, or undefined. */
  executeTakeFirst(db: Kysely<Database>, params: P): Promise<O | undefined>;
  /** The SQL this template runs on `db`'s engine (compiling it if it has not been yet). */
  sqlFor(db: Kysely<Database>): string;
  /** The SQL compiled so far, one per engine. */
  compiledSql(): string[];
}

/** Builds `build`'s query once per engine and runs it with each call's `params`. */
export function compiledQuery<P extends Record<string, unknown>, O>(
  build: (db: Kysely<Database>, params: P) => Compilable<O>,
): CompiledQueryTemplate<P, O> {
  const byEngine = new Map<object, Compiled>();

  const compiledFor = (db: Kysely<Database>): Compiled => {
    const key = engineKey(db);
    let compiled = byEngine.get(key);
    if (!compiled) {
      compiled = compile(db, build);
      byEngine.set(key, compiled);
    }
    return compiled;
  };

  const run = async (db: Kysely<Database>, params: P): Promise<O[]> => {
    const compiled = compiledFor(db);
    const { slots } = compiled;
    const parameters: unknown[] = new Array(slots.length);
    for (let index = 0; index < slots.length; index += 1) {
      const slot = slots[index]!;
      if (slot.param === null) {
        parameters[index] = slot.value;
        continue;
      }
      const value = params[slot.param];
      // Kysely would have turned a missing value into SQL of another shape; say so instead.
      if (value === undefined) throw new Error(`The compiled query's value "${slot.param}" is missing.`);
      parameters[index] = value;
    }
    compiledQueryCounters.count('executed');
    const direct = directRunOf(db)?.(compiled.sql, parameters);
    if (direct) {
      compiledQueryCounters.count('direct');
      return direct as O[] | Promise<O[]>;
    }
    const query: CompiledQuery<O> = { sql: compiled.sql, query: compiled.query, parameters, queryId: QUERY_ID };
    return (await db.executeQuery(query)).rows;
  };

  return {
    execute: run,
    executeTakeFirst: async (db, params) => (await run(db, params))[0],
    sqlFor: (db) => compiledFor(db).sql,
    compiledSql: () => [...byEngine.values()].map((compiled) => compiled.sql),
  };
}

function compile<P extends Record<string, unknown>, O>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, params: P) => Compilable<O>,
): Compiled {
  const placeholders = new Map<string, Placeholder>();
  const params = new Proxy({} as P, {
    get(_target, name) {
      if (typeof name !== 'string') throw new Error('A compiled query names its values with strings.');
      let placeholder = placeholders.get(name);
      if (!placeholder) placeholders.set(name, (placeholder = new Placeholder(name)));
      return placeholder;
    },
    has: () => {
      throw new Error('A compiled query cannot look at its values while it is built.');
    },
  });
  const { sql, query, parameters } = build(db, params).compile();
  const slots: Slot[] = parameters.map((value) =>
    value instanceof Placeholder ? { param: value.name, value: undefined } : { param: null, value },
  );
  const used = new Set(slots.flatMap((slot) => (slot.param === null ? [] : [slot.param])));
  for (const name of placeholders.keys()) {
    if (!used.has(name) || sql.includes(`moa-placeholder:${name}`)) {
      throw new Error(`The compiled query's value "${name}" is not a parameter of its SQL: ${sql}`);
    }
  }
  compiledQueryCounters.count('compiled');
  if (db.getExecutor().adapter instanceof PostgresAdapter && !statementNames.has(sql)) {
    statementNames.set(sql, `moa_${(statementsNamed += 1)}`);
  }
  return { sql, query, slots };
}

/** The most variants a family keeps compiled; past it the least recently used goes. */
export const FAMILY_VARIANTS_KEPT = 64;

/**
 * A compiled query per variant of a query's shape (which filters it has, a list's length): the
 * variant is a string the caller derives from what changes the SQL, and `build` gets it back.
 * Variants are few by construction (a handful of filters); should a shape ever come from what
 * a request sends, at most FAMILY_VARIANTS_KEPT are kept, so no request can grow the process.
 */
export function compiledQueryFamily<V, P extends Record<string, unknown>, O>(
  keyOf: (variant: V) => string,
  build: (db: Kysely<Database>, params: P, variant: V) => Compilable<O>,
  kept = FAMILY_VARIANTS_KEPT,
): ((variant: V) => CompiledQueryTemplate<P, O>) & { readonly size: number } {
  // Dropping a template forgets the statement names of its SQL too.
  const templates = new RecentlyUsed<string, CompiledQueryTemplate<P, O>>(kept, (_key, template) => {
    for (const sql of template.compiledSql()) statementNames.delete(sql);
  });
  const family = (variant: V) => {
    const key = keyOf(variant);
    let template = templates.get(key);
    if (!template) {
      template = compiledQuery<P, O>((db, params) => build(db, params, variant));
      templates.set(key, template);
    }
    return template;
  };
  return Object.defineProperty(family, 'size', { get: () => templates.size }) as typeof family & {
    readonly size: number;
  };
}
