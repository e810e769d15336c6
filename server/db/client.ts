import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  ValueNode,
  sql,
  type DatabaseConnection,
  type Driver,
  type LimitNode,
  type QueryCompiler,
} from 'kysely';
import type PgModule from 'pg';
import type { Pool } from 'pg';
import { parseInt8, parseNumeric } from './numbers';
import { nameCompiledStatements, runnerOnPool } from './pg-statements';
import { allowDirectRuns } from './direct-reads';
import { compiledQuery } from './compiled-query';
import { cachingDatabase, type StatementCacheStats } from './statement-cache';
import type { Database } from './types';

export type Engine = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  engine: Engine;
  close: () => Promise<void>;
  /** SQLite only: how often the statement cache compiled and reused statements (tests, bench). */
  statementStats?: () => StatementCacheStats;
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own (outside the pool).
   * Resolves to the function that closes it; `onError` is called once if the connection breaks.
   */
  listen?: (
    channel: string,
    onPayload: (payload: string) => void,
    onError: (error: Error) => void,
  ) => Promise<() => Promise<void>>;
}

export interface DbOptions {
  /** postgres://… for PostgreSQL; sqlite:<file> or undefined for SQLite in the data folder. */
  url?: string;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string;
  poolSize?: number;
  /** Called with every statement run and its parameters (tests count statements, the bench replays them). */
  onQuery?: (query: { sql: string; parameters: readonly unknown[] }) => void;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
let pgParsersSet = false;

function setPgParsers(pg: typeof PgModule): void {
  if (pgParsersSet) return;
  pgParsersSet = true;
  // Counts and minor-unit amounts are exact numbers, not strings; one a double cannot hold throws.
  pg.types.setTypeParser(PG_INT8, parseInt8);
  pg.types.setTypeParser(PG_NUMERIC, parseNumeric);
  // One representation of time on both engines: ISO-8601 UTC strings.
  pg.types.setTypeParser(PG_TIMESTAMPTZ, (value) => new Date(value).toISOString());
  pg.types.setTypeParser(PG_TIMESTAMP, (value) => new Date(`${value}Z`).toISOString());
}

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

export function sqliteFileFor(options: Pick<DbOptions, 'url' | 'dataDir'>): string {
  if (options.url?.startsWith('sqlite:')) {
    const file = options.url.slice('sqlite:'.length);
    return file === ':memory:' ? file : path.resolve(file);
  }
  return path.join(options.dataDir, 'moa.sqlite');
}

export function createDb(options: DbOptions): DbHandle {
  if (isPostgresUrl(options.url)) {
    const url = options.url;
    // The PostgreSQL client loads with the first query, so a SQLite install never holds it.
    let onPool: ReturnType<typeof runnerOnPool> | null = null;
    let creating: Promise<Pool> | null = null;
    const pool = (): Promise<Pool> =>
      (creating ??= (async () => {
        const pg = (await import('pg')).default;
        setPgParsers(pg);
        const created = new pg.Pool({
          connectionString: url,
          max: options.poolSize ?? 10,
          ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
        });
        // Compiled queries run as named statements (docs/decisions/1602-requests-do-their-own-work-once.md).
        created.on('connect', nameCompiledStatements);
        onPool = runnerOnPool(created);
        return created;
      })());
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) });
    // A compiled query outside a transaction runs on the pool itself, as a named statement, without
    // Kysely's driver (a connection acquired, a promise per layer, released): the pool lends it a
    // connection and takes it back. A transaction runs its queries on its own connection, through
    // Kysely, as before; the first query of all goes through Kysely too, which makes the pool.
    const { onQuery } = options;
    allowDirectRuns(db, (sql, parameters) => {
      if (onPool === null) return null;
      const rows = onPool(sql, parameters);
      return onQuery ? rows.then((answered) => (onQuery({ sql, parameters }), answered)) : rows;
    });
    const listen: DbHandle['listen'] = async (channel, onPayload, onError) => {
      const pg = (await import('pg')).default;
      const client = new pg.Client({ connectionString: url });
      let failed = false;
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      client.on('error', (error) => {
        if (failed) return;
        failed = true;
        onError(error);
      });
      try {
        await client.connect();
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
      } catch (error) {
        failed = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      return async () => {
        failed = true;
        await client.end().catch(() => undefined);
      };
    };
    return { db, engine: 'postgres', close: () => db.destroy(), listen };
  }

  const file = sqliteFileFor(options);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const database = new SQLite(file);
  // Private before the first write: SQLite gives the WAL and shared-memory files the
  // database file's own mode, so all three are readable by this user only.
  if (file !== ':memory:') chmodSync(file, 0o600);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const cache = cachingDatabase(database);
  const dialect = new ImmediateSqliteDialect({ database: cache.database });
  const db = new Kysely<Database>({ dialect, log: queryLog(options) });
  // A compiled query runs at once when nothing holds the connection: better-sqlite3 runs it to
  // the end before anything else can, so it cannot fall inside a transaction, and it skips the
  // driver's queue and promises (docs/decisions/1845-a-kept-statement-is-not-compiled-again.md).
  const { onQuery } = options;
  allowDirectRuns(db, (sql, parameters) => {
    if (dialect.connectionsHeld() > 0) return null;
    const statement = cache.database.prepare(sql);
    const rows = statement.reader ? statement.all(parameters) : (statement.run(parameters), []);
    onQuery?.({ sql, parameters });
    return rows as unknown[];
  });
  return { db, engine: 'sqlite', close: () => db.destroy(), statementStats: cache.stats };
}

