import { type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { closingSoonUntil, type SaleStatus } from '../../../src/domain/sale';
import type { Database, ProductsTable } from '../../db/types';

type Db = Kysely<Database>;
type ProductEb = ExpressionBuilder<Database, 'products'>;

export type ProductRow = Selectable<ProductsTable> & {
  category_name: string;
  category_order: number;
  investor_count: number;
};

/**
 * The SQL twin of deriveSaleStatus (src/domain/sale.ts), so a status filter pages in the
 * database. ISO timestamps compare correctly as text in SQLite and as timestamptz in PostgreSQL.
 */
export function saleStatusCondition(eb: ProductEb, statuses: SaleStatus[], now: Date) {
  const at = now.toISOString();
  const soon = closingSoonUntil(now).toISOString();
  const started = eb.or([eb('products.starts_at', 'is', null), eb('products.starts_at', '<=', at)]);
  const available = eb('products.remaining_quantity', '>', 0);
  const byStatus: Record<SaleStatus, ReturnType<ProductEb['and']>> = {
    SALE_BEFORE: eb.and([eb('products.starts_at', 'is not', null), eb('products.starts_at', '>', at)]),
    SALE_END: eb.and([
      started,
      eb.or([
        eb('products.remaining_quantity', '<=', 0),
        eb.and([eb('products.ends_at', 'is not', null), eb('products.ends_at', '<=', at)]),
      ]),
    ]),
    CLOSING_SOON: eb.and([
      started,
      available,
      eb('products.ends_at', 'is not', null),
      eb('products.ends_at', '>', at),
      eb('products.ends_at', '<=', soon),
    ]),
    SALE: eb.and([started, available, eb.or([eb('products.ends_at', 'is', null), eb('products.ends_at', '>', soon)])]),
  };
  return eb.or(statuses.map((status) => byStatus[status]));
}

/** Visible to this viewer: shown, and either open to all or on the viewer's allowed list. */
function visibleTo(eb: ProductEb, viewerId: string | null) {
  const open = eb('products.is_restricted', '=', 0);
  const shown = eb('products.hide_status', '=', 'SHOW');
  if (!viewerId) return eb.and([shown, open]);
  return eb.and([
    shown,
    eb.or([
      open,
      eb.exists(
        eb
          .selectFrom('product_whitelist')
          .select('product_whitelist.product_id')
          .whereRef('product_whitelist.product_id', '=', 'products.id')
          .where('product_whitelist.user_id', '=', viewerId)
          .where('product_whitelist.status', '=', 'ALLOW'),
      ),
    ]),
  ]);
}

function selectProducts(db: Db) {
  return db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select((eb) => [
      'categories.name as category_name',
      'categories.sort_order as category_order',
      eb
        .selectFrom('product_holdings')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('product_holdings.product_id', '=', 'products.id')
        .where('product_holdings.quantity', '>', 0)
        .as('investor_count'),
    ]);
}

export interface ProductPageFilter {
  viewerId: string | null;
  statuses: SaleStatus[] | null;
  categoryId: number | null;
  beforeId: number | null;
  limit: number;
  now: Date;
}

/**
 * One page of visible projects, newest first, keyed by id so that projects added while a
 * reader scrolls never shift the pages they have not reached (they appear at the top).
 * Reads limit + 1 rows to know whether another page exists.
 */
export async function findProductPage(db: Db, filter: ProductPageFilter): Promise<ProductRow[]> {
  const rows = await selectProducts(db)
    .where((eb) => {
      const conditions = [visibleTo(eb, filter.viewerId)];
      if (filter.statuses) conditions.push(saleStatusCondition(eb, filter.statuses, filter.now));
      if (filter.categoryId) conditions.push(eb('products.category_id', '=', filter.categoryId));
      if (filter.beforeId) conditions.push(eb('products.id', '<', filter.beforeId));
      return eb.and(conditions);
    })
    .orderBy('products.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  return rows.map(normalizeCounts);
}

/** Projects with the most new investors since `since`: the "most popular" badge. */
export async function findTrendingProductIds(db: Db, since: Date, top: number): Promise<number[]> {
  const rows = await db
    .selectFrom('product_holdings')
    .select((eb) => ['product_holdings.product_id', eb.fn.countAll<number>().as('recent')])
    .where('product_holdings.first_invested_at', '>=', since.toISOString())
    .groupBy('product_holdings.product_id')
    .orderBy('recent', 'desc')
    .orderBy('product_holdings.product_id', 'desc')
    .limit(top)
    .execute();
  return rows.map((row) => Number(row.product_id));
}

export async function findProductRow(db: Db, id: number): Promise<ProductRow | undefined> {
  const row = await selectProducts(db).where('products.id', '=', id).executeTakeFirst();
  return row ? normalizeCounts(row) : undefined;
}

function normalizeCounts<T extends { investor_count: unknown }>(row: T): T & { investor_count: number } {
  return { ...row, investor_count: Number(row.investor_count ?? 0) };
}

export async function listCategories(db: Db) {
  return db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('id').execute();
}

/** Every part of a project's detail: one query per part, whatever the project's size. */
export async function findProductParts(db: Db, productId: number) {
  const [
    about,
    team,
    social,
    dealTerms,
    images,
    gifts,
    faqs,
    risks,
    documents,
    customSections,
    payMethods,
    community,
    badges,
  ] = await Promise.all([
    db.selectFrom('product_about').selectAll().where('product_id', '=', productId).executeTakeFirst(),
    db
      .selectFrom('product_team_members')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_social_links')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_deal_terms')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_images')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_gifts')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('limit_quantity')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_faqs')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_risks')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_documents')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_custom_sections')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_pay_methods')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_community_sections')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_community_badges')
      .selectAll()
      .where('product_id', '=', productId)
      .orderBy('limit_quantity')
      .orderBy('id')
      .execute(),
  ]);
  return {
    about,
    team,
    social,
    dealTerms,
    images,
    gifts,
    faqs,
    risks,
    documents,
    customSections,
    payMethods,
    community,
    badges,
  };
}

