import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// One investor's orders of one project (the detail's open quantity, the revenue page's paid
// amounts) were read through (product_id): every order of the project, then filtered by the
// investor, so on a project bought by 100,000 investors each of those reads went through 100,000
// orders. With (product_id, user_id, state) the read is the investor's own orders of the project.
// The index leads with product_id, so it serves every read the one it replaces did.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_product_holder_idx')
    .on('orders')
    .columns(['product_id', 'user_id', 'state'])
    .execute();
  await db.schema.dropIndex('orders_product_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_product_idx').on('orders').column('product_id').execute();
  await db.schema.dropIndex('orders_product_holder_idx').execute();
}
