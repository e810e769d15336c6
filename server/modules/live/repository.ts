import { sql, type Kysely } from 'kysely';
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

export async function insertLiveEvents(db: Db, rows: NewLiveEventRow[]): Promise<void> {
  // 500 rows of five values to a statement: a fan-out or a distribution to many holders writes few.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('live_events')
      .values(rows.slice(start, start + 500))
      .execute();
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

/** One investor's events after an id, oldest first (the replay of a reconnecting app). */
export async function findUserLiveEventsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
): Promise<LiveEventRow[]> {
  const rows = await db
    .selectFrom('live_events')
    .select(columns)
    .where('user_id', '=', userId)
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
