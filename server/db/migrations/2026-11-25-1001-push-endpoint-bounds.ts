import { sql, type Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// A device's push subscription counts the attempts in a row its push service did not answer,
// so one that never answers is dropped; and an account keeps at most ten subscriptions, the
// most recently renewed (accounts above that from before the cap keep their newest ten).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`delete from push_subscriptions where id in (
    select id from (
      select id, row_number() over (partition by user_id order by updated_at desc, created_at desc, id desc) as rank
      from push_subscriptions
    ) ranked
    where rank > 10
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('failed_attempts').execute();
}
