import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { credit } from '../holdings/service';
import {
  insertCategory,
  insertDocumentsWithFirstVersion,
  insertProductAbout,
  insertProductParts,
  insertProductRow,
} from './catalogue-repository';

type Db = Kysely<Database>;

/**
 * Writes a project with every part of its detail, through the catalogue's repository. The demo
 * seed and the tests both build their catalogues with it, so they exercise the same shapes the
 * operator tools will write.
 */
export interface NewProduct {
  categoryId: number;
  name: string;
  description?: string;
  image?: string;
  logo?: string;
  tokenName?: string;
  contractAddress?: string | null;
  pricePerToken?: number;
  totalQuantity?: number;
  remainingQuantity?: number;
  targetCap?: number | null;
  softCap?: number | null;
  userMinInvestment?: number;
  userMaxInvestment?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  isRegD?: boolean;
  isRestricted?: boolean;
  isFeatured?: boolean;
  isGovernance?: boolean;
  canWitch?: boolean;
  hideStatus?: 'SHOW' | 'HIDE';
  regulation?: string;
  investmentRiskDisclaimer?: string;
  documentDescription?: string | null;
  createdAt?: string;
  about?: {
    logo?: string | null;
    legalName: string;
    employees?: number | null;
    founded?: number | null;
    website?: string | null;
    form?: string | null;
    locationImage?: string | null;
    address?: string | null;
  };
  team?: Array<{ name: string; role: string; description: string; image?: string | null }>;
  socialLinks?: Array<{ platform: string; url: string }>;
  dealTerms?: Array<{ field: string; value: string; tooltip?: string | null }>;
  images?: Array<{ url: string; altText: string }>;
  gifts?: Array<{ title: string; description: string; isDigital?: boolean; limitQuantity: number }>;
  faqs?: Array<{ title: string; description: string }>;
  risks?: Array<{ title: string; description: string }>;
  documents?: Array<{ name: string; description: string; url: string }>;
  customSections?: Array<{ title: string; content: string }>;
  payMethods?: Array<{
    name: string;
    address: string;
    alias: string;
    payMethodType: 'ACCOUNT' | 'CRYPTO';
    /** ACCOUNT: the bank and the account holder; CRYPTO: the network and the asset to send. */
    bankName?: string | null;
    accountHolder?: string | null;
    network?: string | null;
    asset?: string | null;
  }>;
  communitySections?: Array<{
    type: 'DISCUSSION' | 'REVIEW' | 'UPDATE' | 'COMMUNITY' | 'PROPOSAL' | 'AGENDA';
    viewType: 'PRE_KYC' | 'POST_KYC' | 'INVESTOR';
  }>;
  communityBadges?: Array<{ name: string; limitQuantity: number }>;
}

const flag = (value: boolean | undefined) => (value ? 1 : 0);

export { insertCategory };

