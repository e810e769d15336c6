import type { Database as BetterSqliteDatabase, Statement as BetterSqliteStatement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { RecentlyUsed } from './recently-used';

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely's SQLite driver calls
 * `prepare` for every query it runs. This keeps the compiled statements, keyed by their SQL
 * text, and hands the same one back: the app's queries are built from a fixed set of shapes,
 * so after warm-up nearly every query skips the compile. The cache is bounded (least recently
 * used goes first) so statements built with a varying number of parameters cannot grow it
 * without limit.
 *
 * Reusing a statement is safe here because Kysely's SQLite driver runs one query at a time on
 * its single connection; SQLite itself recompiles a kept statement if the schema changes.
 *
 * A kept statement that answers rows reads them as arrays and builds each row with a function
 * made once for its columns (`rowMaker`), rather than letting better-sqlite3 build each row
 * by name: that looks every column's name up in V8's string table and sets it as a property
 * by its generic path, for every column of every row, which was the larger part of reading a
 * list (docs/decisions/1846-rows-built-by-a-function-of-their-columns.md).
 */
export interface StatementCacheStats {
  /** Statements compiled by SQLite (cache misses). */
  compiled: number;
  /** Statements handed out (every query the driver ran). */
  used: number;
  /** Statements kept now. */
  size: number;
}

export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

type Row = Record<string, unknown>;
type RowMaker = (values: readonly unknown[]) => Row;

/**
 * A function that turns a row's values, in column order, into the object better-sqlite3 would
 * have answered: the same keys in the same order, and where two columns share a name, the later
 * one's value in the first one's place. An object literal with fixed keys gives every row of a
 * statement one shape V8 builds directly. A column named `__proto__`, which a literal would take
 * as the prototype, makes a loop that defines it as the row's own property instead.
 */
export function rowMaker(names: readonly string[]): RowMaker {
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Row = {};
      for (let index = 0; index < names.length; index += 1) {
        Object.defineProperty(row, names[index]!, {
          value: values[index],
          writable: true,
          enumerable: true,
          configurable: true,
        });
      }
      return row;
    };
  }
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ');
  // Generated code, as Fastify's serializers and Ajv's validators are: the only text in it that
  // is not written here is the column names, each a JSON string literal.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  return new Function('values', `return { ${fields} };`) as RowMaker;
}

/** A statement that changes the schema: the columns a kept statement answers may change with it. */
const SCHEMA_CHANGE = /^\s*(?:alter|create|drop)\b/i;

/** Counts the schema changes run through a cache, so each kept statement learns of them. */
interface SchemaClock {
  changes: number;
}

/** A kept statement as Kysely's driver uses it, answering rows built by `rowMaker`. */
export class KeptStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #changesSchema: boolean;
  #names: readonly string[] = [];
  #make: RowMaker | null = null;
  #madeAt = 0;

  constructor(
    readonly statement: BetterSqliteStatement,
    private readonly schema: SchemaClock,
  ) {
    this.reader = statement.reader;
    this.#changesSchema = SCHEMA_CHANGE.test(statement.source);
    if (this.reader) statement.raw(true);
  }

  /**
   * The maker for rows of `width` values. A schema change can change what a kept statement
   * answers (`select *` after a column is added or renamed): SQLite compiles the statement
   * again, and its maker is made again too, after a change run on this connection or, from
   * another connection, when the number of columns differs.
   */
  #maker(width: number): RowMaker {
    if (this.#make === null || this.#madeAt !== this.schema.changes || width !== this.#names.length) {
      this.#names = this.statement.columns().map((column) => column.name);
      this.#make = rowMaker(this.#names);
      this.#madeAt = this.schema.changes;
    }
    return this.#make;
  }

  all(parameters: readonly unknown[]): unknown[] {
    if (!this.reader) return this.statement.all(parameters);
    const rows = this.statement.all(parameters) as unknown[][];
    if (rows.length === 0) return rows;
    const make = this.#maker(rows[0]!.length);
    for (let index = 0; index < rows.length; index += 1) (rows as unknown[])[index] = make(rows[index]!);
    return rows;
  }

  run(parameters: readonly unknown[]) {
    try {
      return this.statement.run(parameters);
    } finally {
      if (this.#changesSchema) this.schema.changes += 1;
    }
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<unknown> {
    if (!this.reader) {
      yield* this.statement.iterate(parameters);
      return;
    }
    for (const values of this.statement.iterate(parameters) as IterableIterator<unknown[]>) {
      yield this.#maker(values.length)(values);
    }
  }
}

/** The cache as Kysely's SQLite dialect takes a database, handing out kept statements. */
export interface KeptStatements extends SqliteDatabase {
  prepare(sql: string): KeptStatement;
}

export function cachingDatabase(
  database: BetterSqliteDatabase,
  maxStatements = DEFAULT_STATEMENT_CACHE_SIZE,
): { database: KeptStatements; stats: () => StatementCacheStats } {
  const statements = new RecentlyUsed<string, KeptStatement>(maxStatements);
  const schema: SchemaClock = { changes: 0 };
  let compiled = 0;
  let used = 0;
  const cached: KeptStatements = {
    prepare(sql: string): KeptStatement {
      used += 1;
      const kept = statements.get(sql);
      if (kept) return kept;
      const statement = new KeptStatement(database.prepare(sql), schema);
      compiled += 1;
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
  return { database: cached, stats: () => ({ compiled, used, size: statements.size }) };
}
