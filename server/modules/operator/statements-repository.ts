import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, StatementLinesTable, StatementMappingsTable } from '../../db/types';

type Db = Kysely<Database>;

export type StatementLineRow = Selectable<StatementLinesTable>;
export type StatementMappingRow = Selectable<StatementMappingsTable>;

/** A line with the reference, amount and state of its order now. */
export type StatementLineView = StatementLineRow & {
  order_reference: string | null;
  order_amount: number | string | null;
  order_state: string | null;
  depositor_email: string | null;
};

// ---------------------------------------------------------------------------------------------
// Mappings

export async function findMappingByBank(db: Db, bankKey: string): Promise<StatementMappingRow | undefined> {
  return db.selectFrom('statement_mappings').selectAll().where('bank_key', '=', bankKey).executeTakeFirst();
}

export async function findMappingBySignature(db: Db, signature: string): Promise<StatementMappingRow | undefined> {
  return db
    .selectFrom('statement_mappings')
    .selectAll()
    .where('header_signature', '=', signature)
    .orderBy('saved_at', 'desc')
    .executeTakeFirst();
}

export async function findMappings(db: Db): Promise<StatementMappingRow[]> {
  return db.selectFrom('statement_mappings').selectAll().orderBy('bank').execute();
}

/** Saves a bank's mapping, replacing the one it had (the last saved wins). */
export async function upsertMapping(db: Db, row: Insertable<StatementMappingsTable>): Promise<void> {
  await db
    .insertInto('statement_mappings')
    .values(row)
    .onConflict((oc) =>
      oc.column('bank_key').doUpdateSet({
        bank: row.bank,
        header_signature: row.header_signature,
        mapping: row.mapping,
        saved_by: row.saved_by,
        saved_at: row.saved_at,
      }),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Lines

/**
 * Inserts a line unless one with its fingerprint exists: true when this call inserted it. Two
 * imports of the same line at once are decided by the unique index (the later one waits for the
 * first and then inserts nothing).
 */
export async function insertLineOnce(db: Db, row: Insertable<StatementLinesTable>): Promise<boolean> {
  const result = await db
    .insertInto('statement_lines')
    .values(row)
    .onConflict((oc) => oc.column('fingerprint').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

function lineViews(db: Db) {
  return db
    .selectFrom('statement_lines')
    .leftJoin('orders', 'orders.id', 'statement_lines.order_id')
    .leftJoin('users', 'users.id', 'statement_lines.user_id')
    .selectAll('statement_lines')
    .select([
      'orders.reference as order_reference',
      'orders.amount as order_amount',
      'orders.state as order_state',
      'users.email as depositor_email',
    ]);
}

export async function findLineView(db: Db, id: string): Promise<StatementLineView | undefined> {
  return lineViews(db).where('statement_lines.id', '=', id).executeTakeFirst();
}

export async function findLineViewByFingerprint(db: Db, fingerprint: string): Promise<StatementLineView | undefined> {
  return lineViews(db).where('statement_lines.fingerprint', '=', fingerprint).executeTakeFirst();
}

export async function findLineViews(
  db: Db,
  state: StatementLineRow['state'] | null,
  limit: number,
): Promise<StatementLineView[]> {
  let query = lineViews(db);
  if (state) query = query.where('statement_lines.state', '=', state);
  return query
    .orderBy('statement_lines.imported_at', 'desc')
    .orderBy('statement_lines.booked_on', 'desc')
    .orderBy('statement_lines.id')
    .limit(limit)
    .execute();
}

/**
 * Moves a line from one state to another with what the move records; true for the one caller
 * whose update took it (a second operator doing the same finds the line moved already).
 */
export async function moveLine(
  db: Db,
  id: string,
  from: readonly StatementLineRow['state'][],
  set: Partial<
    Pick<
      StatementLineRow,
      'state' | 'match' | 'order_id' | 'user_id' | 'approval_id' | 'note' | 'resolved_by' | 'resolved_at'
    >
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('statement_lines')
    .set(set)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lines waiting for an operator (the unmatched queue), with the oldest one's import time. */
export async function countUnmatchedLines(db: Db): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('statement_lines')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('imported_at').as('oldest')])
    .where('state', '=', 'UNMATCHED')
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? String(row.oldest) : null };
}

/** Whether a line already pays this order (matched, proposed or confirmed). */
export async function hasLiveLineForOrder(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('statement_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('state', 'in', ['MATCHED', 'PROPOSED', 'CONFIRMED'])
    .executeTakeFirst();
  return row !== undefined;
}
