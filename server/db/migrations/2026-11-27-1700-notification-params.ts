import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// A notification keeps its type's parameters (JSON text: names to strings), so the inbox and
// push messages write it in the reader's language. Rows stored before have none (NULL) and
// are shown with the title and body they were stored with.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('params').execute();
}
