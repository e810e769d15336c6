import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres, timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Revenue distributions and their per-holder shares, gift claims, payout bank accounts and
// the wallet address book of the account area.

function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  // What a digital gift turns out to be, shown only to the investor who claimed it.
  await db.schema.alterTable('product_gifts').addColumn('reveal_text', 'text').execute();

  // One distribution: an amount shared among a project's holders by their balance at the record date.
  await withSerialId(db, db.schema.createTable('revenue_distributions'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('record_at', ts, (col) => col.notNull())
    .addColumn('pays_at', ts, (col) => col.notNull())
    .addColumn('memo', 'varchar(300)')
    .addColumn('created_by', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('revenue_distributions_amount_check', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('revenue_distributions_product_idx')
    .on('revenue_distributions')
    .columns(['product_id', 'record_at'])
    .execute();

  // Append-only: one share per holder and distribution, written with the distribution.
  await withSerialId(db, db.schema.createTable('revenue_shares'))
    .addColumn('distribution_id', 'integer', (col) =>
      col.notNull().references('revenue_distributions.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('pays_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('revenue_shares_holder_unique', ['distribution_id', 'user_id'])
    .addCheckConstraint('revenue_shares_amount_check', sql`amount >= 0 and balance > 0`)
    .execute();
  await db.schema.createIndex('revenue_shares_user_idx').on('revenue_shares').columns(['user_id', 'pays_at']).execute();

  // A gift is claimed once per investor and project: the unique constraint decides races.
  await db.schema
    .createTable('gift_claims')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('gift_id', 'integer', (col) => col.notNull().references('product_gifts.id'))
    .addColumn('holding', 'bigint', (col) => col.notNull())
    .addColumn('state', 'varchar(20)', (col) => col.notNull())
    .addColumn('recipient_name', 'varchar(200)')
    .addColumn('delivery_address', 'varchar(500)')
    .addColumn('phone', 'varchar(40)')
    .addColumn('shipped_at', ts)
    .addColumn('tracking', 'varchar(200)')
    .addColumn('claimed_at', ts, (col) => col.notNull())
    .addUniqueConstraint('gift_claims_once_unique', ['user_id', 'product_id'])
    .execute();
  await db.schema.createIndex('gift_claims_state_idx').on('gift_claims').columns(['state', 'claimed_at']).execute();

  // Where payouts go: one bank account per investor, the number sealed (AES-256-GCM).
  await db.schema
    .createTable('payout_bank_accounts')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('bank_name', 'varchar(120)', (col) => col.notNull())
    .addColumn('holder_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('number_sealed', 'text', (col) => col.notNull())
    .addColumn('number_last4', 'varchar(4)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('wallet_addresses')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('label', 'varchar(60)', (col) => col.notNull())
    .addColumn('network', 'varchar(20)', (col) => col.notNull())
    .addColumn('address', 'varchar(120)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('wallet_addresses_unique', ['user_id', 'network', 'address'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'wallet_addresses',
    'payout_bank_accounts',
    'gift_claims',
    'revenue_shares',
    'revenue_distributions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('product_gifts').dropColumn('reveal_text').execute();
}
