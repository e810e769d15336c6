import { sql, type Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Who acted on an audit event (the user, an operator, or the system on its own, such as a
// provider's webhook) gets its own column instead of being guessed from the request origin.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_events')
    .addColumn('actor', 'varchar(10)', (col) => col.notNull().defaultTo('user'))
    .execute();
  // Operator commands recorded the origin "operator"; provider webhooks said so in the detail.
  await sql`update audit_events set actor = 'operator' where ip = 'operator'`.execute(db);
  await sql`update audit_events set actor = 'system' where detail like '%"by":"provider"%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_events').dropColumn('actor').execute();
}
