/**
 * Fills a migrated, demo-seeded database to the generated size of the benchmarks (issue #29):
 * 10,000 projects, 100,000 investors and 1,000,000 holdings (each investor holding 10 projects),
 * with the matching opening entries in the holdings ledger (1,000,000) and a notification for
 * every investor. Bulk SQL from the bench, not app code: each table is filled by one
 * INSERT … SELECT over counting CTEs, on SQLite and PostgreSQL alike, then PostgreSQL's planner
 * statistics are refreshed (ANALYZE). The signed-in investor's own data is written apart, the
 * same way at both sizes (holder-data.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/client';
import type { Database } from '../server/db/types';

export const LARGE = {
  projects: 10_000,
  investors: Number(process.env.BENCH_LARGE_INVESTORS ?? 100_000),
  holdingsPerInvestor: 10,
};

/** 1..n as a CTE (recursive, so it works on both engines). */
const counting = (n: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)})`;
/** 1..n as `n` and 0..holdingsPerInvestor-1 as `k`: two CTEs (a subquery of `n` is read again per row). */
const countingWithPositions = (n: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)}),
    k(i) as (select 0 union all select i + 1 from k where i < ${sql.lit(LARGE.holdingsPerInvestor - 1)})`;

export async function fillLargeData(
  db: Kysely<Database>,
  engine: Engine,
): Promise<{ projects: number; investors: number; holdings: number; entries: number }> {
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

  // One project is held by every investor (k = 0; the first governance project, as in the fan-out
  // bench), each through a confirmed order; the nine others of investor i are (7i + 997k) mod
  // (P - 1), skipping that one: distinct per investor, spread over all.
  const big = Number(
    (
      await db
        .selectFrom('products')
        .select('id')
        .where('is_governance', '=', 1)
        .where('is_restricted', '=', 0)
        .where('hide_status', '=', 'SHOW')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
  const spread = sql`((n.i * 7 + k.i * 997) % ${projects - 1})`;
  const position = sql`case when k.i = 0 then ${big}
    when ${spread} >= ${big - minId} then ${minId} + ${spread} + 1 else ${minId} + ${spread} end`;
  const investor = sql`'bench-' || cast(n.i as varchar(10))`;
  await sql`${countingWithPositions(LARGE.investors)}
    insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at)
    select ${position}, ${investor}, 1 + (n.i % 50), ${now}, ${now} from n cross join k`.execute(db);
  await sql`${countingWithPositions(LARGE.investors)}
    insert into holding_entries (product_id, user_id, quantity, reason, note, created_at)
    select ${position}, ${investor}, 1 + (n.i % 50), 'OPENING_BALANCE', 'bench', ${now} from n cross join k`.execute(
    db,
  );
  const payMethod = await db
    .selectFrom('product_pay_methods')
    .select('id')
    .where('product_id', '=', big)
    .orderBy('id')
    .executeTakeFirst();
  if (payMethod) {
    await sql`${counting(LARGE.investors)}
      insert into orders (id, reference, user_id, product_id, pay_method_id, state, quantity, price_per_token, amount,
        currency, expires_at, created_at, updated_at)
      select 'bench-order-' || cast(n.i as varchar(10)), 'B' || cast(n.i as varchar(10)), ${investor}, ${big},
        ${Number(payMethod.id)}, 'CONFIRMED', 1 + (n.i % 50), 1000, 1000 * (1 + (n.i % 50)), 'KRW', ${now}, ${now}, ${now}
      from n`.execute(db);
  }
  // Every investor's inbox holds a notice, unread, so the inbox's indexes hold 100,000 others.
  await sql`${counting(LARGE.investors)}
    insert into notifications (user_id, type, product_id, title, body, params, link, created_at)
    select ${investor}, 'PROMOTE', null, 'News', 'Something new on Moa.', '{}', '/', ${now} from n`.execute(db);
  // Written past the ledger, so the count it keeps on each project is set here, as the ledger would have.
  await sql`update products set investor_count = (
    select count(*) from product_holdings
    where product_holdings.product_id = products.id and product_holdings.quantity > 0
  )`.execute(db);
  if (engine === 'postgres') await sql`analyze`.execute(db);
  const count = async (table: 'product_holdings' | 'holding_entries' | 'users') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    projects,
    investors: await count('users'),
    holdings: await count('product_holdings'),
    entries: await count('holding_entries'),
  };
}
