import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres, timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Governance of a project: notices with their reads, community posts (a thread is a post
// without a parent, an answer has one) with reports, and voting items (proposals and agendas)
// with one ballot per voter, decided by a unique constraint.

function withSerialId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await withSerialId(db, db.schema.createTable('governance_votings'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    // JSON array of the option labels; choice 0 of a ballot is the abstention, 1..n the options.
    .addColumn('options', 'text', (col) => col.notNull())
    .addColumn('author_user_id', 'varchar(36)', (col) => col.references('users.id'))
    .addColumn('author_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('author_source', 'varchar(10)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('starts_at', ts, (col) => col.notNull())
    .addColumn('ends_at', ts, (col) => col.notNull())
    .addColumn('snapshot_at', ts, (col) => col.notNull())
    .addColumn('total_power', 'bigint', (col) => col.notNull())
    .addColumn('quorum_percent', 'integer', (col) => col.notNull())
    .addColumn('threshold_percent', 'integer', (col) => col.notNull())
    .addColumn('results_visible_before_close', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('outcome', 'varchar(10)')
    .addColumn('winning_option', 'integer')
    .addColumn('closed_at', ts)
    .addColumn('closed_by', 'varchar(200)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint(
      'governance_votings_percent_check',
      sql`quorum_percent between 0 and 100 and threshold_percent between 1 and 100 and total_power >= 0`,
    )
    .execute();
  await db.schema
    .createIndex('governance_votings_product_idx')
    .on('governance_votings')
    .columns(['product_id', 'kind', 'id'])
    .execute();
  await db.schema
    .createIndex('governance_votings_due_idx')
    .on('governance_votings')
    .columns(['status', 'ends_at'])
    .execute();

  await withSerialId(db, db.schema.createTable('governance_ballots'))
    .addColumn('voting_id', 'integer', (col) => col.notNull().references('governance_votings.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('choice', 'integer', (col) => col.notNull())
    .addColumn('weight', 'bigint', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addCheckConstraint('governance_ballots_check', sql`choice >= 0 and weight > 0`)
    .execute();
  // One ballot per voter and item, whatever number of requests race.
  await db.schema
    .createIndex('governance_ballots_voter_idx')
    .on('governance_ballots')
    .columns(['voting_id', 'user_id'])
    .unique()
    .execute();

  await withSerialId(db, db.schema.createTable('governance_notices'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('is_pinned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('source', 'varchar(10)', (col) => col.notNull())
    .addColumn('author', 'varchar(200)', (col) => col.notNull())
    .addColumn('voting_id', 'integer', (col) => col.references('governance_votings.id'))
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('governance_notices_product_idx')
    .on('governance_notices')
    .columns(['product_id', 'is_pinned', 'id'])
    .execute();

  await db.schema
    .createTable('governance_notice_reads')
    .addColumn('notice_id', 'integer', (col) => col.notNull().references('governance_notices.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('governance_notice_reads_pk', ['notice_id', 'user_id'])
    .execute();

  await withSerialId(db, db.schema.createTable('community_posts'))
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (col) =>
      col.notNull().references('product_community_sections.id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'integer', (col) => col.references('community_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('source', 'varchar(10)', (col) => col.notNull())
    .addColumn('title', 'varchar(200)')
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('is_hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hidden_reason', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('community_posts_product_idx')
    .on('community_posts')
    .columns(['product_id', 'parent_id', 'id'])
    .execute();
  await db.schema.createIndex('community_posts_parent_idx').on('community_posts').column('parent_id').execute();

  await withSerialId(db, db.schema.createTable('community_reports'))
    .addColumn('post_id', 'integer', (col) => col.notNull().references('community_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('community_reports_unique_idx')
    .on('community_reports')
    .columns(['post_id', 'user_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'community_reports',
    'community_posts',
    'governance_notice_reads',
    'governance_notices',
    'governance_ballots',
    'governance_votings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
