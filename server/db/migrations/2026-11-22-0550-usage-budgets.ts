import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Budgets that two requests could race on are rows changed by one conditional UPDATE each, so
// the database decides them on both engines and across processes:
// - usage_budgets: a count per key (an address, a requester, a pair of both) in a fixed window;
// - storage_usage: the bytes of uploads each user keeps, against their quota.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('usage_budgets')
    .addColumn('key', 'varchar(400)', (col) => col.primaryKey())
    .addColumn('used', 'integer', (col) => col.notNull())
    .addColumn('window_start', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('usage_budgets_window_idx').on('usage_budgets').column('window_start').execute();

  await db.schema
    .createTable('storage_usage')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_usage').execute();
  await db.schema.dropTable('usage_budgets').execute();
}
