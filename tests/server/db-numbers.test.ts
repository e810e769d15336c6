/**
 * PostgreSQL's int8 and numeric values are read as exact numbers or refused
 * (server/db/numbers.ts): an amount or a count a double cannot hold is an error, never rounded.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInt8, parseNumeric, UnsafeNumberError } from '../../server/db/numbers';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';

describe('reading int8 and numeric', () => {
  it('takes exact integers up to 2^53 - 1 and refuses the next one', () => {
    expect(parseInt8('0')).toBe(0);
    expect(parseInt8('-42')).toBe(-42);
    expect(parseInt8('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseInt8('9007199254740992')).toThrow(UnsafeNumberError);
    expect(() => parseInt8('-9007199254740993')).toThrow(UnsafeNumberError);
    expect(() => parseInt8('12abc')).toThrow(UnsafeNumberError);
  });

  it('takes whole and fractional numerics whose whole part is safe, and nothing else', () => {
    expect(parseNumeric('1200')).toBe(1200);
    expect(parseNumeric('-7')).toBe(-7);
    expect(parseNumeric('2.5000000000000000')).toBe(2.5);
    expect(parseNumeric('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => parseNumeric('18014398509481984')).toThrow(UnsafeNumberError);
    expect(() => parseNumeric('18014398509481984.5')).toThrow(UnsafeNumberError);
    expect(() => parseNumeric('NaN')).toThrow(UnsafeNumberError);
    expect(() => parseNumeric('Infinity')).toThrow(UnsafeNumberError);
  });
});

describe.each(testEngines().filter((engine) => engine === 'postgres'))('PostgreSQL values (%s)', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('reads counts and sums of bigints as numbers', async () => {
    const { rows } = await sql<{ n: number; total: number; mean: number }>`
      select count(*) as n, sum(v) as total, avg(v) as mean
      from (values (9007199254740000::int8), (991::int8)) as t(v)`.execute(db.db);
    expect(rows[0]).toEqual({ n: 2, total: Number.MAX_SAFE_INTEGER, mean: 4503599627370495.5 });
  });

  it('refuses a sum past 2^53 instead of rounding it', async () => {
    await expect(
      sql`select sum(v) as total from (values (9007199254740991::int8), (1::int8)) as t(v)`.execute(db.db),
    ).rejects.toThrow(UnsafeNumberError);
    await expect(sql`select 9007199254740993::int8 as n`.execute(db.db)).rejects.toThrow(UnsafeNumberError);
  });
});
