import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * "Most popular" (SQL only): the projects with the most investors who joined at or after a window
 * start `since`, where joining is the first credit of a (project, investor) holding
 * (product_holdings.first_invested_at). The ranking is worked out at most once per change and kept
 * in the one row of popularity_snapshot with the range of window starts it holds for, so a list or
 * a detail reads it as one small lookup instead of counting holdings:
 *
 * - `generation` goes up in the transaction that makes someone a new holder (the ledger,
 *   holdings/repository.ts, writes it with the holding); a ranking counted at an older generation is stale.
 * - `since_after` / `since_until` are the nearest joins before and at-or-after the counted window
 *   start: for every window start in (since_after, since_until] the same joins are inside the
 *   window, so the ranking is exactly what counting would give. Time moving past the oldest join in
 *   the window makes it stale too.
 */

/**
 * The stored ranking as a comma-separated list of ids when it holds for window start `since`,
 * else null; a scalar subquery, so the list and the detail read it in their own statement.
 */
export function trendingIdsFor(db: Db, since: string) {
  return db
    .selectFrom('popularity_snapshot')
    .select('popularity_snapshot.top_ids')
    .where('popularity_snapshot.id', '=', 1)
    .whereRef('popularity_snapshot.computed_generation', '=', 'popularity_snapshot.generation')
    .where((inner) =>
      inner.and([
        inner.or([
          inner('popularity_snapshot.since_after', 'is', null),
          inner('popularity_snapshot.since_after', '<', since),
        ]),
        inner.or([
          inner('popularity_snapshot.since_until', 'is', null),
          inner('popularity_snapshot.since_until', '>=', since),
        ]),
      ]),
    );
}

export function parseTrendingIds(value: string | null | undefined): number[] | null {
  if (value === null || value === undefined) return null;
  return value === '' ? [] : value.split(',').map(Number);
}

/**
 * Counts the ranking for window start `since` from the holdings and stores it, unless a new holder
 * arrived meanwhile (then the next read counts again). The generation is read before counting, so
 * a ranking is never stored under a generation newer than the holdings it counted.
 */
export async function countAndStoreTrending(db: Db, since: string, top: number): Promise<number[]> {
  const { generation } = await db
    .selectFrom('popularity_snapshot')
    .select('generation')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  // The window's joins are read first through the (first_invested_at, product_id) index, then
  // grouped: left to itself SQLite would walk every holding in key order to group without sorting.
  const rows = await db
    .with(
      (cte) => cte('recent_joins').materialized(),
      (inner) =>
        inner
          .selectFrom('product_holdings')
          .select('product_holdings.product_id')
          .where('product_holdings.first_invested_at', '>=', since),
    )
    .selectFrom('recent_joins')
    .select((eb) => ['recent_joins.product_id', eb.fn.countAll<number>().as('recent')])
    .groupBy('recent_joins.product_id')
    .orderBy('recent', 'desc')
    .orderBy('recent_joins.product_id', 'desc')
    .limit(top)
    .execute();
  const ids = rows.map((row) => Number(row.product_id));
  const bounds = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('product_holdings')
        .select((inner) => inner.fn.max('product_holdings.first_invested_at').as('at'))
        .where('product_holdings.first_invested_at', '<', since)
        .as('since_after'),
      eb
        .selectFrom('product_holdings')
        .select((inner) => inner.fn.min('product_holdings.first_invested_at').as('at'))
        .where('product_holdings.first_invested_at', '>=', since)
        .as('since_until'),
    ])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('popularity_snapshot')
    .set({
      top_ids: ids.join(','),
      since_after: bounds.since_after ?? null,
      since_until: bounds.since_until ?? null,
      computed_generation: generation,
    })
    .where('id', '=', 1)
    .where('generation', '=', generation)
    .execute();
  return ids;
}
