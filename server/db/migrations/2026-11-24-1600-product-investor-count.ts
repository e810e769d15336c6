import { sql, type Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// How many investors hold a project now (holdings above zero), kept on the project by the
// ledger in the transaction that changes a holding, so a list reads it instead of counting
// holdings for every card of every page.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('investor_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update products set investor_count = (
    select count(*) from product_holdings
    where product_holdings.product_id = products.id and product_holdings.quantity > 0
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('investor_count').execute();
}
