import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// A market order may be good until a date (docs/decisions/1821-market-orders-good-until.md):
// null is good until cancelled. An order past it is cancelled with the reason EXPIRED (the
// state CHECK stays as it is on both engines), and the expiry sweep finds due orders by the
// index on (state, good_until).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('market_orders').addColumn('good_until', timestampType(db)).execute();
  await db.schema
    .createIndex('market_orders_good_until_idx')
    .on('market_orders')
    .columns(['state', 'good_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('market_orders_good_until_idx').execute();
  await db.schema.alterTable('market_orders').dropColumn('good_until').execute();
}
