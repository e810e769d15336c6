import {
  HOME_SHELF_SIZE,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
  type ProductShelves,
  type WhitelistState,
} from '../../../src/domain/products';
import { decideProjectAccess, type ProjectAccessFacts, type ProjectUse } from '../../../src/domain/access';
import type { UserRole } from '../../../src/domain/auth';
import { saleStatusesFor } from '../../../src/domain/sale';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { toDocumentHistory } from '../documents/service';
import type { Caller, CallerId } from '../auth/service';
import {
  allowWhitelist,
  deleteWhitelistRequest,
  findProductDetail,
  findProductPage,
  findProductRow,
  findProjectAccess,
  findShelfCandidates,
  findViewerFacts,
  findPendingWhitelistRequests,
  findWhitelistIds,
  insertWhitelistRequest,
  listCategories,
  toggleSubscription,
  parseTrendingIds,
} from './repository';
import { toCard, toProductDetail } from './mappers';
import { countAndStoreTrending } from './popularity-repository';
import { pickShelves } from './shelves';
import { recordLiveEvents } from '../live/service';

/** Reads other modules make inside their own transactions (an order checks its sale against the project row). */
export { findProductRow } from './repository';
/** The demo revenue history (server/db/seed) reads each project's holders and reveals digital gifts. */
export { findProductsWithHoldings, setDigitalGiftReveal } from './catalogue-repository';
/** A project's sellers (sellers.ts); governance checks a seller named by the operator inside its own reads. */
export { listSellers, productsSoldBy, setProductSeller } from './sellers';
export { isProductSeller } from './sellers-repository';

/** "Most popular" = the projects with the most new investors in the last two weeks. */
export const TRENDING_WINDOW_DAYS = 14;
export const TRENDING_TOP = 3;

