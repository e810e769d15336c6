import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { compiledQuery, compiledQueryFamily } from '../../db/compiled-query';
import { keptParsed, parsed, relationsOf } from '../../db/json';
import { openOrderStates } from '../../../src/domain/order-state';
import { closingSoonUntil, type SaleStatus } from '../../../src/domain/sale';
import type { Database, ProductsTable } from '../../db/types';
import type { ProductPartTable } from './catalogue-repository';
import { parseTrendingIds, trendingIdsFor } from './popularity-repository';

type Db = Kysely<Database>;
type ProductEb = ExpressionBuilder<Database, 'products'>;

export type ProductRow = Selectable<ProductsTable> & {
  category_name: string;
  category_order: number;
  /** The stored "most popular" ids (comma-separated) when they hold for the window asked, else null. */
  trending_ids: string | null;
};

/**
 * The SQL twin of deriveSaleStatus (src/domain/sale.ts), so a status filter pages in the
 * database. ISO timestamps compare correctly as text in SQLite and as timestamptz in PostgreSQL.
 */
export function saleStatusCondition(eb: ProductEb, statuses: SaleStatus[], values: { at?: string; soon?: string }) {
  // Read only by the conditions asked for: a compiled query binds no value it does not use.
  const at = () => values.at!;
  const soon = () => values.soon!;
  const started = () => eb.or([eb('products.starts_at', 'is', null), eb('products.starts_at', '<=', at())]);
  const available = () => eb('products.remaining_quantity', '>', 0);
  const byStatus: Record<SaleStatus, () => ReturnType<ProductEb['and']>> = {
    SALE_BEFORE: () => eb.and([eb('products.starts_at', 'is not', null), eb('products.starts_at', '>', at())]),
    SALE_END: () =>
      eb.and([
        started(),
        eb.or([
          eb('products.remaining_quantity', '<=', 0),
          eb.and([eb('products.ends_at', 'is not', null), eb('products.ends_at', '<=', at())]),
        ]),
      ]),
    CLOSING_SOON: () =>
      eb.and([
        started(),
        available(),
        eb('products.ends_at', 'is not', null),
        eb('products.ends_at', '>', at()),
        eb('products.ends_at', '<=', soon()),
      ]),
    SALE: () =>
      eb.and([
        started(),
        available(),
        eb.or([eb('products.ends_at', 'is', null), eb('products.ends_at', '>', soon())]),
      ]),
  };
  return eb.or(statuses.map((status) => byStatus[status]()));
}

/** The values a status filter binds: the moment, and the end of the "closing soon" window. */
function saleStatusValues(now: Date): { at: string; soon: string } {
  return { at: now.toISOString(), soon: closingSoonUntil(now).toISOString() };
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

/**
 * The whole project row with its category (an order's checks, the detail). Its investor count is
 * the one the ledger keeps on the row (products.investor_count).
 */
function selectProducts(db: Db) {
  return db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .selectAll('products')
    .select(['categories.name as category_name', 'categories.sort_order as category_order'])
    .select(sql<string | null>`null`.as('trending_ids'));
}

/** What a card shows (toCard), nothing more: a page reads these columns only. */
export type CardRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'description'
  | 'image'
  | 'token_name'
  | 'price_per_token'
  | 'total_quantity'
  | 'remaining_quantity'
  | 'target_cap'
  | 'starts_at'
  | 'ends_at'
  | 'category_id'
  | 'can_witch'
  | 'is_featured'
  | 'is_reg_d'
  | 'investor_count'
  | 'category_name'
  | 'category_order'
  | 'trending_ids'
>;

/** The columns a card shows (toCard), with the category it belongs to. */
function cardsOf(db: Db) {
  return db
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'products.id',
      'products.name',
      'products.description',
      'products.image',
      'products.token_name',
      'products.price_per_token',
      'products.total_quantity',
      'products.remaining_quantity',
      'products.target_cap',
      'products.starts_at',
      'products.ends_at',
      'products.category_id',
      'products.can_witch',
      'products.is_featured',
      'products.is_reg_d',
      'products.investor_count',
      'categories.name as category_name',
      'categories.sort_order as category_order',
    ]);
}

