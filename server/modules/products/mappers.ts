import type { DocumentVersion, ProductCard, ProductDetail } from '../../../src/domain/products';
import { highestReached } from '../../../src/domain/products';
import {
  deadlineOf,
  deriveSaleStatus,
  isSoldOut,
  raisedAmount,
  raisedPercentage,
  remainingDays,
  soldQuantity,
} from '../../../src/domain/sale';
import { derivedOnce } from '../../kept-values';
import type { CardRow, ProductDetailRow } from './repository';

/** Rows of the catalogue as the wire shapes of src/domain/products (no database, no I/O). */

export function toCard(row: CardRow, currency: string, trending: Set<number>, now: Date): ProductCard {
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
    inventorCount: Number(row.investor_count),
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

/** Image URLs must be absolute (the spec validates them as URLs); stored ones are site paths. */
function absoluteUrl(url: string, origin: string): string {
  return URL.canParse(url) ? url : new URL(url, origin).toString();
}

// The detail carries no "most popular" badge.
const NO_BADGES = new Set<number>();

export interface DetailContext {
  currency: string;
  now: Date;
  origin: string;
  /** Every version of each document, newest first, by document id. */
  histories: Map<number, DocumentVersion[]>;
  /** Tokens on the viewer's open orders of this project. */
  openQuantity: number;
}

/**
 * A detail's parts in their wire shape. On SQLite a part arrives kept (server/db/json.ts: the same
 * frozen value for every reader of the same text), so each is worked out once per part and kept
 * beside it (`derivedOnce`); each is a module constant, as the derivation is named by it.
 */
type Part<K extends keyof ProductDetailRow> = ProductDetailRow[K];
const toBadges = (rows: Part<'badges'>) =>
  rows.map((badge) => ({ id: Number(badge.id), name: badge.name, limitQuantity: Number(badge.limit_quantity) }));
const toGifts = (rows: Part<'gifts'>) =>
  rows.map((gift) => ({
    id: Number(gift.id),
    title: gift.title,
    description: gift.description,
    isDigital: gift.is_digital === 1,
    limitQuantity: Number(gift.limit_quantity),
  }));
const toTeamMembers = (rows: Part<'team'>) =>
  rows.map((member) => ({
    id: Number(member.id),
    name: member.name,
    role: member.role,
    description: member.description,
    image: member.image,
  }));
const toSocialLinks = (rows: Part<'social'>) =>
  rows.map((link) => ({ id: Number(link.id), platform: link.platform, url: link.url }));
const toDealTerms = (rows: Part<'deal_terms'>) =>
  rows.map((term) => ({ field: term.field, value: term.value, tooltip: term.tooltip }));
const toImages = (rows: Part<'images'>, origin: string) =>
  rows.map((image) => ({ id: Number(image.id), url: absoluteUrl(image.url, origin), altText: image.alt_text }));
const toTitled = (rows: Part<'faqs'> | Part<'risks'>) =>
  rows.map((item) => ({ id: Number(item.id), title: item.title, description: item.description }));
const toCustomSections = (rows: Part<'custom_sections'>) =>
  rows.map((section) => ({ id: Number(section.id), title: section.title, content: section.content }));
const toPayMethods = (rows: Part<'pay_methods'>) =>
  rows.map((method) => ({
    id: Number(method.id),
    name: method.name,
    address: method.address,
    alias: method.alias,
    payMethodType: method.pay_method_type,
  }));
const toCommunitySections = (rows: Part<'community'>) =>
  rows.map((section) => ({ id: Number(section.id), type: section.type, viewType: section.view_type }));

export function toProductDetail(row: ProductDetailRow, context: DetailContext): ProductDetail {
  const card = toCard(row, context.currency, NO_BADGES, context.now);
  const totalQuantity = Number(row.total_quantity);
  const balance = row.viewer_balance === null ? 0 : Number(row.viewer_balance);
  const badges = derivedOnce(row.badges, toBadges);
  const gifts = derivedOnce(row.gifts, toGifts);
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
    userOpenOrderQuantity: context.openQuantity,
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
    isSubscribe: row.viewer_subscribed,
    isGovernance: row.is_governance === 1,
    isSoldOut: card.isSoldOut,
    isClosingSoon: card.isClosingSoon,
    communityBadges: badges,
    userCommunityBadge: highestReached(badges, balance),
    about: row.about
      ? {
          logo: row.about.logo,
          legalName: row.about.legal_name,
          employees: row.about.employees === null ? null : Number(row.about.employees),
          founded: row.about.founded === null ? null : Number(row.about.founded),
          website: row.about.website,
          form: row.about.form,
          teamMembers: derivedOnce(row.team, toTeamMembers),
          socialLinks: derivedOnce(row.social, toSocialLinks),
          locationImage: row.about.location_image,
          address: row.about.address,
        }
      : null,
    dealTermList: derivedOnce(row.deal_terms, toDealTerms),
    images: derivedOnce(row.images, toImages, context.origin),
    gifts,
    availableGift: highestReached(gifts, balance),
    faqs: derivedOnce(row.faqs, toTitled),
    risks: derivedOnce(row.risks, toTitled),
    documents: row.documents.map((doc) => ({
      id: Number(doc.id),
      name: doc.name,
      description: doc.description,
      url: doc.url,
      versions: context.histories.get(Number(doc.id)) ?? [],
    })),
    customSections: derivedOnce(row.custom_sections, toCustomSections),
    payMethods: derivedOnce(row.pay_methods, toPayMethods),
    communitySections: derivedOnce(row.community, toCommunitySections),
    tokenName: row.token_name,
    documentDescription: row.document_description,
  };
}