export interface ViewerFacts {
  balance: number | null;
  isSubscribed: boolean;
  whitelist: { status: 'REQUEST' | 'ALLOW'; requested_at: string } | null;
}

export async function findViewerFacts(db: Db, productId: number, userId: string): Promise<ViewerFacts> {
  const [holding, subscription, whitelist] = await Promise.all([
    db
      .selectFrom('product_holdings')
      .select('quantity')
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('product_subscriptions')
      .select('product_id')
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('product_whitelist')
      .select(['status', 'requested_at'])
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    balance: holding ? Number(holding.quantity) : 0,
    isSubscribed: subscription !== undefined,
    whitelist: whitelist ?? null,
  };
}

/**
 * Adds the subscription, or removes it when present; answers the new state. Each step is one
 * statement whose effect is the answer: a delete that removed the row answers "off", an
 * insert that added it answers "on". When a simultaneous toggle got in between (the delete
 * found nothing, then the insert found a row), the toggle starts over, so every answer given
 * agrees with some order of the toggles and the final state is the last one's answer. Null
 * only if it kept losing such races.
 */
export async function toggleSubscription(
  db: Db,
  productId: number,
  userId: string,
  at: string,
): Promise<boolean | null> {
  for (let round = 0; round < 8; round += 1) {
    const removed = await db
      .deleteFrom('product_subscriptions')
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    const added = await db
      .insertInto('product_subscriptions')
      .values({ product_id: productId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  }
  return null;
}

/** A whitelist request; an existing request or approval is left as it is. */
export async function insertWhitelistRequest(db: Db, productId: number, userId: string, at: string) {
  await db
    .insertInto('product_whitelist')
    .values({ product_id: productId, user_id: userId, status: 'REQUEST', requested_at: at })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .execute();
}

export async function allowWhitelist(db: Db, productId: number, userId: string, at: string, decidedBy: string) {
  await db
    .insertInto('product_whitelist')
    .values({
      product_id: productId,
      user_id: userId,
      status: 'ALLOW',
      requested_at: at,
      decided_at: at,
      decided_by: decidedBy,
    })
    .onConflict((oc) =>
      oc.columns(['product_id', 'user_id']).doUpdateSet({ status: 'ALLOW', decided_at: at, decided_by: decidedBy }),
    )
    .execute();
}

/** allowedProductIds and whitelistRequestProductIds of a user's profile. */
export async function findWhitelistIds(db: Db, userId: string) {
  const rows = await db
    .selectFrom('product_whitelist')
    .select(['product_id', 'status'])
    .where('user_id', '=', userId)
    .orderBy('product_id')
    .execute();
  return {
    allowedProductIds: rows.filter((row) => row.status === 'ALLOW').map((row) => Number(row.product_id)),
    whitelistRequestProductIds: rows.filter((row) => row.status === 'REQUEST').map((row) => Number(row.product_id)),
  };
}

/** Requests waiting for an operator, oldest first. */
export async function findPendingWhitelistRequests(db: Db) {
  return db
    .selectFrom('product_whitelist')
    .innerJoin('products', 'products.id', 'product_whitelist.product_id')
    .innerJoin('users', 'users.id', 'product_whitelist.user_id')
    .select([
      'product_whitelist.product_id',
      'product_whitelist.user_id',
      'product_whitelist.requested_at',
      'products.name as product_name',
      'users.email',
    ])
    .where('product_whitelist.status', '=', 'REQUEST')
    .orderBy('product_whitelist.requested_at')
    .execute();
}