/** A page's columns, with the stored "most popular" ids for window start `trendingSince` (a value). */
function selectCards(db: Db, trendingSince: string) {
  // Read once per statement (it names no column of the row), so a page still costs one query.
  return cardsOf(db).select(trendingIdsFor(db, trendingSince).as('trending_ids'));
}

export interface ProductPageFilter {
  viewerId: string | null;
  statuses: SaleStatus[] | null;
  categoryId: number | null;
  beforeId: number | null;
  limit: number;
  now: Date;
  /** Start of the "most popular" window. */
  trendingSince: string;
}

/** What changes the SQL of a page: which filters it has (their values are parameters). */
interface PageShape {
  viewer: boolean;
  statuses: readonly SaleStatus[] | null;
  category: boolean;
  before: boolean;
}

const productPage = compiledQueryFamily(
  (shape: PageShape) =>
    [shape.viewer, shape.statuses?.join('+') ?? '-', shape.category, shape.before].map(String).join(' '),
  (
    db,
    params: {
      viewerId?: string;
      at?: string;
      soon?: string;
      categoryId?: number;
      beforeId?: number;
      limit: number;
      trendingSince: string;
    },
    shape,
  ) =>
    selectCards(db, params.trendingSince)
      .where((eb) => {
        const conditions = [visibleTo(eb, shape.viewer ? params.viewerId! : null)];
        if (shape.statuses) conditions.push(saleStatusCondition(eb, [...shape.statuses], params));
        if (shape.category) conditions.push(eb('products.category_id', '=', params.categoryId!));
        if (shape.before) conditions.push(eb('products.id', '<', params.beforeId!));
        return eb.and(conditions);
      })
      .orderBy('products.id', 'desc')
      .limit(params.limit),
);

/**
 * One page of visible projects, newest first, keyed by id so that projects added while a
 * reader scrolls never shift the pages they have not reached (they appear at the top).
 * Reads limit + 1 rows to know whether another page exists.
 */
export async function findProductPage(db: Db, filter: ProductPageFilter): Promise<CardRow[]> {
  const shape: PageShape = {
    viewer: filter.viewerId !== null,
    statuses: filter.statuses,
    category: Boolean(filter.categoryId),
    before: Boolean(filter.beforeId),
  };
  const rows = await productPage(shape).execute(db, {
    limit: filter.limit + 1,
    trendingSince: filter.trendingSince,
    ...(shape.viewer ? { viewerId: filter.viewerId! } : {}),
    ...(shape.statuses ? saleStatusValues(filter.now) : {}),
    ...(shape.category ? { categoryId: filter.categoryId! } : {}),
    ...(shape.before ? { beforeId: filter.beforeId! } : {}),
  });
  return rows.map(normalizeCounts);
}

/**
 * `products.id` is one of the comma-separated ids in `ids` (a "most popular" ranking, stored or
 * given): at most a few primary-key lookups, never a walk of the catalogue. No id when null.
 */
function idIn(db: Db, ids: unknown) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<boolean>`${sql.ref('products.id')} = any(string_to_array(${ids}, ',')::integer[])`
    : sql<boolean>`${sql.ref('products.id')} in (select value from json_each('[' || ${ids} || ']'))`;
}

export interface ShelfFilter {
  viewerId: string | null;
  now: Date;
  /** Start of the "most popular" window. */
  trendingSince: string;
  /** The ranking counted by this request, when the stored one no longer held; null to read it stored. */
  rankedIds: readonly number[] | null;
  /** Featured candidates to read: the shelf's size. */
  featured: number;
  /** Closing-soon candidates to read: enough that the shelf fills after the shelves before it. */
  closing: number;
}

