import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Which projects a seller account sells: a SELLER acts in a project's governance (notices,
// answers as the seller, agendas) only where it is listed here.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('product_sellers')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assigned_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('product_sellers_pk', ['product_id', 'user_id'])
    .execute();
  await db.schema.createIndex('product_sellers_user_idx').on('product_sellers').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_sellers').execute();
}
