import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres, timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Orders and their append-only events, the per-investor position that decides the minimum and
// maximum atomically, the append-only ledger of holdings (product_holdings stays as its
// projection), signed contracts, document versions and payment details of pay methods.

function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  // How a transfer reaches the project: bank name and holder of an ACCOUNT method, network
  // and asset of a CRYPTO one. Older rows keep their name/alias as the fallback.
  await db.schema.alterTable('product_pay_methods').addColumn('bank_name', 'varchar(120)').execute();
  await db.schema.alterTable('product_pay_methods').addColumn('account_holder', 'varchar(200)').execute();
  await db.schema.alterTable('product_pay_methods').addColumn('network', 'varchar(60)').execute();
  await db.schema.alterTable('product_pay_methods').addColumn('asset', 'varchar(20)').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('reference', 'varchar(20)', (col) => col.notNull().unique())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    .addColumn('pay_method_id', 'integer', (col) => col.notNull().references('product_pay_methods.id'))
    .addColumn('state', 'varchar(20)', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('price_per_token', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('identity_id', 'varchar(36)')
    .addColumn('source_of_funds', 'varchar(20)')
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('request_hash', 'varchar(64)')
    .addColumn('payer_name', 'varchar(200)')
    .addColumn('tx_hash', 'varchar(140)')
    .addColumn('payment_declared_at', ts)
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addCheckConstraint('orders_quantity_check', sql`quantity > 0 and amount >= 0`)
    .execute();
  await db.schema
    .createIndex('orders_idempotency_idx')
    .on('orders')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_state_expiry_idx').on('orders').columns(['state', 'expires_at']).execute();
  await db.schema.createIndex('orders_product_idx').on('orders').column('product_id').execute();

  // Append-only: one row per transition, written in the transaction that changes the order.
  await withSerialId(db, db.schema.createTable('order_events'))
    .addColumn('order_id', 'varchar(36)', (col) => col.notNull().references('orders.id'))
    .addColumn('type', 'varchar(30)', (col) => col.notNull())
    .addColumn('state', 'varchar(20)', (col) => col.notNull())
    .addColumn('actor_type', 'varchar(10)', (col) => col.notNull())
    .addColumn('actor', 'varchar(200)', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

  // Holdings plus open orders of one investor in one project: the conditional update of this
  // row decides the minimum and maximum, so two orders of one investor cannot both pass.
  await db.schema
    .createTable('investor_positions')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('committed_quantity', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('investor_positions_pk', ['product_id', 'user_id'])
    .addCheckConstraint('investor_positions_quantity_check', sql`committed_quantity >= 0`)
    .execute();

  // The ledger of holdings: signed quantities, never updated or deleted; the balance is the sum.
  await withSerialId(db, db.schema.createTable('holding_entries'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('reason', 'varchar(30)', (col) => col.notNull())
    .addColumn('order_id', 'varchar(36)', (col) => col.references('orders.id'))
    .addColumn('note', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('holding_entries_quantity_check', sql`quantity <> 0`)
    .execute();
  await db.schema
    .createIndex('holding_entries_position_idx')
    .on('holding_entries')
    .columns(['product_id', 'user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('holding_entries_user_idx').on('holding_entries').column('user_id').execute();
  // One credit and at most one reversal per order, whatever retries happen.
  await db.schema
    .createIndex('holding_entries_order_reason_idx')
    .on('holding_entries')
    .columns(['order_id', 'reason'])
    .unique()
    .execute();
  // Holdings that existed before the ledger become its opening entries.
  await sql`insert into holding_entries (product_id, user_id, quantity, reason, note, created_at)
    select product_id, user_id, quantity, 'OPENING_BALANCE', 'Holding before the ledger', first_invested_at
    from product_holdings where quantity > 0`.execute(db);

  // The signed contract of an order: what was signed, by whom, from where, and the stored PDF.
  await db.schema
    .createTable('contract_signatures')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(36)', (col) => col.notNull().unique().references('orders.id'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('legal_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('contract_text', 'text', (col) => col.notNull())
    .addColumn('contract_sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('documents', 'text', (col) => col.notNull())
    .addColumn('signature_sha256', 'varchar(64)')
    .addColumn('ip', 'varchar(100)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(400)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(300)', (col) => col.notNull())
    .addColumn('file_sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('file_size', 'integer', (col) => col.notNull())
    .addColumn('signed_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('contract_signatures_user_idx').on('contract_signatures').column('user_id').execute();

  // Every version of a project document; the document row points at the current one.
  await withSerialId(db, db.schema.createTable('product_document_versions'))
    .addColumn('document_id', 'integer', (col) => col.notNull().references('product_documents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('url', 'varchar(500)', (col) => col.notNull())
    .addColumn('stored_path', 'varchar(500)')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('size', 'integer')
    .addColumn('note', 'text')
    .addColumn('created_by', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('product_document_versions_unique_idx')
    .on('product_document_versions')
    .columns(['document_id', 'version'])
    .unique()
    .execute();
  const now = new Date().toISOString();
  await sql`insert into product_document_versions (document_id, version, url, created_by, created_at)
    select id, 1, url, 'catalogue', cast(${now} as ${ts}) from product_documents`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'product_document_versions',
    'contract_signatures',
    'holding_entries',
    'investor_positions',
    'order_events',
    'orders',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['asset', 'network', 'account_holder', 'bank_name']) {
    await db.schema.alterTable('product_pay_methods').dropColumn(column).execute();
  }
}