/** What changes the SQL of the shelves: a viewer, and whether the ranking is read stored or given. */
interface ShelfShape {
  viewer: boolean;
  given: boolean;
}

const NOT_ENDED: SaleStatus[] = ['SALE_BEFORE', 'SALE', 'CLOSING_SOON'];

/**
 * The home page's candidates in one statement: the newest featured projects whose sale has not
 * ended (products_featured_idx, newest first), the projects of the "most popular" ranking (by
 * primary key), and the newest projects closing soon (products_ends_at_idx, the sales ending within
 * the window), each visible to the viewer, as card rows marked with their shelf (a union of the
 * three, not nested JSON: SQLite builds and the app parses no JSON text); each row carries the
 * stored ranking when it holds.
 */
const shelfCandidates = compiledQueryFamily(
  (shape: ShelfShape) => `${shape.viewer} ${shape.given}`,
  (
    db,
    params: {
      viewerId?: string;
      at: string;
      soon: string;
      trendingSince: string;
      rankedIds?: string;
      featured: number;
      closing: number;
    },
    shape,
  ) => {
    const viewerId = shape.viewer ? params.viewerId! : null;
    const ranking = shape.given ? params.rankedIds : trendingIdsFor(db, params.trendingSince);
    // Each shelf's candidates as a subquery of their own (its order and limit stay inside it),
    // their rows marked with the shelf.
    const shelf = (name: Shelf, candidates: ReturnType<typeof cardsOf>) =>
      db.selectFrom(candidates.as(name)).selectAll(name).select(sql.lit(name).as('shelf'));
    const featured = cardsOf(db)
      .where((inner) =>
        inner.and([
          visibleTo(inner, viewerId),
          // A constant, not a value: PostgreSQL's plan kept for every request then knows
          // how few projects are featured and walks products_featured_idx.
          sql<boolean>`${sql.ref('products.is_featured')} = 1`,
          saleStatusCondition(inner, NOT_ENDED, params),
        ]),
      )
      .orderBy('products.id', 'desc')
      .limit(params.featured);
    const popular = cardsOf(db).where((inner) => inner.and([visibleTo(inner, viewerId), idIn(db, ranking)]));
    const closing = cardsOf(db)
      .where((inner) => inner.and([visibleTo(inner, viewerId), saleStatusCondition(inner, ['CLOSING_SOON'], params)]))
      .orderBy('products.id', 'desc')
      .limit(params.closing);
    return db
      .selectFrom(
        shelf('featured', featured)
          .unionAll(shelf('popular', popular))
          .unionAll(shelf('closing', closing))
          .as('candidates'),
      )
      .selectAll('candidates')
      .select((shape.given ? sql<string | null>`null` : trendingIdsFor(db, params.trendingSince)).as('trending_ids'));
  },
);

type Shelf = 'featured' | 'popular' | 'closing';

export interface ShelfCandidates {
  /** The stored "most popular" ids (comma-separated) when they hold, else null; null too when given. */
  trendingIds: string | null;
  featured: CardRow[];
  popular: CardRow[];
  closing: CardRow[];
}

/**
 * The candidates of every shelf, read as rows of one statement, each marked with its shelf. A
 * project on two shelves' candidates comes twice. When no project is a candidate, no row carries
 * the stored ranking either: with nothing to rank, it is not needed, and the answer says it holds.
 */
export async function findShelfCandidates(db: Db, filter: ShelfFilter): Promise<ShelfCandidates> {
  const shape: ShelfShape = { viewer: filter.viewerId !== null, given: filter.rankedIds !== null };
  const rows = await shelfCandidates(shape).execute(db, {
    ...saleStatusValues(filter.now),
    trendingSince: filter.trendingSince,
    featured: filter.featured,
    closing: filter.closing,
    ...(shape.viewer ? { viewerId: filter.viewerId! } : {}),
    ...(shape.given ? { rankedIds: filter.rankedIds!.join(',') } : {}),
  });
  const first = rows[0];
  const found: ShelfCandidates = {
    // With no candidate there is nothing to rank: an empty ranking holds.
    trendingIds: first === undefined ? '' : first.trending_ids === null ? null : String(first.trending_ids),
    featured: [],
    popular: [],
    closing: [],
  };
  // The ranking is the answer's, read once above, not each card's.
  for (const row of rows) {
    row.trending_ids = null;
    found[row.shelf as Shelf].push(normalizeCounts(row));
  }
  return found;
}

