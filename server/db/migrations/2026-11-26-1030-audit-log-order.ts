import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The operator console reads the whole audit log newest first, a page at a time after a cursor
// (created_at, id): an index in that order keeps each page a short walk however long the log.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_events_created_idx').on('audit_events').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_events_created_idx').execute();
}