/** Joins at or after this moment count towards "most popular". */
function trendingSince(now: Date): string {
  return new Date(now.getTime() - TRENDING_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/**
 * The "most popular" ids: the stored ranking a read came with, or, when it no longer holds (a new
 * holder, or time moved a join out of the window), counted once and stored for the reads after.
 */
async function trendingOf(ctx: AppContext, stored: string | null, since: string): Promise<Set<number>> {
  return new Set(parseTrendingIds(stored) ?? (await countAndStoreTrending(ctx.db, since, TRENDING_TOP)));
}

/** A page of cards in one query (the page with its counts and the stored ranking), whatever its size. */
export async function listProducts(
  ctx: AppContext,
  query: ProductListQuery,
  viewer: CallerId | null,
): Promise<ProductListResponse> {
  const now = ctx.now();
  const since = trendingSince(now);
  const rows = await findProductPage(ctx.db, {
    viewerId: viewer?.user.id ?? null,
    statuses: query.saleStatus ? saleStatusesFor(query.saleStatus) : null,
    categoryId: query.categoryId ?? null,
    beforeId: query.nextId ?? null,
    limit: query.limit,
    now,
    trendingSince: since,
  });
  const trending = rows.length ? await trendingOf(ctx, rows[0]!.trending_ids, since) : new Set<number>();
  const page = rows.slice(0, query.limit);
  const hasNextPage = rows.length > query.limit;
  return {
    productPayloads: page.map((row) => toCard(row, ctx.config.CURRENCY, trending, now)),
    pageAndInfiniteScrollResponse: { hasNextPage, nextId: hasNextPage ? Number(page.at(-1)!.id) : null },
  };
}

/**
 * The home page's shelves (featured, most popular, closing soon) with the list's cards and
 * visibility, read as a few candidates per shelf (findShelfCandidates) whatever the catalogue's
 * size: one statement, or, when the stored ranking no longer holds, the count that stores it and
 * the candidates again with the ranking counted.
 */
export async function getShelves(ctx: AppContext, viewer: CallerId | null): Promise<ProductShelves> {
  const now = ctx.now();
  const filter = {
    viewerId: viewer?.user.id ?? null,
    now,
    trendingSince: trendingSince(now),
    featured: HOME_SHELF_SIZE,
    // Its own HOME_SHELF_SIZE, past the projects the shelves before it may take that are closing
    // soon too: the featured shelf's HOME_SHELF_SIZE and the popular shelf's TRENDING_TOP at most.
    closing: HOME_SHELF_SIZE * 2 + TRENDING_TOP,
  };
  let candidates = await findShelfCandidates(ctx.db, { ...filter, rankedIds: null });
  let ranked = parseTrendingIds(candidates.trendingIds);
  if (ranked === null) {
    ranked = await countAndStoreTrending(ctx.db, filter.trendingSince, TRENDING_TOP);
    candidates = await findShelfCandidates(ctx.db, { ...filter, rankedIds: ranked });
  }
  const trending = new Set(ranked);
  const cards = [...candidates.featured, ...candidates.popular, ...candidates.closing].map((row) =>
    toCard(row, ctx.config.CURRENCY, trending, now),
  );
  return pickShelves(cards, HOME_SHELF_SIZE);
}

export async function getCategories(ctx: AppContext) {
  const rows = await listCategories(ctx.db);
  return { categories: rows.map((row) => ({ id: Number(row.id), name: row.name, order: Number(row.sort_order) })) };
}

const PROJECT_REFUSALS = {
  NOT_FOUND: 'There is no such project.',
  WHITELIST_REQUIRED: 'This project is open to its allowed list only. Request access first.',
} as const;

/** The rule's facts from what a statement read of the project and of the caller (null: no project). */
export function projectAccessFacts(
  row:
    | {
        hide_status: string;
        is_restricted: number;
        whitelist_status: string | null;
        balance: number;
        is_seller: boolean;
      }
    | undefined,
  role: UserRole | null,
): ProjectAccessFacts | null {
  if (!row) return null;
  return {
    isShown: row.hide_status === 'SHOW',
    isRestricted: Number(row.is_restricted) === 1,
    isAllowed: row.whitelist_status === 'ALLOW',
    isHolder: row.balance > 0,
    isStaff: role === 'ADMIN' || (role === 'SELLER' && row.is_seller),
  };
}

/** The project-access rule's refusal as the API answers it: the one place its decisions become errors. */
export function assertProjectDecision(facts: ProjectAccessFacts | null, use: ProjectUse): void {
  const decision = decideProjectAccess(facts, use);
  if (decision !== 'allow') throw new AppError(decision, PROJECT_REFUSALS[decision]);
}

/**
 * The project-access rule for one caller (null: a visitor) and one project, read in one
 * statement. The project-access plugin runs it before every project-scoped route; a read whose
 * own statement already holds the facts applies assertProjectDecision itself.
 */
export async function assertProjectAccess(
  ctx: AppContext,
  viewer: Pick<Caller, 'user'> | null,
  productId: number,
  use: ProjectUse,
): Promise<void> {
  const row = await findProjectAccess(ctx.db, productId, viewer?.user.id ?? '');
  assertProjectDecision(projectAccessFacts(row, viewer?.user.role ?? null), use);
}

async function loadVisibleRow(ctx: AppContext, id: number, viewer: CallerId) {
  const row = await findProductRow(ctx.db, id);
  if (!row || row.hide_status !== 'SHOW') throw new AppError('NOT_FOUND', 'There is no such project.');
  const facts = await findViewerFacts(ctx.db, id, viewer.user.id);
  return { row, facts };
}

/** The route admits only an approved identity (`requireAuth({ level: 'kyc' })`). */
export async function getProductDetail(
  ctx: AppContext,
  caller: Caller,
  id: number,
  origin: string,
): Promise<ProductDetail> {
  const viewer = caller.user;
  // The project with every part, each document's versions and the viewer's open orders, in one
  // statement; the documents module says how a version is shown.
  const row = await findProductDetail(ctx.db, id, viewer.id);
  // The project-access rule, from the detail's own statement (the route leaves it to this read).
  if (!row) throw new AppError('NOT_FOUND', PROJECT_REFUSALS.NOT_FOUND);
  assertProjectDecision(
    projectAccessFacts(
      {
        hide_status: row.hide_status,
        is_restricted: Number(row.is_restricted),
        whitelist_status: row.viewer_whitelist?.status ?? null,
        balance: row.viewer_balance === null ? 0 : Number(row.viewer_balance),
        is_seller: row.viewer_is_seller,
      },
      viewer.role,
    ),
    'see',
  );
  const histories = new Map(
    row.documents.map((document) => [
      Number(document.id),
      toDocumentHistory(id, Number(document.id), document.versions),
    ]),
  );
  return toProductDetail(row, {
    currency: ctx.config.CURRENCY,
    now: ctx.now(),
    origin,
    histories,
    openQuantity: row.viewer_open_quantity,
  });
}

/** The routes below admit only an approved identity (`requireAuth({ level: 'kyc' })`). */
export async function toggleProductSubscription(ctx: AppContext, caller: CallerId, productId: number) {
  // Whether the caller reaches the project is the project-access rule, run before the route.
  const isSubscribe = await toggleSubscription(ctx.db, productId, caller.user.id, ctx.now().toISOString());
  if (isSubscribe === null)
    throw new AppError('CONFLICT', 'The subscription was changing at the same moment. Try again.');
  return { productId, isSubscribe };
}

export async function getWhitelistState(ctx: AppContext, viewer: CallerId, productId: number): Promise<WhitelistState> {
  const { row, facts } = await loadVisibleRow(ctx, productId, viewer);
  return {
    productId,
    name: row.name,
    logo: row.logo,
    tokenName: row.token_name,
    isRestricted: row.is_restricted === 1,
    status: row.is_restricted === 1 ? (facts.whitelist?.status ?? 'NONE') : 'ALLOW',
    requestedAt: facts.whitelist?.requested_at ?? null,
  };
}

export async function requestWhitelist(ctx: AppContext, viewer: CallerId, productId: number): Promise<WhitelistState> {
  const { row } = await loadVisibleRow(ctx, productId, viewer);
  if (row.is_restricted !== 1) throw new AppError('CONFLICT', 'This project is open to every verified investor.');
  await insertWhitelistRequest(ctx.db, productId, viewer.user.id, ctx.now().toISOString());
  return getWhitelistState(ctx, viewer, productId);
}

/** An operator's ALLOW: the project joins the user's allowedProductIds, with its audit event. */
export async function allowProductForUser(
  ctx: AppContext,
  productId: number,
  userId: string,
  operator: string,
  meta: RequestMeta,
) {
  const row = await findProductRow(ctx.db, productId);
  if (!row) throw new AppError('NOT_FOUND', `There is no project ${productId}.`);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await allowWhitelist(trx, productId, userId, now, operator);
    await appendAuditEvent(
      trx,
      { actor: 'operator', userId, type: 'WHITELIST_ALLOWED', detail: { productId: String(productId) }, meta },
      now,
    );
    await recordLiveEvents(trx, now, [{ userId, type: 'whitelist', productId }]);
  });
  return findWhitelistIds(ctx.db, userId);
}

export { findWhitelistIds };

/**
 * An operator's answer "no" to an access request: the request is removed (the project stays
 * closed to the user, who may ask again), with its audit event and the operator's reason. Only a waiting request can be
 * declined; the conditional delete decides when two answers race.
 */
export async function declineProductForUser(
  ctx: AppContext,
  productId: number,
  userId: string,
  operator: string,
  meta: RequestMeta,
  reason: string | null = null,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    if (!(await deleteWhitelistRequest(trx, productId, userId))) {
      throw new AppError('CONFLICT', 'There is no waiting access request of this user for this project.');
    }
    await appendAuditEvent(
      trx,
      {
        actor: 'operator',
        userId,
        type: 'WHITELIST_DECLINED',
        detail: { productId: String(productId), operator, ...(reason ? { reason } : {}) },
        meta,
      },
      now,
    );
  });
  return findWhitelistIds(ctx.db, userId);
}

/** Access requests to restricted projects that wait for an operator's answer (of some projects only, for a seller). */
export function listPendingWhitelistRequests(ctx: AppContext, productIds: number[] | null = null) {
  return findPendingWhitelistRequests(ctx.db, productIds);
}