const productRow = compiledQuery((db, params: { id: number }) =>
  // No badge is read from here.
  selectProducts(db).where('products.id', '=', params.id),
);

export async function findProductRow(db: Db, id: number): Promise<ProductRow | undefined> {
  const row = await productRow.executeTakeFirst(db, { id });
  return row ? normalizeCounts(row) : undefined;
}

/**
 * A card row's counts as numbers and its ranking as text, whichever engine read it. The row is
 * the statement's own, made for this read: it is set in place rather than copied, one object
 * per card.
 */
function normalizeCounts<T extends { investor_count: unknown; trending_ids: unknown }>(
  row: T,
): T & { investor_count: number; trending_ids: string | null } {
  const normalized = row as T & { investor_count: number; trending_ids: string | null };
  normalized.investor_count = Number(row.investor_count ?? 0);
  normalized.trending_ids =
    row.trending_ids === null || row.trending_ids === undefined ? null : String(row.trending_ids);
  return normalized;
}

export { parseTrendingIds };

const categories = compiledQuery((db) => db.selectFrom('categories').selectAll().orderBy('sort_order').orderBy('id'));

export async function listCategories(db: Db) {
  return categories.execute(db, {});
}

/** A column of a project part's table (product_team_members, product_faqs, ...). */
type PartColumn<T extends ProductPartTable> = keyof Selectable<Database[T]> & string;

/**
 * One part of a project's detail as a nested array: the named columns of the part's rows of the
 * outer query's project, ordered by `orderBy` then id. The rows come typed as the table declares
 * them; the union of part tables is more than Kysely infers, hence the dynamic references inside.
 */
function partRows<T extends ProductPartTable, C extends PartColumn<T>>(
  db: Db,
  eb: ExpressionBuilder<Database, 'products'>,
  table: T,
  columns: readonly C[],
  orderBy: PartColumn<T> = 'sort_order' as PartColumn<T>,
): RawBuilder<Array<{ [K in C]: Selectable<Database[T]>[K] }>> {
  const { jsonArrayFrom } = relationsOf(db);
  const { ref } = db.dynamic;
  const rows = eb
    .selectFrom(table as ProductPartTable)
    .select(columns.map((column) => ref(`${table}.${column}`)))
    .where(ref(`${table}.product_id`), '=', eb.ref('products.id'))
    .orderBy(ref(`${table}.${orderBy}`))
    .orderBy(ref(`${table}.id`));
  return jsonArrayFrom(rows) as unknown as RawBuilder<Array<{ [K in C]: Selectable<Database[T]>[K] }>>;
}

/**
 * A project's whole detail in one statement: the row with its investor count, what the viewer
 * holds, follows, asked for and has on open orders, and every part as a nested array or object
 * (each document with its versions, newest first).
 */
