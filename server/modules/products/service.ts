import type {
  ProductCard,
  ProductDetail,
  ProductListQuery,
  ProductListResponse,
  WhitelistState,
} from '../../../src/domain/products';
import { highestReached } from '../../../src/domain/products';
import {
  deadlineOf,
  deriveSaleStatus,
  isSoldOut,
  raisedAmount,
  raisedPercentage,
  remainingDays,
  saleStatusesFor,
  soldQuantity,
} from '../../../src/domain/sale';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { documentHistories } from '../documents/service';
import { assertKycApproved } from '../kyc/service';
import { sumOpenQuantity } from '../orders/repository';
import type { UserRecord } from '../users/repository';
import {
  allowWhitelist,
  findProductPage,
  findProductParts,
  findProductRow,
  findTrendingProductIds,
  findViewerFacts,
  findWhitelistIds,
  insertWhitelistRequest,
  listCategories,
  toggleSubscription,
  type ProductRow,
} from './repository';

/** "Most popular" = the projects with the most new investors in the last two weeks. */
export const TRENDING_WINDOW_DAYS = 14;
export const TRENDING_TOP = 3;

function toCard(row: ProductRow, currency: string, trending: Set<number>, now: Date): ProductCard {
  const facts = {
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    totalQuantity: Number(row.total_quantity),
    remainingQuantity: Number(row.remaining_quantity),
  };
  const price = Number(row.price_per_token);
  const raised = raisedAmount(price, facts);
  const targetCap = row.target_cap === null ? null : Number(row.target_cap);
  const saleStatus = deriveSaleStatus(facts, now);
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    image: row.image,
    price,
    currency,
    raisedAmount: raised,
    remainingQuantity: facts.remainingQuantity,
    raisedPercentage: raisedPercentage(raised, targetCap),
    remainingTime: remainingDays(row.ends_at, now),
    inventorCount: row.investor_count,
    targetCap,
    category: { id: Number(row.category_id), name: row.category_name, order: Number(row.category_order) },
    canWitch: row.can_witch === 1,
    isSoldOut: isSoldOut(facts),
    isMostPopular: trending.has(Number(row.id)),
    isClosingSoon: saleStatus === 'CLOSING_SOON',
    isFeatured: row.is_featured === 1,
    isRegD: row.is_reg_d === 1,
    saleStatus,
    tokenName: row.token_name,
  };
}

async function trendingIds(ctx: AppContext, now: Date): Promise<Set<number>> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return new Set(await findTrendingProductIds(ctx.db, since, TRENDING_TOP));
}

/** A page of cards in two queries (the page, the trending ids), whatever the page size. */
export async function listProducts(
  ctx: AppContext,
  query: ProductListQuery,
  viewer: UserRecord | null,
): Promise<ProductListResponse> {
  const now = ctx.now();
  const [rows, trending] = await Promise.all([
    findProductPage(ctx.db, {
      viewerId: viewer?.id ?? null,
      statuses: query.saleStatus ? saleStatusesFor(query.saleStatus) : null,
      categoryId: query.categoryId ?? null,
      beforeId: query.nextId ?? null,
      limit: query.limit,
      now,
    }),
    trendingIds(ctx, now),
  ]);
  const page = rows.slice(0, query.limit);
  const hasNextPage = rows.length > query.limit;
  return {
    productPayloads: page.map((row) => toCard(row, ctx.config.CURRENCY, trending, now)),
    pageAndInfiniteScrollResponse: { hasNextPage, nextId: hasNextPage ? Number(page.at(-1)!.id) : null },
  };
}

export async function getCategories(ctx: AppContext) {
  const rows = await listCategories(ctx.db);
  return { categories: rows.map((row) => ({ id: Number(row.id), name: row.name, order: Number(row.sort_order) })) };
}

async function loadVisibleRow(ctx: AppContext, id: number, viewer: UserRecord) {
  const row = await findProductRow(ctx.db, id);
  if (!row || row.hide_status !== 'SHOW') throw new AppError('NOT_FOUND', 'There is no such project.');
  const facts = await findViewerFacts(ctx.db, id, viewer.id);
  return { row, facts };
}

/** Image URLs must be absolute (the spec validates them as URLs); stored ones are site paths. */
function absoluteUrl(url: string, origin: string): string {
  return URL.canParse(url) ? url : new URL(url, origin).toString();
}

