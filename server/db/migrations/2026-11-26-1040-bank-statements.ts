import { sql, type Kysely } from 'kysely';
import { timestampType } from './helpers';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Bank statement import: the column mapping of each bank's CSV, remembered, and every imported
// line with its fingerprint. The unique fingerprint makes the same line imported twice (the same
// file again, two operators at once, overlapping exports) one row. A line pays an order (by its
// reference) or is an investor's deposit (by their deposit reference).

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('statement_mappings')
    .addColumn('bank_key', 'varchar(80)', (col) => col.primaryKey())
    .addColumn('bank', 'varchar(80)', (col) => col.notNull())
    .addColumn('header_signature', 'varchar(8000)', (col) => col.notNull())
    .addColumn('mapping', 'text', (col) => col.notNull())
    .addColumn('saved_by', 'varchar(200)', (col) => col.notNull())
    .addColumn('saved_at', ts, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('statement_lines')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('fingerprint', 'varchar(64)', (col) => col.notNull())
    .addColumn('import_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('bank', 'varchar(80)', (col) => col.notNull())
    .addColumn('booked_on', 'varchar(20)', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('payer', 'varchar(500)', (col) => col.notNull())
    .addColumn('message', 'varchar(1000)', (col) => col.notNull())
    .addColumn('reference', 'varchar(40)')
    .addColumn('match', 'varchar(20)', (col) => col.notNull())
    .addColumn('state', 'varchar(20)', (col) => col.notNull())
    .addColumn('order_id', 'varchar(36)', (col) => col.references('orders.id').onDelete('set null'))
    // A deposit line's investor: the one whose deposit reference the transfer carries.
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id'))
    .addColumn('approval_id', 'varchar(36)')
    .addColumn('note', 'varchar(500)')
    .addColumn('imported_by', 'varchar(200)', (col) => col.notNull())
    .addColumn('imported_at', ts, (col) => col.notNull())
    .addColumn('resolved_by', 'varchar(200)')
    .addColumn('resolved_at', ts)
    .addCheckConstraint('statement_lines_amount_check', sql`amount > 0`)
    .addCheckConstraint(
      'statement_lines_match_check',
      sql`match in ('MATCHED', 'DEPOSIT', 'AMOUNT_DIFFERS', 'UNKNOWN_REFERENCE', 'ORDER_CLOSED')`,
    )
    .addCheckConstraint(
      'statement_lines_state_check',
      sql`state in ('MATCHED', 'UNMATCHED', 'PROPOSED', 'CONFIRMED', 'RETURNED')`,
    )
    .execute();
  await db.schema
    .createIndex('statement_lines_fingerprint_unique')
    .on('statement_lines')
    .column('fingerprint')
    .unique()
    .execute();
  await db.schema
    .createIndex('statement_lines_state_idx')
    .on('statement_lines')
    .columns(['state', 'imported_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statement_lines').execute();
  await db.schema.dropTable('statement_mappings').execute();
}
