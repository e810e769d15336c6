import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres, timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The cash ledger (docs/decisions/1801-cash-ledger.md): one balance row per investor and
// currency, moved only by a guarded update that may not take either balance below zero, and the
// append-only entries written with it. Unique keys make every outside event count once: a bank
// reference credits one deposit, a revenue share one entry, an order one purchase and one
// refund, a withdrawal one hold, one payment or one release. Orders gain how they are paid.

function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  // The investor's own code on transfers to the platform's account, made once.
  await db.schema
    .createTable('deposit_references')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reference', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('cash_accounts')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('available', 'bigint', (col) => col.notNull())
    .addColumn('held', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('cash_accounts_pk', ['user_id', 'currency'])
    .addCheckConstraint('cash_accounts_nonnegative_check', sql`available >= 0 and held >= 0`)
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('state', 'varchar(20)', (col) => col.notNull())
    .addColumn('destination_type', 'varchar(10)', (col) => col.notNull())
    .addColumn('destination_label', 'varchar(300)', (col) => col.notNull())
    .addColumn('wallet_address_id', 'varchar(36)')
    .addColumn('approval_id', 'varchar(36)')
    .addColumn('bank_reference', 'varchar(100)')
    .addColumn('return_reason', 'varchar(500)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('settled_at', ts)
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('withdrawals_amount_check', sql`amount > 0`)
    .addCheckConstraint('withdrawals_state_check', sql`state in ('PENDING', 'PAID', 'RETURNED', 'CANCELLED')`)
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_state_idx').on('withdrawals').columns(['state', 'created_at']).execute();

  await withSerialId(db, db.schema.createTable('cash_entries'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('kind', 'varchar(30)', (col) => col.notNull())
    .addColumn('reason', 'varchar(20)', (col) => col.notNull())
    .addColumn('actor_type', 'varchar(10)', (col) => col.notNull())
    .addColumn('actor', 'varchar(200)', (col) => col.notNull())
    .addColumn('available_change', 'bigint', (col) => col.notNull())
    .addColumn('held_change', 'bigint', (col) => col.notNull())
    .addColumn('available_after', 'bigint', (col) => col.notNull())
    .addColumn('held_after', 'bigint', (col) => col.notNull())
    .addColumn('order_id', 'varchar(36)', (col) => col.references('orders.id'))
    .addColumn('withdrawal_id', 'varchar(36)', (col) => col.references('withdrawals.id'))
    .addColumn('revenue_share_id', 'integer', (col) => col.unique().references('revenue_shares.id'))
    .addColumn('product_id', 'integer', (col) => col.references('products.id').onDelete('set null'))
    // A deposit's bank reference: each transfer is credited once, whoever confirms it.
    .addColumn('deposit_key', 'varchar(100)', (col) => col.unique())
    .addColumn('bank_reference', 'varchar(100)')
    .addColumn('note', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('cash_entries_change_check', sql`available_change <> 0 or held_change <> 0`)
    .execute();
  await db.schema.createIndex('cash_entries_user_idx').on('cash_entries').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('cash_entries_order_kind_idx')
    .on('cash_entries')
    .columns(['order_id', 'kind'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cash_entries_withdrawal_kind_idx')
    .on('cash_entries')
    .columns(['withdrawal_id', 'kind'])
    .unique()
    .execute();

  // TRANSFER (to a pay method, matched by an operator) or BALANCE (settled at signing).
  await db.schema
    .alterTable('orders')
    .addColumn('pay_from', 'varchar(10)', (col) => col.notNull().defaultTo('TRANSFER'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('pay_from').execute();
  await db.schema.dropTable('cash_entries').execute();
  await db.schema.dropTable('withdrawals').execute();
  await db.schema.dropTable('cash_accounts').execute();
  await db.schema.dropTable('deposit_references').execute();
}