export async function getProductDetail(
  ctx: AppContext,
  id: number,
  viewer: UserRecord,
  origin: string,
): Promise<ProductDetail> {
  await assertKycApproved(ctx.db, viewer.id);
  const { row, facts } = await loadVisibleRow(ctx, id, viewer);
  if (row.is_restricted === 1 && facts.whitelist?.status !== 'ALLOW') {
    throw new AppError('WHITELIST_REQUIRED', 'This project is open to its allowed list only. Request access first.');
  }
  const now = ctx.now();
  const [parts, trending, histories, openQuantity] = await Promise.all([
    findProductParts(ctx.db, id),
    trendingIds(ctx, now),
    documentHistories(ctx, id),
    sumOpenQuantity(ctx.db, id, viewer.id),
  ]);
  const card = toCard(row, ctx.config.CURRENCY, trending, now);
  const totalQuantity = Number(row.total_quantity);
  const balance = facts.balance;
  const badges = parts.badges.map((badge) => ({
    id: Number(badge.id),
    name: badge.name,
    limitQuantity: Number(badge.limit_quantity),
  }));
  const gifts = parts.gifts.map((gift) => ({
    id: Number(gift.id),
    title: gift.title,
    description: gift.description,
    isDigital: gift.is_digital === 1,
    limitQuantity: Number(gift.limit_quantity),
  }));
  return {
    id: card.id,
    contractAddress: row.contract_address,
    name: row.name,
    logo: row.logo,
    image: row.image,
    description: row.description,
    currency: card.currency,
    category: card.category,
    inventorCount: card.inventorCount,
    endedAt: row.ends_at,
    startedAt: row.starts_at,
    softCap: row.soft_cap === null ? null : Number(row.soft_cap),
    fundingGoal: card.targetCap,
    raisedAmount: card.raisedAmount,
    raisedPercentage: card.raisedPercentage,
    totalRaisedAmount: card.raisedAmount,
    deadline: deadlineOf(row.ends_at),
    remainingTime: card.remainingTime,
    userTokenBalance: balance,
    userOpenOrderQuantity: openQuantity,
    pricePerToken: card.price,
    totalQuantity,
    purchasedQuantity: soldQuantity({ totalQuantity, remainingQuantity: card.remainingQuantity }),
    remainingQuantity: card.remainingQuantity,
    saleStatus: card.saleStatus,
    canWitch: card.canWitch,
    isRegD: card.isRegD,
    regulation: row.regulation,
    investmentRiskDisclaimer: row.investment_risk_disclaimer,
    userMinInvestment: Number(row.user_min_investment),
    userMaxInvestment: row.user_max_investment === null ? null : Number(row.user_max_investment),
    isSubscribe: facts.isSubscribed,
    isGovernance: row.is_governance === 1,
    isSoldOut: card.isSoldOut,
    isClosingSoon: card.isClosingSoon,
    communityBadges: badges,
    userCommunityBadge: highestReached(badges, balance),
    about: parts.about
      ? {
          logo: parts.about.logo,
          legalName: parts.about.legal_name,
          employees: parts.about.employees === null ? null : Number(parts.about.employees),
          founded: parts.about.founded === null ? null : Number(parts.about.founded),
          website: parts.about.website,
          form: parts.about.form,
          teamMembers: parts.team.map((member) => ({
            id: Number(member.id),
            name: member.name,
            role: member.role,
            description: member.description,
            image: member.image,
          })),
          socialLinks: parts.social.map((link) => ({ id: Number(link.id), platform: link.platform, url: link.url })),
          locationImage: parts.about.location_image,
          address: parts.about.address,
        }
      : null,
    dealTermList: parts.dealTerms.map((term) => ({ field: term.field, value: term.value, tooltip: term.tooltip })),
    images: parts.images.map((image) => ({
      id: Number(image.id),
      url: absoluteUrl(image.url, origin),
      altText: image.alt_text,
    })),
    gifts,
    availableGift: highestReached(gifts, balance),
    faqs: parts.faqs.map((faq) => ({ id: Number(faq.id), title: faq.title, description: faq.description })),
    risks: parts.risks.map((risk) => ({ id: Number(risk.id), title: risk.title, description: risk.description })),
    documents: parts.documents.map((doc) => ({
      id: Number(doc.id),
      name: doc.name,
      description: doc.description,
      url: doc.url,
      versions: histories.get(Number(doc.id)) ?? [],
    })),
    customSections: parts.customSections.map((section) => ({
      id: Number(section.id),
      title: section.title,
      content: section.content,
    })),
    payMethods: parts.payMethods.map((method) => ({
      id: Number(method.id),
      name: method.name,
      address: method.address,
      alias: method.alias,
      payMethodType: method.pay_method_type,
    })),
    communitySections: parts.community.map((section) => ({
      id: Number(section.id),
      type: section.type,
      viewType: section.view_type,
    })),
    tokenName: row.token_name,
    documentDescription: row.document_description,
  };
}

export async function toggleProductSubscription(ctx: AppContext, productId: number, viewer: UserRecord) {
  await assertKycApproved(ctx.db, viewer.id);
  const { row, facts } = await loadVisibleRow(ctx, productId, viewer);
  if (row.is_restricted === 1 && facts.whitelist?.status !== 'ALLOW') {
    throw new AppError('WHITELIST_REQUIRED', 'This project is open to its allowed list only. Request access first.');
  }
  const isSubscribe = await toggleSubscription(ctx.db, productId, viewer.id, ctx.now().toISOString());
  return { productId, isSubscribe };
}

export async function getWhitelistState(
  ctx: AppContext,
  productId: number,
  viewer: UserRecord,
): Promise<WhitelistState> {
  await assertKycApproved(ctx.db, viewer.id);
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

export async function requestWhitelist(
  ctx: AppContext,
  productId: number,
  viewer: UserRecord,
): Promise<WhitelistState> {
  await assertKycApproved(ctx.db, viewer.id);
  const { row } = await loadVisibleRow(ctx, productId, viewer);
  if (row.is_restricted !== 1) throw new AppError('CONFLICT', 'This project is open to every verified investor.');
  await insertWhitelistRequest(ctx.db, productId, viewer.id, ctx.now().toISOString());
  return getWhitelistState(ctx, productId, viewer);
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
  });
  return findWhitelistIds(ctx.db, userId);
}

export { findWhitelistIds };
