import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// What an investor chose to buy under by default: the verified identity and where the money
// comes from, read back to preselect both the next time they invest.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('purchase_defaults')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('identity_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('source_of_funds', 'varchar(20)')
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('purchase_defaults').execute();
}
