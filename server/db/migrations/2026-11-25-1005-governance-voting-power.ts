import { sql, type Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Each holder's voting power in a proposal or agenda, written by the transaction that opens it
// (docs/decisions/1704-voting-power-rows-and-proposal-caps.md): ballots, notifications and the
// close read these rows instead of the ledger, so they all agree with the stored quorum base.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('governance_voting_power')
    .addColumn('voting_id', 'integer', (col) => col.notNull().references('governance_votings.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id'))
    .addColumn('power', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('governance_voting_power_pk', ['voting_id', 'user_id'])
    .addCheckConstraint('governance_voting_power_check', sql`power > 0`)
    .execute();
  // Items opened before: their holders as the ledger shows them at the snapshot now.
  await sql`insert into governance_voting_power (voting_id, user_id, power)
    select governance_votings.id, holding_entries.user_id, sum(holding_entries.quantity)
    from governance_votings
    join holding_entries on holding_entries.product_id = governance_votings.product_id
      and holding_entries.created_at <= governance_votings.snapshot_at
    group by governance_votings.id, holding_entries.user_id
    having sum(holding_entries.quantity) > 0`.execute(db);
  // An open item's quorum base becomes the sum of its rows; closed items keep what was counted.
  await sql`update governance_votings set total_power = (
    select coalesce(sum(power), 0) from governance_voting_power
    where governance_voting_power.voting_id = governance_votings.id
  ) where status = 'OPEN'`.execute(db);
  // The open proposals of one author, counted when they open another.
  await db.schema
    .createIndex('governance_votings_author_idx')
    .on('governance_votings')
    .columns(['author_user_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('governance_votings_author_idx').execute();
  await db.schema.dropTable('governance_voting_power').execute();
}
