/**
 * Fills a migrated, demo-seeded database to the "large" size of the benchmarks: 10,000
 * projects and 100,000 holdings (10,000 investors holding 10 projects each), with the
 * matching opening entries in the holdings ledger. Bulk SQL from the bench, not app code:
 * each table is filled by one INSERT … SELECT over a counting CTE, on SQLite and PostgreSQL
 * alike, then PostgreSQL's planner statistics are refreshed (ANALYZE).
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/client';
import type { Database } from '../server/db/types';

export const LARGE = { projects: 10_000, investors: 10_000, holdingsPerInvestor: 10 };

/** 1..n as a CTE (recursive, so it works on both engines). */
const counting = (n: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)})`;

export async function fillLargeData(
  db: Kysely<Database>,
  engine: Engine,
  options: { holderIds?: string[] } = {},
): Promise<{ projects: number; holdings: number }> {
  const now = new Date().toISOString();
  const template = await db
    .selectFrom('products')
    .selectAll()
    .where('is_restricted', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const existing = Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );
  const toAdd = Math.max(0, LARGE.projects - existing);
  const columns = Object.keys(template).filter((column) => column !== 'id');
  const selected = columns.map((column) =>
    column === 'name'
      ? sql`substr(t.name, 1, 100) || ' #' || cast(n.i as varchar(10))`
      : column === 'created_at'
        ? sql`${now}`
        : sql.ref(`t.${column}`),
  );
  await sql`${counting(toAdd)}
    insert into products (${sql.join(columns.map((column) => sql.ref(column)))})
    select ${sql.join(selected)} from products t cross join n where t.id = ${template.id}`.execute(db);

  const ids = await db
    .selectFrom('products')
    .select((eb) => [eb.fn.min('id').as('min'), eb.fn.countAll<number>().as('count')])
    .executeTakeFirstOrThrow();
  const minId = Number(ids.min);
  const projects = Number(ids.count);

  await sql`${counting(LARGE.investors)}
    insert into users (id, email, name, investor_type, kyc_status, role, is_banned, is_hide_badge, created_at, updated_at)
    select 'bench-' || cast(n.i as varchar(10)), 'bench-' || cast(n.i as varchar(10)) || '@example.com',
      'Investor ' || cast(n.i as varchar(10)), 'INDIVIDUAL', 'GREEN', 'USER', 0, 0, ${now}, ${now}
    from n`.execute(db);

  // Investor i holds projects (7i + 997k) mod P for k = 0..9: distinct per investor, spread over all.
  const holdings = (table: 'product_holdings' | 'holding_entries') =>
    table === 'product_holdings'
      ? sql`insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at)
          select ${minId} + ((n.i * 7 + k.i * 997) % ${projects}), 'bench-' || cast(n.i as varchar(10)),
            1 + (n.i % 50), ${now}, ${now}
          from n cross join (select i - 1 as i from n where i <= ${LARGE.holdingsPerInvestor}) k`
      : sql`insert into holding_entries (product_id, user_id, quantity, reason, note, created_at)
          select ${minId} + ((n.i * 7 + k.i * 997) % ${projects}), 'bench-' || cast(n.i as varchar(10)),
            1 + (n.i % 50), 'OPENING_BALANCE', 'bench', ${now}
          from n cross join (select i - 1 as i from n where i <= ${LARGE.holdingsPerInvestor}) k`;
  await sql`${counting(LARGE.investors)} ${holdings('product_holdings')}`.execute(db);
  await sql`${counting(LARGE.investors)} ${holdings('holding_entries')}`.execute(db);

  // The signed-in bench investor holds ten of them too, so their portfolio reads are not empty.
  for (const holderId of options.holderIds ?? []) {
    for (let k = 0; k < LARGE.holdingsPerInvestor; k += 1) {
      const productId = minId + ((k * 1013) % projects);
      await db
        .insertInto('product_holdings')
        .values({ product_id: productId, user_id: holderId, quantity: 5, first_invested_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
        .execute();
      await db
        .insertInto('holding_entries')
        .values({ product_id: productId, user_id: holderId, quantity: 5, reason: 'OPENING_BALANCE', created_at: now })
        .execute();
    }
  }
  // Written past the ledger, so the count it keeps on each project is set here, as the ledger would have.
  await sql`update products set investor_count = (
    select count(*) from product_holdings
    where product_holdings.product_id = products.id and product_holdings.quantity > 0
  )`.execute(db);
  if (engine === 'postgres') await sql`analyze`.execute(db);
  const count = await db
    .selectFrom('product_holdings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { projects, holdings: Number(count.count) };
}