const BEGIN_IMMEDIATE: CompiledQuery = CompiledQuery.raw('begin immediate');

/**
 * Every transaction on SQLite begins IMMEDIATE: it takes the write lock at its start, waiting
 * (busy timeout) while another process writes. A plain BEGIN takes it only at the first write,
 * and under WAL a transaction that read first cannot wait then: when another process (a second
 * server, the operator command line) wrote in between, SQLite refuses at once with
 * SQLITE_BUSY. Every writer opens its transactions through this driver, so none is refused.
 * See docs/decisions/1703-input-guards-and-write-locks.md.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  /** How many hold the connection now (one at most; a transaction holds it from begin to end). */
  held = 0;
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(BEGIN_IMMEDIATE);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.held += 1;
    return connection;
  }
  override async releaseConnection(): Promise<void> {
    this.held -= 1;
    await super.releaseConnection();
  }
}

/**
 * A bound LIMIT is written `limit +?`. SQLite (3.47 and later) reads the value bound to a plain
 * `limit ?` while it plans the statement, and so marks the statement to be compiled again every
 * time that parameter is bound, which with a kept statement is every run: for the home page's
 * shelves that was three quarters of the statement's time. Under a unary plus the parameter is
 * an expression, not a value the planner reads, so the compiled program is kept; the value and
 * the rules for it (an integer, negative for no limit) are the same. See
 * docs/decisions/1845-a-kept-statement-is-not-compiled-again.md.
 */
export class StableSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    if (!ValueNode.is(node.limit) || node.limit.immediate) return super.visitLimit(node);
    this.append('limit +');
    this.visitNode(node.limit);
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  #driver: ImmediateSqliteDriver | undefined;
  override createDriver(): Driver {
    return (this.#driver = new ImmediateSqliteDriver(this.#config));
  }
  /** How many hold the connection of this dialect's driver now (its Kysely instance makes one). */
  connectionsHeld(): number {
    return this.#driver?.held ?? 0;
  }
  override createQueryCompiler(): QueryCompiler {
    return new StableSqliteQueryCompiler();
  }
}

function queryLog(options: DbOptions) {
  const { onQuery } = options;
  if (!onQuery) return undefined;
  return (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
    if (event.level === 'query') onQuery(event.query);
  };
}

/**
 * The statement of a ping, compiled once: on SQLite it runs straight on the connection when
 * nothing holds it, as the reads do (compiled-query.ts), on PostgreSQL as a named statement.
 */
const ping = compiledQuery((db) => db.selectNoFrom(sql<number>`1`.as('up')));

/** A real round trip to the database, for /api/health. */
export async function pingDb(db: Kysely<Database>): Promise<boolean> {
  try {
    await ping.execute(db, {});
    return true;
  } catch {
    return false;
  }
}
