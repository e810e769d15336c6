import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(100)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', timestampType(db), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_meta').execute();
}
