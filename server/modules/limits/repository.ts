import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

/**
 * Spends one unit of a budget in a fixed window, in one conditional UPDATE: it succeeds while
 * the window's count is below `max`, or starts a new window once the old one is over. Any
 * number of simultaneous callers, in any process, can never spend more than `max`.
 */
export async function spendBudgetUnit(
  db: Db,
  budget: { key: string; max: number; windowStartsAfter: string },
  now: string,
): Promise<boolean> {
  await db
    .insertInto('usage_budgets')
    .values({ key: budget.key, used: 0, window_start: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const isOver = sql<boolean>`window_start <= ${budget.windowStartsAfter}`;
  const result = await db
    .updateTable('usage_budgets')
    .set({
      used: sql<number>`case when ${isOver} then 1 else used + 1 end`,
      window_start: sql<string>`case when ${isOver} then ${now} else window_start end`,
    })
    .where('key', '=', budget.key)
    .where((eb) => eb.or([eb('window_start', '<=', budget.windowStartsAfter), eb('used', '<', budget.max)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findBudgetWindowStart(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('usage_budgets').select('window_start').where('key', '=', key).executeTakeFirst();
  return row?.window_start ?? null;
}

/** Adds bytes to a user's stored total unless it would pass `quota`; true when added. */
export async function addStoredBytes(db: Db, userId: string, bytes: number, quota: number): Promise<boolean> {
  await db
    .insertInto('storage_usage')
    .values({ user_id: userId, bytes: 0 })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const result = await db
    .updateTable('storage_usage')
    .set({ bytes: sql<number>`bytes + ${bytes}` })
    .where('user_id', '=', userId)
    .where(sql<boolean>`bytes + ${bytes} <= ${quota}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseStoredBytes(db: Db, userId: string, bytes: number): Promise<void> {
  await db
    .updateTable('storage_usage')
    .set({ bytes: sql<number>`case when bytes >= ${bytes} then bytes - ${bytes} else 0 end` })
    .where('user_id', '=', userId)
    .execute();
}

export async function findStoredBytes(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('storage_usage').select('bytes').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
