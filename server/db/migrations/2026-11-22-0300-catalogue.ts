import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres, timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Project ids are integers (the spec's productId is a positive integer); money is integer
// minor units, quantities integers, flags 0/1.

function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

const CHILD_TABLES = [
  'product_team_members',
  'product_social_links',
  'product_deal_terms',
  'product_images',
  'product_gifts',
  'product_faqs',
  'product_risks',
  'product_documents',
  'product_custom_sections',
  'product_pay_methods',
  'product_community_sections',
  'product_community_badges',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await withSerialId(db, db.schema.createTable('categories'))
    .addColumn('name', 'varchar(80)', (col) => col.notNull().unique())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await withSerialId(db, db.schema.createTable('products'))
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image', 'varchar(500)', (col) => col.notNull())
    .addColumn('logo', 'varchar(500)', (col) => col.notNull())
    .addColumn('token_name', 'varchar(20)', (col) => col.notNull())
    .addColumn('contract_address', 'varchar(100)')
    .addColumn('price_per_token', 'bigint', (col) => col.notNull())
    .addColumn('total_quantity', 'bigint', (col) => col.notNull())
    .addColumn('remaining_quantity', 'bigint', (col) => col.notNull())
    .addColumn('target_cap', 'bigint')
    .addColumn('soft_cap', 'bigint')
    .addColumn('user_min_investment', 'bigint', (col) => col.notNull())
    .addColumn('user_max_investment', 'bigint')
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('is_reg_d', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_restricted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_governance', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('can_witch', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hide_status', 'varchar(10)', (col) => col.notNull().defaultTo('SHOW'))
    .addColumn('regulation', 'varchar(60)', (col) => col.notNull())
    .addColumn('investment_risk_disclaimer', 'text', (col) => col.notNull())
    .addColumn('document_description', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint(
      'products_quantities_check',
      sql`remaining_quantity >= 0 and remaining_quantity <= total_quantity`,
    )
    .addCheckConstraint('products_price_check', sql`price_per_token > 0`)
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').column('category_id').execute();

  await db.schema
    .createTable('product_about')
    .addColumn('product_id', 'integer', (col) => col.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('logo', 'varchar(500)')
    .addColumn('legal_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('employees', 'integer')
    .addColumn('founded', 'integer')
    .addColumn('website', 'varchar(500)')
    .addColumn('form', 'varchar(100)')
    .addColumn('location_image', 'varchar(500)')
    .addColumn('address', 'varchar(300)')
    .execute();

  const child = (name: string) =>
    withSerialId(db, db.schema.createTable(name))
      .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0));

  await child('product_team_members')
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('role', 'varchar(120)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image', 'varchar(500)')
    .execute();
  await child('product_social_links')
    .addColumn('platform', 'varchar(40)', (col) => col.notNull())
    .addColumn('url', 'varchar(500)', (col) => col.notNull())
    .execute();
  await child('product_deal_terms')
    .addColumn('field', 'varchar(80)', (col) => col.notNull())
    .addColumn('value', 'varchar(200)', (col) => col.notNull())
    .addColumn('tooltip', 'text')
    .execute();
  await child('product_images')
    .addColumn('url', 'varchar(500)', (col) => col.notNull())
    .addColumn('alt_text', 'varchar(300)', (col) => col.notNull())
    .execute();
  await child('product_gifts')
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('is_digital', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('limit_quantity', 'bigint', (col) => col.notNull())
    .execute();
  await child('product_faqs')
    .addColumn('title', 'varchar(300)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .execute();
  await child('product_risks')
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .execute();
  await child('product_documents')
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('url', 'varchar(500)', (col) => col.notNull())
    .execute();
  await child('product_custom_sections')
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .execute();
  await child('product_pay_methods')
    .addColumn('name', 'varchar(120)', (col) => col.notNull())
    .addColumn('address', 'varchar(200)', (col) => col.notNull())
    .addColumn('alias', 'varchar(120)', (col) => col.notNull())
    .addColumn('pay_method_type', 'varchar(10)', (col) => col.notNull())
    .execute();
  await child('product_community_sections')
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('view_type', 'varchar(20)', (col) => col.notNull())
    .execute();
  await child('product_community_badges')
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('limit_quantity', 'bigint', (col) => col.notNull())
    .execute();
  for (const table of CHILD_TABLES) {
    await db.schema.createIndex(`${table}_product_idx`).on(table).column('product_id').execute();
  }

  // Who holds how many tokens of a project. The investing capability writes it through its
  // ledger; first_invested_at feeds "most popular" (recent investors).
  await db.schema
    .createTable('product_holdings')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('first_invested_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('product_holdings_pk', ['product_id', 'user_id'])
    .addCheckConstraint('product_holdings_quantity_check', sql`quantity >= 0`)
    .execute();
  await db.schema.createIndex('product_holdings_user_idx').on('product_holdings').column('user_id').execute();
  await db.schema
    .createIndex('product_holdings_recent_idx')
    .on('product_holdings')
    .columns(['first_invested_at', 'product_id'])
    .execute();

  await db.schema
    .createTable('product_subscriptions')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('product_subscriptions_pk', ['product_id', 'user_id'])
    .execute();

  // A request for a restricted project (REQUEST) and an operator's answer (ALLOW).
  await db.schema
    .createTable('product_whitelist')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('requested_at', ts, (col) => col.notNull())
    .addColumn('decided_at', ts)
    .addColumn('decided_by', 'varchar(200)')
    .addPrimaryKeyConstraint('product_whitelist_pk', ['product_id', 'user_id'])
    .execute();
  await db.schema.createIndex('product_whitelist_user_idx').on('product_whitelist').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'product_whitelist',
    'product_subscriptions',
    'product_holdings',
    ...CHILD_TABLES,
    'product_about',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropTable('products').execute();
  await db.schema.dropTable('categories').execute();
}
