import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The investor's reads of the market: the chart's daily series reads one project's trades by time,
// the portfolio reads one investor's market purchases.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('market_trades_product_time_idx')
    .on('market_trades')
    .columns(['product_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('market_trades_buyer_idx')
    .on('market_trades')
    .columns(['buyer_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('market_trades_buyer_idx').execute();
  await db.schema.dropIndex('market_trades_product_time_idx').execute();
}
