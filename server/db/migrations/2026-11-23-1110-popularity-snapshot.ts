import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// "Most popular" is kept as a ranking counted once per change instead of on every read: one row
// with the ranking, the generation of holders it was counted at (raised by every new holder) and
// the range of window starts it holds for. It starts stale, so the first read counts it.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('popularity_snapshot')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('generation', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('computed_generation', 'bigint')
    .addColumn('top_ids', 'varchar(200)', (col) => col.notNull().defaultTo(''))
    .addColumn('since_after', ts)
    .addColumn('since_until', ts)
    .execute();
  const snapshot = db as unknown as Kysely<{ popularity_snapshot: { id: number; generation: number } }>;
  await snapshot.insertInto('popularity_snapshot').values({ id: 1, generation: 1 }).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('popularity_snapshot').execute();
}
