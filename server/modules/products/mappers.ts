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

export function toProductDetail(row: ProductDetailRow, context: DetailContext): ProductDetail {
  const card = toCard(row, context.currency, NO_BADGES, context.now);
  const totalQuantity = Number(row.total_quantity);
  const balance = row.viewer_balance === null ? 0 : Number(row.viewer_balance);
  const badges = row.badges.map((badge) => ({
    id: Number(badge.id),
    name: badge.name,
    limitQuantity: Number(badge.limit_quantity),
  }));
  const gifts = row.gifts.map((gift) => ({
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
          teamMembers: row.team.map((member) => ({
            id: Number(member.id),
            name: member.name,
            role: member.role,
            description: member.description,
            image: member.image,
          })),
          socialLinks: row.social.map((link) => ({ id: Number(link.id), platform: link.platform, url: link.url })),
          locationImage: row.about.location_image,
          address: row.about.address,
        }
      : null,
    dealTermList: row.deal_terms.map((term) => ({ field: term.field, value: term.value, tooltip: term.tooltip })),
    images: row.images.map((image) => ({
      id: Number(image.id),
      url: absoluteUrl(image.url, context.origin),
      altText: image.alt_text,
    })),
    gifts,
    availableGift: highestReached(gifts, balance),
    faqs: row.faqs.map((faq) => ({ id: Number(faq.id), title: faq.title, description: faq.description })),
    risks: row.risks.map((risk) => ({ id: Number(risk.id), title: risk.title, description: risk.description })),
    documents: row.documents.map((doc) => ({
      id: Number(doc.id),
      name: doc.name,
      description: doc.description,
      url: doc.url,
      versions: context.histories.get(Number(doc.id)) ?? [],
    })),
    customSections: row.custom_sections.map((section) => ({
      id: Number(section.id),
      title: section.title,
      content: section.content,
    })),
    payMethods: row.pay_methods.map((method) => ({
      id: Number(method.id),
      name: method.name,
      address: method.address,
      alias: method.alias,
      payMethodType: method.pay_method_type,
    })),
    communitySections: row.community.map((section) => ({
      id: Number(section.id),
      type: section.type,
      viewType: section.view_type,
    })),
    tokenName: row.token_name,
    documentDescription: row.document_description,
  };
}
