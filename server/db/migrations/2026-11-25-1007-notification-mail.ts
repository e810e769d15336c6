import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The mail outbox: a notification that also goes by mail (an order's payment confirmed or
// rejected, an order expired or refunded) stores its message here in the event's transaction;
// a sweep of any API process sends it. PENDING -> SENDING (claimed until claimed_until) ->
// SENT | FAILED, or back to PENDING with a later next_attempt_at after a refusal.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('notification_id', 'integer', (col) => col.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('subject', 'varchar(200)', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', ts, (col) => col.notNull())
    .addColumn('claim_id', 'varchar(36)')
    .addColumn('claimed_until', ts)
    .addColumn('last_error', 'varchar(300)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('sent_at', ts)
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_claim_idx').on('mail_outbox').column('claim_id').execute();
  await db.schema.createIndex('mail_outbox_notification_idx').on('mail_outbox').column('notification_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
