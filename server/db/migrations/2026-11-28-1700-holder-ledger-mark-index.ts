import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// One holder's power in a vote is the sum of their entries up to the vote's ledger mark
// (docs/decisions/1824-voting-power-as-of-the-ledger-mark.md). Without this index SQLite read it
// through (product_id, id, quantity), every entry of the project up to the mark, so a ballot or
// a proposal's answer took longer the more holders the project had. With it the read is the
// holder's own entries, from the index alone; the fan-out job's batches (a range of user ids up
// to the mark) read it the same way.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('holding_entries_holder_mark_idx')
    .on('holding_entries')
    .columns(['product_id', 'user_id', 'id', 'quantity'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('holding_entries_holder_mark_idx').execute();
}
