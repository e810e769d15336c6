import type { Kysely } from 'kysely';

// Frozen in time: a migration never imports app code, only Kysely and its own helpers.
// Each project may withhold a part of the revenue it pays into balances (tax withheld at the
// source), in basis points of each share: zero, nothing withheld, unless an operator sets it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('revenue_withholding_bps', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('revenue_withholding_bps').execute();
}
