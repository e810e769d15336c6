import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/** The PostgreSQL channel every process listens on; the payload names the writer's schema. */
export const LIVE_CHANNEL = 'moa_live_events';

export interface NewLiveEventRow {
  user_id: string;
  type: string;
  product_id: number | null;
  ref: string | null;
  created_at: string;
}

export interface LiveEventRow extends NewLiveEventRow {
  id: number;
}

const columns = ['id', 'user_id', 'type', 'product_id', 'ref', 'created_at'] as const;

/** Above this many rows, events go in set-based: one JSON parameter per 10,000 rows. */
const ROWS_AS_VALUES = 100;
const ROWS_PER_JSON_STATEMENT = 10_000;

export async function insertLiveEvents(db: Db, rows: NewLiveEventRow[]): Promise<void> {
  if (rows.length <= ROWS_AS_VALUES) {
    if (rows.length) await db.insertInto('live_events').values(rows).execute();
    return;
  }
  // A fan-out or a distribution to many holders: rows selected from one JSON parameter
  // (SQLite's json_each, PostgreSQL's jsonb_to_recordset), not a query built value by value.
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (let start = 0; start < rows.length; start += ROWS_PER_JSON_STATEMENT) {
    const json = JSON.stringify(rows.slice(start, start + ROWS_PER_JSON_STATEMENT));
    if (pg) {
      await sql`insert into live_events (user_id, type, product_id, ref, created_at)
        select r.user_id, r.type, r.product_id, r.ref, r.created_at
        from jsonb_to_recordset(cast(${json} as jsonb)) as r(user_id varchar(36), type varchar(20),
          product_id integer, ref varchar(100), created_at timestamptz)`.execute(db);
    } else {
      await sql`insert into live_events (user_id, type, product_id, ref, created_at)
        select json_extract(value, '$.user_id'), json_extract(value, '$.type'), json_extract(value, '$.product_id'),
          json_extract(value, '$.ref'), json_extract(value, '$.created_at')
        from json_each(${json}) order by key`.execute(db);
    }
  }
}

/**
 * Wakes every listening process when the caller's transaction commits (PostgreSQL delivers a
 * NOTIFY sent inside a transaction at its commit, and never when it rolls back).
 */
export async function notifyLiveListeners(db: Db): Promise<void> {
  await sql`select pg_notify(${LIVE_CHANNEL}, current_schema())`.execute(db);
}

export async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

/** Every investor's events after an id, oldest first (what a process passes on to its streams). */
export async function findLiveEventsAfter(db: Db, afterId: number, limit: number): Promise<LiveEventRow[]> {
  const rows = await db
    .selectFrom('live_events')
    .select(columns)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * One investor's events after an id, oldest first (the replay of a reconnecting app), with the
 * public ones (user id `broadcastId`) among them.
 */
export async function findUserLiveEventsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
  broadcastId: string,
): Promise<LiveEventRow[]> {
  const rows = await db
    .selectFrom('live_events')
    .select(columns)
    .where('user_id', 'in', [userId, broadcastId])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function liveEventIdRange(db: Db): Promise<{ min: number | null; max: number | null }> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => [eb.fn.min('id').as('min'), eb.fn.max('id').as('max')])
    .executeTakeFirst();
  return {
    min: row?.min === null || row?.min === undefined ? null : Number(row.min),
    max: row?.max === null || row?.max === undefined ? null : Number(row.max),
  };
}

export async function deleteLiveEventsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('live_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