export async function insertProduct(db: Db, input: NewProduct): Promise<number> {
  const total = input.totalQuantity ?? 10_000;
  const createdAt = input.createdAt ?? new Date().toISOString();
  const productId = await insertProductRow(db, {
    category_id: input.categoryId,
    name: input.name,
    description: input.description ?? `${input.name}: a tokenized share of its income.`,
    image: input.image ?? '/icons/icon-512.png',
    logo: input.logo ?? '/icons/icon-192.png',
    token_name: input.tokenName ?? 'TKN',
    contract_address: input.contractAddress ?? null,
    price_per_token: input.pricePerToken ?? 1000,
    total_quantity: total,
    remaining_quantity: input.remainingQuantity ?? total,
    target_cap: input.targetCap === undefined ? (input.pricePerToken ?? 1000) * total : input.targetCap,
    soft_cap: input.softCap ?? null,
    user_min_investment: input.userMinInvestment ?? input.pricePerToken ?? 1000,
    user_max_investment: input.userMaxInvestment ?? null,
    starts_at: input.startsAt ?? null,
    ends_at: input.endsAt ?? null,
    is_reg_d: flag(input.isRegD),
    is_restricted: flag(input.isRestricted),
    is_featured: flag(input.isFeatured),
    is_governance: flag(input.isGovernance),
    can_witch: flag(input.canWitch),
    hide_status: input.hideStatus ?? 'SHOW',
    regulation: input.regulation ?? (input.isRegD ? 'Regulation D, Rule 506(c)' : 'Regulation CF'),
    investment_risk_disclaimer:
      input.investmentRiskDisclaimer ??
      'Investing in tokenized assets is risky. You may lose some or all of your investment, and tokens may be hard to sell.',
    document_description: input.documentDescription ?? null,
    created_at: createdAt,
  });
  const ordered = <T>(items: T[] | undefined) => (items ?? []).map((item, index) => ({ item, sort_order: index }));

  if (input.about) {
    await insertProductAbout(db, {
      product_id: productId,
      logo: input.about.logo ?? null,
      legal_name: input.about.legalName,
      employees: input.about.employees ?? null,
      founded: input.about.founded ?? null,
      website: input.about.website ?? null,
      form: input.about.form ?? null,
      location_image: input.about.locationImage ?? null,
      address: input.about.address ?? null,
    });
  }
  await insertProductParts(
    db,
    'product_team_members',
    ordered(input.team).map(({ item, sort_order }) => ({
      product_id: productId,
      sort_order,
      ...item,
      image: item.image ?? null,
    })),
  );
  await insertProductParts(
    db,
    'product_social_links',
    ordered(input.socialLinks).map(({ item, sort_order }) => ({ product_id: productId, sort_order, ...item })),
  );
  await insertProductParts(
    db,
    'product_deal_terms',
    ordered(input.dealTerms).map(({ item, sort_order }) => ({
      product_id: productId,
      sort_order,
      field: item.field,
      value: item.value,
      tooltip: item.tooltip ?? null,
    })),
  );
  await insertProductParts(
    db,
    'product_images',
    ordered(input.images).map(({ item, sort_order }) => ({
      product_id: productId,
      sort_order,
      url: item.url,
      alt_text: item.altText,
    })),
  );
  await insertProductParts(
    db,
    'product_gifts',
    ordered(input.gifts).map(({ item, sort_order }) => ({
      product_id: productId,
      sort_order,
      title: item.title,
      description: item.description,
      is_digital: flag(item.isDigital),
      limit_quantity: item.limitQuantity,
    })),
  );
  await insertProductParts(
    db,
    'product_faqs',
    ordered(input.faqs).map(({ item, sort_order }) => ({ product_id: productId, sort_order, ...item })),
  );
  await insertProductParts(
    db,
    'product_risks',
    ordered(input.risks).map(({ item, sort_order }) => ({ product_id: productId, sort_order, ...item })),
  );
  await insertDocumentsWithFirstVersion(
    db,
    ordered(input.documents).map(({ item, sort_order }) => ({ product_id: productId, sort_order, ...item })),
    createdAt,
  );
  await insertProductParts(
    db,
    'product_custom_sections',
    ordered(input.customSections).map(({ item, sort_order }) => ({ product_id: productId, sort_order, ...item })),
  );
  await insertProductParts(
    db,
    'product_pay_methods',
    ordered(input.payMethods).map(({ item, sort_order }) => ({
      product_id: productId,
      sort_order,
      name: item.name,
      address: item.address,
      alias: item.alias,
      pay_method_type: item.payMethodType,
      bank_name: item.bankName ?? null,
      account_holder: item.accountHolder ?? null,
      network: item.network ?? null,
      asset: item.asset ?? null,
    })),
  );
  await insertProductParts(
    db,
    'product_community_sections',
    ordered(input.communitySections).map(({ item, sort_order }) => ({
      product_id: productId,
      sort_order,
      type: item.type,
      view_type: item.viewType,
    })),
  );
  await insertProductParts(
    db,
    'product_community_badges',
    ordered(input.communityBadges).map(({ item, sort_order }) => ({
      product_id: productId,
      sort_order,
      name: item.name,
      limit_quantity: item.limitQuantity,
    })),
  );
  return productId;
}

/**
 * Records an opening holding through the holdings module (server/modules/holdings), so the entry,
 * its projection in product_holdings and the "most popular" generation are written as the
 * ledger writes them for an order.
 */
export async function insertHolding(
  db: Db,
  values: { productId: number; userId: string; quantity: number; firstInvestedAt: string },
) {
  await credit(db, {
    productId: values.productId,
    userId: values.userId,
    quantity: values.quantity,
    reason: 'OPENING_BALANCE',
    orderId: null,
    note: 'Opening holding',
    at: values.firstInvestedAt,
  });
}
