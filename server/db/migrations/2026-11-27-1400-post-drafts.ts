import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Operators write posts in the console (decision 1812): a post may be a draft, which no reader
// sees whatever its date, and keeps the Markdown it was written in, so the editor opens what the
// operator typed rather than the HTML made from it. Posts written before keep no Markdown (null):
// their stored HTML is what the editor opens, and Markdown lets HTML through as it is.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('is_draft', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('posts').addColumn('markdown', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('markdown').execute();
  await db.schema.alterTable('posts').dropColumn('is_draft').execute();
}