const productDetail = compiledQuery((db, params: { productId: number; viewerId: string }) => {
  const { jsonArrayFrom, jsonObjectFrom } = relationsOf(db);
  const viewerId = params.viewerId;
  // The detail shows no "most popular" badge, so it reads no ranking.
  return selectProducts(db)
    .select((eb) => {
      return [
        eb
          .selectFrom('orders')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('orders.quantity'), sql<number>`0`).as('total'))
          .whereRef('orders.product_id', '=', 'products.id')
          .where('orders.user_id', '=', viewerId)
          .where('orders.state', 'in', openOrderStates)
          .as('viewer_open_quantity'),
        eb
          .selectFrom('product_holdings')
          .select('product_holdings.quantity')
          .whereRef('product_holdings.product_id', '=', 'products.id')
          .where('product_holdings.user_id', '=', viewerId)
          .as('viewer_balance'),
        eb
          .exists(
            eb
              .selectFrom('product_sellers')
              .select('product_sellers.user_id')
              .whereRef('product_sellers.product_id', '=', 'products.id')
              .where('product_sellers.user_id', '=', viewerId),
          )
          .as('viewer_is_seller'),
        eb
          .exists(
            eb
              .selectFrom('product_subscriptions')
              .select('product_subscriptions.product_id')
              .whereRef('product_subscriptions.product_id', '=', 'products.id')
              .where('product_subscriptions.user_id', '=', viewerId),
          )
          .as('viewer_subscribed'),
        jsonObjectFrom(
          eb
            .selectFrom('product_whitelist')
            .select(['product_whitelist.status', 'product_whitelist.requested_at'])
            .whereRef('product_whitelist.product_id', '=', 'products.id')
            .where('product_whitelist.user_id', '=', viewerId),
        ).as('viewer_whitelist'),
        jsonObjectFrom(
          eb
            .selectFrom('product_about')
            .select([
              'product_about.logo',
              'product_about.legal_name',
              'product_about.employees',
              'product_about.founded',
              'product_about.website',
              'product_about.form',
              'product_about.location_image',
              'product_about.address',
            ])
            .whereRef('product_about.product_id', '=', 'products.id'),
        ).as('about'),
        partRows(db, eb, 'product_team_members', ['id', 'name', 'role', 'description', 'image']).as('team'),
        partRows(db, eb, 'product_social_links', ['id', 'platform', 'url']).as('social'),
        partRows(db, eb, 'product_deal_terms', ['field', 'value', 'tooltip']).as('deal_terms'),
        partRows(db, eb, 'product_images', ['id', 'url', 'alt_text']).as('images'),
        partRows(
          db,
          eb,
          'product_gifts',
          ['id', 'title', 'description', 'is_digital', 'limit_quantity'],
          'limit_quantity',
        ).as('gifts'),
        partRows(db, eb, 'product_faqs', ['id', 'title', 'description']).as('faqs'),
        partRows(db, eb, 'product_risks', ['id', 'title', 'description']).as('risks'),
        jsonArrayFrom(
          eb
            .selectFrom('product_documents')
            .select((inner) => [
              'product_documents.id',
              'product_documents.name',
              'product_documents.description',
              'product_documents.url',
              jsonArrayFrom(
                inner
                  .selectFrom('product_document_versions')
                  .select([
                    'product_document_versions.version',
                    'product_document_versions.url',
                    'product_document_versions.stored_path',
                    'product_document_versions.sha256',
                    'product_document_versions.note',
                    'product_document_versions.created_at',
                  ])
                  .whereRef('product_document_versions.document_id', '=', 'product_documents.id')
                  .orderBy('product_document_versions.version', 'desc'),
              ).as('versions'),
            ])
            .whereRef('product_documents.product_id', '=', 'products.id')
            .orderBy('product_documents.sort_order')
            .orderBy('product_documents.id'),
        ).as('documents'),
        partRows(db, eb, 'product_custom_sections', ['id', 'title', 'content']).as('custom_sections'),
        partRows(db, eb, 'product_pay_methods', ['id', 'name', 'address', 'alias', 'pay_method_type']).as(
          'pay_methods',
        ),
        partRows(db, eb, 'product_community_sections', ['id', 'type', 'view_type']).as('community'),
        partRows(db, eb, 'product_community_badges', ['id', 'name', 'limit_quantity'], 'limit_quantity').as('badges'),
      ];
    })
    .where('products.id', '=', params.productId);
});

