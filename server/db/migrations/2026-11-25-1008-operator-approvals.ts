import { sql, type Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Four eyes on money: an action that moves money or ownership is proposed by one operator and
// applied when another approves. Each approval leaves PENDING once, by a conditional update.
// Revenue distributions gain an idempotency key (a retry or a double click commits once) and a
// guard that refuses the same project, record date and amount again unless marked as new.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('approvals')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.references('products.id').onDelete('cascade'))
    .addColumn('subject_user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('summary', 'varchar(500)', (col) => col.notNull())
    .addColumn('state', 'varchar(20)', (col) => col.notNull())
    .addColumn('proposed_by_user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('proposed_by', 'varchar(200)', (col) => col.notNull())
    .addColumn('proposed_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('decided_by_user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'varchar(200)')
    .addColumn('decided_at', ts)
    .addColumn('reason', 'varchar(500)')
    .addColumn('result', 'text')
    .addColumn('idempotency_key', 'varchar(200)')
    .addCheckConstraint('approvals_state_check', sql`state in ('PENDING', 'APPROVED', 'REJECTED', 'EXPIRED')`)
    .execute();
  await db.schema.createIndex('approvals_state_idx').on('approvals').columns(['state', 'expires_at']).execute();
  await db.schema
    .createIndex('approvals_idempotency_unique')
    .on('approvals')
    .column('idempotency_key')
    .unique()
    .execute();

  await db.schema.alterTable('revenue_distributions').addColumn('idempotency_key', 'varchar(200)').execute();
  await db.schema.alterTable('revenue_distributions').addColumn('repeat_guard', 'varchar(200)').execute();
  await db.schema
    .createIndex('revenue_distributions_idempotency_unique')
    .on('revenue_distributions')
    .column('idempotency_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('revenue_distributions_repeat_unique')
    .on('revenue_distributions')
    .column('repeat_guard')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('revenue_distributions_repeat_unique').execute();
  await db.schema.dropIndex('revenue_distributions_idempotency_unique').execute();
  await db.schema.alterTable('revenue_distributions').dropColumn('repeat_guard').execute();
  await db.schema.alterTable('revenue_distributions').dropColumn('idempotency_key').execute();
  await db.schema.dropTable('approvals').execute();
}
