import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// A vote records where its project's ledger stood when it opened: the id of the project's last
// holding entry then (docs/decisions/1824-voting-power-as-of-the-ledger-mark.md). Each holder's
// power is the sum of their entries up to it, read when needed; no row per holder is written.
// Items opened before keep their rows of voting power and no mark (NULL).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('governance_votings').addColumn('ledger_mark', 'bigint').execute();
  // The mark and the quorum's base at an opening, read from the index alone.
  await db.schema
    .createIndex('holding_entries_product_mark_idx')
    .on('holding_entries')
    .columns(['product_id', 'id', 'quantity'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('holding_entries_product_mark_idx').execute();
  await db.schema.alterTable('governance_votings').dropColumn('ledger_mark').execute();
}
