import { sql, type Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The book by price level is kept as it changes (docs/decisions/1833-the-book-kept-by-level.md):
// one row per project, side and price with the resting quantity and the number of orders, written
// in the same transaction as the order it follows. Reading the book then costs its levels, not its
// orders. Filled from the orders open when it is added. The orders of one project past their date
// (shown as gone before the expiry sweep closes them) are found by a partial index of the open
// orders that have a date: the index on (state, good_until) alone had SQLite scan the table.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('market_book_levels')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('side', 'varchar(4)', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('orders', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('market_book_levels_pkey', ['product_id', 'side', 'price'])
    .addCheckConstraint('market_book_levels_side_check', sql`side in ('BUY', 'SELL')`)
    .addCheckConstraint('market_book_levels_quantity_check', sql`quantity >= 0 and orders >= 0`)
    .execute();
  await sql`
    insert into market_book_levels (product_id, side, price, quantity, orders)
    select product_id, side, price, sum(remaining), count(*)
    from market_orders
    where state = 'OPEN'
    group by product_id, side, price
  `.execute(db);
  await db.schema
    .createIndex('market_orders_product_due_idx')
    .on('market_orders')
    .columns(['product_id', 'good_until'])
    .where(sql<boolean>`state = 'OPEN' and good_until is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('market_orders_product_due_idx').execute();
  await db.schema.dropTable('market_book_levels').execute();
}
