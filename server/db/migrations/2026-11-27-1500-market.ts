import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres, timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The market between investors (docs/decisions/1813-market-between-investors.md): per project
// its trading state and settings, the limit orders and the trades. A sell order holds tokens in
// product_holdings.market_held, which the database keeps between 0 and the holding (a refund or
// a debit cannot take held tokens); a buy order holds cash through the cash ledger. Each fill is
// one trade whose cash entries and holding entries name it, each kind once; the platform's fees
// are its own append-only account.

function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('market_settings')
    .addColumn('product_id', 'integer', (col) => col.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('state_reason', 'varchar(500)')
    .addColumn('tick_size', 'bigint', (col) => col.notNull())
    .addColumn('band_bp', 'integer', (col) => col.notNull())
    .addColumn('fee_bp', 'integer', (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('market_settings_state_check', sql`state in ('OPEN', 'HALTED', 'CLOSED')`)
    .addCheckConstraint('market_settings_tick_check', sql`tick_size >= 1`)
    .addCheckConstraint('market_settings_band_check', sql`band_bp >= 1 and band_bp <= 10000`)
    .addCheckConstraint('market_settings_fee_check', sql`fee_bp >= 0 and fee_bp <= 1000`)
    .execute();

  await withSerialId(db, db.schema.createTable('market_orders'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('side', 'varchar(4)', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('remaining', 'bigint', (col) => col.notNull())
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('cancel_reason', 'varchar(20)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addColumn('closed_at', ts)
    .addCheckConstraint('market_orders_side_check', sql`side in ('BUY', 'SELL')`)
    .addCheckConstraint('market_orders_state_check', sql`state in ('OPEN', 'FILLED', 'CANCELLED')`)
    .addCheckConstraint('market_orders_price_check', sql`price > 0`)
    .addCheckConstraint('market_orders_remaining_check', sql`remaining >= 0 and remaining <= quantity`)
    .addCheckConstraint('market_orders_open_check', sql`state <> 'OPEN' or remaining > 0`)
    .execute();
  await db.schema
    .createIndex('market_orders_book_idx')
    .on('market_orders')
    .columns(['product_id', 'state', 'side', 'price', 'id'])
    .execute();
  await db.schema.createIndex('market_orders_user_idx').on('market_orders').columns(['user_id', 'id']).execute();

  await withSerialId(db, db.schema.createTable('market_trades'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('buy_order_id', 'integer', (col) => col.notNull().references('market_orders.id'))
    .addColumn('sell_order_id', 'integer', (col) => col.notNull().references('market_orders.id'))
    .addColumn('buyer_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('seller_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('price', 'bigint', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('market_trades_amount_check', sql`quantity > 0 and price > 0 and amount = price * quantity`)
    .addCheckConstraint('market_trades_fee_check', sql`fee >= 0 and fee <= amount`)
    .addCheckConstraint('market_trades_parties_check', sql`buyer_id <> seller_id`)
    .execute();
  await db.schema.createIndex('market_trades_product_idx').on('market_trades').columns(['product_id', 'id']).execute();

  // The platform's own account: what it earned from the market, one row per trade.
  await withSerialId(db, db.schema.createTable('platform_cash_entries'))
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('market_trade_id', 'integer', (col) => col.unique().references('market_trades.id'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('platform_cash_entries_amount_check', sql`amount > 0`)
    .execute();

  // Cash and holding entries name the market order or trade that caused them; a trade's entries once per kind.
  await db.schema
    .alterTable('cash_entries')
    .addColumn('market_order_id', 'integer', (col) => col.references('market_orders.id'))
    .execute();
  await db.schema
    .alterTable('cash_entries')
    .addColumn('market_trade_id', 'integer', (col) => col.references('market_trades.id'))
    .execute();
  await db.schema
    .createIndex('cash_entries_market_trade_kind_idx')
    .on('cash_entries')
    .columns(['market_trade_id', 'kind'])
    .unique()
    .execute();
  await db.schema
    .alterTable('holding_entries')
    .addColumn('market_trade_id', 'integer', (col) => col.references('market_trades.id'))
    .execute();
  await db.schema
    .createIndex('holding_entries_market_trade_reason_idx')
    .on('holding_entries')
    .columns(['market_trade_id', 'reason'])
    .unique()
    .execute();

  // Tokens held by resting sell orders: never below 0 nor above the holding.
  if (isPostgres(db)) {
    await db.schema
      .alterTable('product_holdings')
      .addColumn('market_held', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('product_holdings')
      .addCheckConstraint('product_holdings_market_held_check', sql`market_held >= 0 and market_held <= quantity`)
      .execute();
  } else {
    await db.schema
      .alterTable('product_holdings')
      .addColumn('market_held', 'bigint', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`market_held >= 0 and market_held <= quantity`),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('product_holdings').dropConstraint('product_holdings_market_held_check').execute();
  }
  await db.schema.alterTable('product_holdings').dropColumn('market_held').execute();
  await db.schema.dropIndex('holding_entries_market_trade_reason_idx').execute();
  await db.schema.alterTable('holding_entries').dropColumn('market_trade_id').execute();
  await db.schema.dropIndex('cash_entries_market_trade_kind_idx').execute();
  await db.schema.alterTable('cash_entries').dropColumn('market_trade_id').execute();
  await db.schema.alterTable('cash_entries').dropColumn('market_order_id').execute();
  await db.schema.dropTable('platform_cash_entries').execute();
  await db.schema.dropTable('market_trades').execute();
  await db.schema.dropTable('market_orders').execute();
  await db.schema.dropTable('market_settings').execute();
}