export async function findProductDetail(db: Db, productId: number, viewerId: string) {
  const row = await productDetail.executeTakeFirst(db, { productId, viewerId });
  if (!row) return undefined;
  const documents = keptParsed(row.documents);
  return {
    ...normalizeCounts(row),
    viewer_open_quantity: Number(row.viewer_open_quantity ?? 0),
    viewer_subscribed: Boolean(Number(row.viewer_subscribed)),
    viewer_is_seller: Boolean(Number(row.viewer_is_seller)),
    viewer_whitelist: parsed(row.viewer_whitelist),
    about: keptParsed(row.about),
    team: keptParsed(row.team),
    social: keptParsed(row.social),
    deal_terms: keptParsed(row.deal_terms),
    images: keptParsed(row.images),
    gifts: keptParsed(row.gifts),
    faqs: keptParsed(row.faqs),
    risks: keptParsed(row.risks),
    documents: documents.map((document) => ({ ...document, versions: keptParsed(document.versions) })),
    custom_sections: keptParsed(row.custom_sections),
    pay_methods: keptParsed(row.pay_methods),
    community: keptParsed(row.community),
    badges: keptParsed(row.badges),
  };
}

export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProductDetail>>>;

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
const whitelistOf = compiledQuery((db, params: { userId: string }) =>
  db
    .selectFrom('product_whitelist')
    .select(['product_id', 'status'])
    .where('user_id', '=', params.userId)
    .orderBy('product_id'),
);

export async function findWhitelistIds(db: Db, userId: string) {
  const rows = await whitelistOf.execute(db, { userId });
  return {
    allowedProductIds: rows.filter((row) => row.status === 'ALLOW').map((row) => Number(row.product_id)),
    whitelistRequestProductIds: rows.filter((row) => row.status === 'REQUEST').map((row) => Number(row.product_id)),
  };
}

/** Requests waiting for an operator, oldest first. */
export async function deleteWhitelistRequest(db: Db, productId: number, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('product_whitelist')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .where('status', '=', 'REQUEST')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findPendingWhitelistRequests(db: Db, productIds: number[] | null = null) {
  let query = db
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
    .where('product_whitelist.status', '=', 'REQUEST');
  if (productIds) {
    query = productIds.length
      ? query.where('product_whitelist.product_id', 'in', productIds)
      : query.where(sql<boolean>`1 = 0`);
  }
  return query.orderBy('product_whitelist.requested_at').execute();
}

/**
 * What the project-access rule (decideProjectAccess in src/domain/access.ts) reads, in one
 * statement compiled once: whether the project is shown and restricted, the caller's place on
 * its allowed list, what the caller holds of it now and whether the caller sells it.
 */
const projectAccess = compiledQuery((db, params: { productId: number; userId: string }) =>
  db
    .selectFrom('products')
    .select((eb) => [
      'products.hide_status',
      'products.is_restricted',
      eb
        .selectFrom('product_whitelist')
        .select('product_whitelist.status')
        .whereRef('product_whitelist.product_id', '=', 'products.id')
        .where('product_whitelist.user_id', '=', params.userId)
        .as('whitelist_status'),
      eb
        .selectFrom('product_holdings')
        .select('product_holdings.quantity')
        .whereRef('product_holdings.product_id', '=', 'products.id')
        .where('product_holdings.user_id', '=', params.userId)
        .as('balance'),
      eb
        .exists(
          eb
            .selectFrom('product_sellers')
            .select('product_sellers.user_id')
            .whereRef('product_sellers.product_id', '=', 'products.id')
            .where('product_sellers.user_id', '=', params.userId),
        )
        .as('is_seller'),
    ])
    .where('products.id', '=', params.productId),
);

export async function findProjectAccess(db: Db, productId: number, userId: string) {
  const row = await projectAccess.executeTakeFirst(db, { productId, userId });
  if (!row) return undefined;
  return {
    hide_status: row.hide_status,
    is_restricted: Number(row.is_restricted),
    whitelist_status: row.whitelist_status ?? null,
    balance: Number(row.balance ?? 0),
    is_seller: Boolean(Number(row.is_seller)),
  };
}
