/**
 * Queries compiled once (server/db/compiled-query.ts): the SQL is built on first use per
 * engine, then only the values change; a builder that would keep one call's value in the SQL,
 * or look at a value while building, is refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb } from '../../server/db/client';
import { compiledQuery, compiledQueryFamily, compiledQueryCounters } from '../../server/db/compiled-query';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';

describe.each(testEngines())('compiled queries (%s)', (engine) => {
  let db: TestDb;
  const statements: string[] = [];
  beforeAll(async () => {
    db = await createTestDb(engine, { onQuery: (query) => statements.push(query.sql) });
    await db.db
      .insertInto('categories')
      .values([
        { name: 'Music', sort_order: 1 },
        { name: 'Film', sort_order: 2 },
        { name: 'Food', sort_order: 3 },
      ])
      .execute();
  });
  afterAll(() => db.destroy());

  it('builds and compiles once, then runs with each call’s values', async () => {
    const byName = compiledQuery((kysely, params: { name: string; after: number }) =>
      kysely
        .selectFrom('categories')
        .select(['name', 'sort_order'])
        .where('name', '=', params.name)
        .where('sort_order', '>', params.after),
    );
    const counted = compiledQueryCounters.observe();
    statements.length = 0;
    expect(await byName.executeTakeFirst(db.db, { name: 'Film', after: 0 })).toEqual({ name: 'Film', sort_order: 2 });
    expect(await byName.executeTakeFirst(db.db, { name: 'Food', after: 0 })).toEqual({ name: 'Food', sort_order: 3 });
    expect(await byName.executeTakeFirst(db.db, { name: 'Food', after: 3 })).toBeUndefined();
    compiledQueryCounters.release(counted);
    expect(counted.compiled).toBe(1);
    // The same SQL text every time, which the SQLite statement cache finds at once.
    expect(new Set(statements)).toEqual(new Set([byName.sqlFor(db.db)]));
    expect(statements).toHaveLength(3);
  });

  it('runs inside a transaction with the same compiled SQL', async () => {
    const names = compiledQuery((kysely, params: { from: number }) =>
      kysely.selectFrom('categories').select('name').where('sort_order', '>=', params.from).orderBy('sort_order'),
    );
    const outside = await names.execute(db.db, { from: 2 });
    const inside = await db.db.transaction().execute((trx) => names.execute(trx, { from: 2 }));
    expect(inside).toEqual(outside);
    expect(outside.map((row) => row.name)).toEqual(['Film', 'Food']);
  });

  it('never reads what a transaction in flight has not committed', async () => {
    const named = compiledQuery((kysely, params: { name: string }) =>
      kysely.selectFrom('categories').select('name').where('name', '=', params.name),
    );
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let readDone!: (rows: unknown[]) => void;
    const read = new Promise<unknown[]>((resolve) => (readDone = resolve));
    const counted = compiledQueryCounters.observe();
    const transaction = db.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('categories').values({ name: 'Uncommitted', sort_order: 9 }).execute();
        inserted();
        // The read outside starts while this transaction holds its row, and it is then undone.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('undone');
      })
      .catch((error: Error) => error.message);
    await insertedYet;
    void named.execute(db.db, { name: 'Uncommitted' }).then(readDone);
    expect(await transaction).toBe('undone');
    expect(await read).toEqual([]);
    // Outside any transaction, SQLite's own handle runs a compiled read at once.
    expect(await named.execute(db.db, { name: 'Music' })).toEqual([{ name: 'Music' }]);
    compiledQueryCounters.release(counted);
    expect(counted.executed).toBe(2);
    // On SQLite the read made during the transaction waited for it, through the driver; on
    // PostgreSQL it ran at once on another connection of the pool, which sees only what is committed.
    expect(counted.direct).toBe(engine === 'sqlite' ? 1 : 2);
  });

  it('keeps one compiled query per variant of the shape', async () => {
    const family = compiledQueryFamily(
      (descending: boolean) => String(descending),
      (kysely, params: { limit: number }, descending) =>
        kysely
          .selectFrom('categories')
          .select('name')
          .orderBy('sort_order', descending ? 'desc' : 'asc')
          .limit(params.limit),
    );
    expect((await family(true).execute(db.db, { limit: 1 })).map((row) => row.name)).toEqual(['Food']);
    expect((await family(false).execute(db.db, { limit: 2 })).map((row) => row.name)).toEqual(['Music', 'Film']);
    expect(family(true)).toBe(family(true));
  });

  it('refuses a value that would become SQL text, or that the query does not use', async () => {
    const literal = compiledQuery((kysely, params: { name: string }) =>
      kysely.selectFrom('categories').select('name').where('name', '=', sql.lit(params.name)),
    );
    await expect(literal.execute(db.db, { name: 'Film' })).rejects.toThrow();
    const unused = compiledQuery((kysely, params: { name: string; limit: number }) => {
      void params.limit;
      return kysely.selectFrom('categories').select('name').where('name', '=', params.name);
    });
    await expect(unused.execute(db.db, { name: 'Film', limit: 1 })).rejects.toThrow(/"limit" is not a parameter/);
    const looking = compiledQuery((kysely, params: { name?: string }) =>
      'name' in params ? kysely.selectFrom('categories').select('name') : kysely.selectFrom('users').select('id'),
    );
    await expect(looking.execute(db.db, {})).rejects.toThrow(/cannot look at its values/);
  });

  it('refuses a call without one of its values', async () => {
    const byName = compiledQuery((kysely, params: { name: string }) =>
      kysely.selectFrom('categories').select('name').where('name', '=', params.name),
    );
    await expect(byName.execute(db.db, {} as { name: string })).rejects.toThrow(/"name" is missing/);
  });
});

describe.runIf(testEngines().includes('postgres'))('compiled queries on PostgreSQL', () => {
  it('run as named statements, prepared once per connection, and survive a change of the table under them', async () => {
    const db = await createTestDb('postgres');
    // One connection, so the statements it prepared can be listed.
    const one = createDb({ url: inject('postgresUrl')!, dataDir: '.', schema: db.schema, poolSize: 1 });
    try {
      await sql`create table probe (a integer)`.execute(one.db);
      await sql`insert into probe (a) values (1)`.execute(one.db);
      const probe = compiledQuery((kysely, params: { from: number }) =>
        kysely
          .selectFrom('probe' as never)
          .selectAll()
          .where('a' as never, '>=', params.from as never),
      );
      expect(await probe.execute(one.db, { from: 0 })).toEqual([{ a: 1 }]);
      expect(await probe.execute(one.db, { from: 0 })).toEqual([{ a: 1 }]);
      const prepared = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(one.db);
      expect(prepared.rows.filter((row) => row.statement === probe.sqlFor(one.db))).toHaveLength(1);
      expect(prepared.rows.find((row) => row.statement === probe.sqlFor(one.db))!.name).toMatch(/^moa_\d+$/);
      // Another process's migration adds a column: the kept plan no longer fits, the query still answers.
      await sql`alter table probe add column b integer`.execute(one.db);
      await sql`update probe set b = 2`.execute(one.db);
      const counted = compiledQueryCounters.observe();
      try {
        expect(await probe.execute(one.db, { from: 0 })).toEqual([{ a: 1, b: 2 }]);
        expect(await probe.execute(one.db, { from: 0 })).toEqual([{ a: 1, b: 2 }]);
      } finally {
        compiledQueryCounters.release(counted);
      }
      // Both ran on the pool itself (direct-reads.ts), which names them and prepares them again.
      expect(counted).toMatchObject({ executed: 2, direct: 2 });
      const firstName = prepared.rows.find((row) => row.statement === probe.sqlFor(one.db))!.name;
      const now = await sql<{
        name: string;
      }>`select name from pg_prepared_statements where statement = ${probe.sqlFor(one.db)}`.execute(one.db);
      expect(now.rows.map((row) => row.name)).toContainEqual(expect.not.stringMatching(`^${firstName}$`));
    } finally {
      await one.close();
      await db.destroy();
    }
  });
});
