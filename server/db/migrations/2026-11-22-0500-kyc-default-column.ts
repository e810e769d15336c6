import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// A user has one identity, which is always their default: the flag was written and never read.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_reviews').dropColumn('is_default').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('kyc_reviews')
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
