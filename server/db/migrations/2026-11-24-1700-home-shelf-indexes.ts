import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// The home page's shelves read a few projects each through an index, whatever the catalogue's
// size: the newest featured projects (is_featured, then id, walked newest first) and the sales
// ending soon (ends_at, a range from now to the end of the "closing soon" window).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_featured_idx').on('products').columns(['is_featured', 'id']).execute();
  await db.schema.createIndex('products_ends_at_idx').on('products').column('ends_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_ends_at_idx').execute();
  await db.schema.dropIndex('products_featured_idx').execute();
}
