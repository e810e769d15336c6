import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/types';

const DAY_MS = 86_400_000;

export interface LargeCatalogueOptions {
  /** Projects to add (each with an about block and a few rows in each detail part). */
  projects: number;
  /** Holdings to spread over them, each a distinct investor and project. */
  holdings: number;
  /** Investors the holdings belong to (default: a tenth of the holdings, at least 10 per project). */
  investors?: number;
  /** Joins are spread evenly over the year before this moment. */
  now?: Date;
}

async function insertInBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}

/**
 * Fills a migrated database with a catalogue at scale, for timing the list and the detail: `projects`
 * projects in one category with every part of a detail, and `holdings` holdings (ledger entries and
 * their projection) whose joins are spread over the last year. Written in bulk, so a large
 * catalogue takes seconds; the rows have the shapes the product factories write.
 */
export async function fillLargeCatalogue(db: Kysely<Database>, options: LargeCatalogueOptions): Promise<void> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const investors = options.investors ?? Math.max(Math.ceil(options.holdings / 10), 10);
  const perProduct = Math.ceil(options.holdings / options.projects);
  if (perProduct > investors) throw new Error('Not enough investors for distinct holdings');

  await db.transaction().execute(async (trx) => {
    const { id: categoryId } = await trx
      .insertInto('categories')
      .values({ name: `Bench ${now.getTime()}`, sort_order: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();

    const userIds = Array.from(
      { length: investors },
      (_, index) => `b0000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    await insertInBatches(userIds, 500, (batch) =>
      trx
        .insertInto('users')
        .values(
          batch.map((id) => ({
            id,
            email: `${id}@bench.moa.localhost`,
            name: 'Bench investor',
            is_banned: 0,
            is_hide_badge: 0,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute(),
    );

    const productIds: number[] = [];
    await insertInBatches(
      Array.from({ length: options.projects }, (_, index) => index),
      500,
      async (batch) => {
        const created = await trx
          .insertInto('products')
          .values(
            batch.map((index) => ({
              category_id: Number(categoryId),
              name: `Bench project ${index}`,
              description: `Bench project ${index}: a tokenized share of its income.`,
              image: '/icons/icon-512.png',
              logo: '/icons/icon-192.png',
              token_name: 'BNCH',
              contract_address: null,
              price_per_token: 1000,
              total_quantity: 1_000_000,
              remaining_quantity: 900_000,
              target_cap: 1_000_000_000,
              soft_cap: null,
              user_min_investment: 1000,
              user_max_investment: null,
              starts_at: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
              ends_at: new Date(now.getTime() + ((index % 60) + 1) * DAY_MS).toISOString(),
              is_reg_d: 0,
              is_restricted: 0,
              is_featured: 0,
              is_governance: 0,
              can_witch: 0,
              hide_status: 'SHOW',
              regulation: 'Regulation CF',
              investment_risk_disclaimer: 'Investing is risky.',
              document_description: null,
              created_at: at,
            })),
          )
          .returning('id')
          .execute();
        productIds.push(...created.map((row) => Number(row.id)));
      },
    );

    const perProductRows = <T>(count: number, make: (productId: number, position: number) => T): T[] =>
      productIds.flatMap((productId) => Array.from({ length: count }, (_, position) => make(productId, position)));
    await insertInBatches(
      perProductRows(1, (product_id) => ({ product_id, legal_name: `Bench ${product_id} Ltd.` })),
      1000,
      (batch) => trx.insertInto('product_about').values(batch).execute(),
    );
    const text = (productId: number, position: number) => ({
      product_id: productId,
      sort_order: position,
      title: `Question ${position + 1}`,
      description: 'An answer of a sentence or two, as projects write them.',
    });
    await insertInBatches(perProductRows(3, text), 1000, (batch) =>
      trx.insertInto('product_faqs').values(batch).execute(),
    );
    await insertInBatches(perProductRows(3, text), 1000, (batch) =>
      trx.insertInto('product_risks').values(batch).execute(),
    );
    await insertInBatches(
      perProductRows(2, (product_id, sort_order) => ({
        product_id,
        sort_order,
        url: `/demo/bench/${product_id}-${sort_order}.svg`,
        alt_text: 'Illustration',
      })),
      1000,
      (batch) => trx.insertInto('product_images').values(batch).execute(),
    );
    await insertInBatches(
      perProductRows(3, (product_id, sort_order) => ({
        product_id,
        sort_order,
        name: ['Supporter', 'Patron', 'Founding holder'][sort_order]!,
        limit_quantity: 10 ** (sort_order + 1),
      })),
      1000,
      (batch) => trx.insertInto('product_community_badges').values(batch).execute(),
    );
    await insertInBatches(
      perProductRows(1, (product_id, sort_order) => ({
        product_id,
        sort_order,
        name: 'Bank transfer (escrow)',
        address: '469001-04-123456',
        alias: 'escrow',
        pay_method_type: 'ACCOUNT' as const,
      })),
      1000,
      (batch) => trx.insertInto('product_pay_methods').values(batch).execute(),
    );

    // Holding i: project i mod P, the k-th holder of that project (k = i div P), so pairs are distinct.
    const holdings = Array.from({ length: options.holdings }, (_, index) => {
      const productIndex = index % productIds.length;
      const k = Math.floor(index / productIds.length);
      const joinedAt = new Date(now.getTime() - ((index * 7919) % (365 * 24)) * 3_600_000 - 60_000).toISOString();
      return {
        product_id: productIds[productIndex]!,
        user_id: userIds[(productIndex + k * 499) % userIds.length]!,
        quantity: 10,
        at: joinedAt,
      };
    });
    await insertInBatches(holdings, 1000, (batch) =>
      trx
        .insertInto('holding_entries')
        .values(
          batch.map((row) => ({
            product_id: row.product_id,
            user_id: row.user_id,
            quantity: row.quantity,
            reason: 'OPENING_BALANCE' as const,
            note: 'Opening holding',
            created_at: row.at,
          })),
        )
        .execute(),
    );
    await insertInBatches(holdings, 1000, (batch) =>
      trx
        .insertInto('product_holdings')
        .values(
          batch.map((row) => ({
            product_id: row.product_id,
            user_id: row.user_id,
            quantity: row.quantity,
            first_invested_at: row.at,
            updated_at: row.at,
          })),
        )
        .execute(),
    );
    // New holders written past the ledger: their projects' investor counts are set, and the stored
    // "most popular" ranking is stale, as the ledger marks them.
    await sql`update products set investor_count = (
      select count(*) from product_holdings
      where product_holdings.product_id = products.id and product_holdings.quantity > 0
    )`.execute(trx);
    await trx
      .updateTable('popularity_snapshot')
      .set((eb) => ({ generation: eb('generation', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  });
}
