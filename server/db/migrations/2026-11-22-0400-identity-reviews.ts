import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// One identity review and one investor verification per user, updated in place; every change
// to either is also an audit event, which is the history the user and operators read.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('kyc_reviews')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(10)', (col) => col.notNull())
    .addColumn('review_status', 'varchar(12)', (col) => col.notNull())
    .addColumn('review_answer', 'varchar(5)')
    .addColumn('reject_type', 'varchar(5)')
    .addColumn('message', 'text')
    .addColumn('legal_name', 'varchar(120)')
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('country_of_residence', 'varchar(2)')
    .addColumn('investor_type', 'varchar(10)', (col) => col.notNull().defaultTo('INDIVIDUAL'))
    .addColumn('entity_name', 'varchar(160)')
    .addColumn('entity_number', 'varchar(60)')
    .addColumn('document_type', 'varchar(20)')
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    // The provider's own time of the last event applied, so a late older one is ignored.
    .addColumn('provider_event_at', ts)
    .addColumn('submitted_at', ts)
    .addColumn('reviewed_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('kyc_reviews_status_idx').on('kyc_reviews').column('review_status').execute();

  await db.schema
    .createTable('investor_verifications')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('basis', 'varchar(20)', (col) => col.notNull())
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('is_self_certified', 'integer', (col) => col.notNull())
    .addColumn('review_status', 'varchar(12)', (col) => col.notNull())
    .addColumn('review_answer', 'varchar(5)')
    .addColumn('reject_type', 'varchar(5)')
    .addColumn('message', 'text')
    .addColumn('submitted_at', ts, (col) => col.notNull())
    .addColumn('reviewed_at', ts)
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  // Uploaded evidence: the bytes live in the data folder under the id; nothing here is served
  // by the static server, and only the owner (or an operator command) ever reads a file.
  await db.schema
    .createTable('kyc_files')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'varchar(40)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    // Which part of which submission uses it (FRONT, BACK, SELFIE, EVIDENCE); null until submitted.
    .addColumn('used_as', 'varchar(10)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('kyc_files_user_idx').on('kyc_files').column('user_id').execute();

  // Webhook deliveries already applied, by the digest of their body: a replay changes nothing.
  await db.schema
    .createTable('kyc_webhook_events')
    .addColumn('digest', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('type', 'varchar(60)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('event_at', ts)
    .addColumn('received_at', ts, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kyc_webhook_events').execute();
  await db.schema.dropTable('kyc_files').execute();
  await db.schema.dropTable('investor_verifications').execute();
  await db.schema.dropTable('kyc_reviews').execute();
}
