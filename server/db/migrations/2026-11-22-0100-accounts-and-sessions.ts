import type { Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Ids are UUID text; flags are 0/1 integers so both engines read them the same way.

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(320)', (col) => col.unique())
    .addColumn('name', 'varchar(100)')
    .addColumn('legal_name', 'varchar(200)')
    .addColumn('country_of_residence', 'varchar(2)')
    .addColumn('investor_type', 'varchar(20)', (col) => col.notNull().defaultTo('INDIVIDUAL'))
    .addColumn('kyc_status', 'varchar(20)', (col) => col.notNull().defaultTo('NONE'))
    .addColumn('role', 'varchar(20)', (col) => col.notNull().defaultTo('USER'))
    .addColumn('is_banned', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ban_reason', 'text')
    .addColumn('is_hide_badge', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  // How a person proves who they are: an email address, or an OpenID issuer + subject.
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(200)', (col) => col.notNull())
    .addColumn('subject', 'varchar(320)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addUniqueConstraint('user_identities_issuer_subject_unique', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('email_challenges')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(100)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('consumed_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('email_challenges_email_idx')
    .on('email_challenges')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema.createIndex('email_challenges_ip_idx').on('email_challenges').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'varchar(20)', (col) => col.notNull())
    .addColumn('is_second_factor_passed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('second_factor_at', ts)
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(400)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('expires_at', ts, (col) => col.notNull())
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text')
    .addColumn('pending_secret_sealed', 'text')
    .addColumn('pending_created_at', ts)
    .addColumn('enabled_at', ts)
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();

  // The primary key is the replay guard: a time step is inserted once per user, ever.
  await db.schema
    .createTable('totp_used_steps')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step', 'integer', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .addPrimaryKeyConstraint('totp_used_steps_pk', ['user_id', 'step'])
    .execute();

  await db.schema
    .createTable('second_factor_attempts')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_success', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('second_factor_attempts_user_idx')
    .on('second_factor_attempts')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(100)', (col) => col.notNull())
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('type', 'varchar(60)', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('user_agent', 'varchar(400)', (col) => col.notNull())
    .addColumn('created_at', ts, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_events_user_idx').on('audit_events').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_events',
    'recovery_codes',
    'second_factor_attempts',
    'totp_used_steps',
    'totp_factors',
    'sessions',
    'email_challenges',
    'user_identities',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
