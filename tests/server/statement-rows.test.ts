/**
 * The SQLite statement cache answers rows it builds itself from each row's values
 * (server/db/statement-cache.ts): they must be the rows better-sqlite3 builds, key for key and
 * in the same order, for every statement the app can run.
 */
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingDatabase, rowMaker } from '../../server/db/statement-cache';
import { createTestDb } from '../helpers/db';

let plain: SQLite.Database;
let cache: ReturnType<typeof cachingDatabase>;

beforeEach(() => {
  plain = new SQLite(':memory:');
  plain.exec(`
    create table items (id integer primary key, name text, price integer, note text, data blob, ratio real);
    insert into items (name, price, note, data, ratio) values
      ('first', 1000, null, x'00ff', 0.5),
      ('두 번째', 9007199254740991, 'a "quoted" \\ note', null, -1.25);
  `);
  cache = cachingDatabase(plain);
});

afterEach(() => cache.database.close());

/** What better-sqlite3 answers for `text`, from a statement of its own. */
const expected = (text: string, parameters: unknown[] = []) => plain.prepare(text).all(parameters);

function expectSameRows(text: string, parameters: unknown[] = []) {
  const rows = cache.database.prepare(text).all(parameters) as Record<string, unknown>[];
  const wanted = expected(text, parameters) as Record<string, unknown>[];
  expect(rows).toEqual(wanted);
  expect(rows.map((row) => Object.keys(row))).toEqual(wanted.map((row) => Object.keys(row)));
  return rows;
}

describe('rows of a kept statement', () => {
  it('are the rows better-sqlite3 answers, keys in the same order, every kind of value', () => {
    const rows = expectSameRows('select * from items order by id');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ name: '두 번째', price: 9007199254740991, ratio: -1.25 });
    expect(Buffer.isBuffer(rows[0]!.data)).toBe(true);
  });

  it('are read as values in column order, not built by better-sqlite3 by name', () => {
    const kept = cache.database.prepare('select id, name from items order by id');
    kept.all([]);
    // The underlying statement answers arrays: the names are put on by the statement's maker.
    expect(kept.statement.all([])).toEqual([
      [1, 'first'],
      [2, '두 번째'],
    ]);
  });

  it('keep the first place and the last value of a name two columns share', () => {
    const rows = expectSameRows('select id, name, price as id, note as name from items order by id');
    expect(rows[0]).toEqual({ id: 1000, name: null });
  });

  it('carry names no identifier could: quotes, backslashes, spaces, numbers, other scripts', () => {
    expectSameRows(
      `select id as "a ""b"" c", name as "back\\slash", price as "0", note as "10", ratio as "가격", count(*) over () as "count(*)" from items`,
    );
  });

  it('take a column named __proto__ as a value of the row, never as its prototype', () => {
    const [row] = cache.database.prepare('select id, name as "__proto__" from items order by id').all([]) as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('first');
    expect(Object.keys(row!)).toEqual(['id', '__proto__']);
  });

  it('come with the parameters bound, none when nothing matches, and through iterate too', () => {
    expectSameRows('select id, name from items where price > ?', [5000]);
    expect(cache.database.prepare('select id from items where price < ?').all([0])).toEqual([]);
    const iterated = [...cache.database.prepare('select id, name from items order by id').iterate([])];
    expect(iterated).toEqual(expected('select id, name from items order by id'));
  });

  it('come from an insert with RETURNING, while statements that answer nothing still run', () => {
    const returned = cache.database
      .prepare('insert into items (name, price) values (?, ?) returning id, name')
      .all(['third', 5]);
    expect(returned).toEqual([{ id: 3, name: 'third' }]);
    const result = cache.database.prepare('update items set price = price + 1 where id = ?').run([3]);
    expect(result.changes).toBe(1);
    expect(expected('select price from items where id = 3')).toEqual([{ price: 6 }]);
  });

  it('follow the columns when a schema change alters what a kept statement answers', async () => {
    const db = await createTestDb('sqlite');
    try {
      await sql`create table probe (a integer)`.execute(db.db);
      await sql`insert into probe (a) values (1)`.execute(db.db);
      const read = () => sql<Record<string, number>>`select * from probe`.execute(db.db);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`alter table probe add column b integer default 7`.execute(db.db);
      expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
      await sql`alter table probe rename column a to first`.execute(db.db);
      expect((await read()).rows).toEqual([{ first: 1, b: 7 }]);
    } finally {
      await db.destroy();
    }
  });
});

describe('rowMaker', () => {
  it('makes one function per list of names, answering the same shape for every row', () => {
    const make = rowMaker(['id', 'name']);
    const first = make([1, 'a']);
    const second = make([2, 'b']);
    expect(first).toEqual({ id: 1, name: 'a' });
    expect(Object.keys(second)).toEqual(['id', 'name']);
  });
});
