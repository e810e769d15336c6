import { z } from 'zod';
import { wholeNumber, wholeNumberParam } from './fields';
import { PRODUCT_PAGE_MAX } from './limits';
import { says } from './validation-messages';
import { saleStatuses } from './sale';

/**
 * Wire schemas of the catalogue: list cards, the project detail, categories, subscriptions
 * and whitelist requests. Money is integer minor units of `currency`; quantities are tokens.
 */

export const PRODUCT_PAGE_SIZE = 100;
export { PRODUCT_PAGE_MAX };

export const saleStatusSchema = z.enum(saleStatuses);
export const payMethodTypes = ['ACCOUNT', 'CRYPTO'] as const;
export const communitySectionTypes = ['DISCUSSION', 'REVIEW', 'UPDATE', 'COMMUNITY', 'PROPOSAL', 'AGENDA'] as const;
export const communityViewTypes = ['PRE_KYC', 'POST_KYC', 'INVESTOR'] as const;
export const whitelistStatuses = ['REQUEST', 'ALLOW'] as const;
export type PayMethodType = (typeof payMethodTypes)[number];
export type CommunitySectionType = (typeof communitySectionTypes)[number];
export type CommunityViewType = (typeof communityViewTypes)[number];
export type WhitelistStatus = (typeof whitelistStatuses)[number];

export const productIdParamsSchema = z.object({ id: wholeNumberParam('validation.projectId') });

export const productListQuerySchema = z.strictObject({
  saleStatus: saleStatusSchema.optional(),
  categoryId: wholeNumberParam('validation.categoryId').optional(),
  limit: wholeNumberParam('validation.limit.products', { max: PRODUCT_PAGE_MAX }).default(PRODUCT_PAGE_SIZE),
  nextId: wholeNumberParam('validation.nextId').optional(),
  hideStatus: z.literal('SHOW', says('validation.hideStatus')).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int().optional(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.object({ categories: z.array(categorySchema) });

/** The list card of the spec, every field computed by the server from stored facts. */
export const productCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.number().int(),
  currency: z.string(),
  raisedAmount: z.number().int(),
  remainingQuantity: z.number().int(),
  raisedPercentage: z.number(),
  remainingTime: z.number().int().nullable(),
  inventorCount: z.number().int(),
  targetCap: z.number().int().nullable(),
  category: categorySchema,
  canWitch: z.boolean(),
  isSoldOut: z.boolean(),
  isMostPopular: z.boolean(),
  isClosingSoon: z.boolean(),
  isFeatured: z.boolean(),
  isRegD: z.boolean(),
  saleStatus: saleStatusSchema,
  tokenName: z.string(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productListResponseSchema = z.object({
  productPayloads: z.array(productCardSchema),
  pageAndInfiniteScrollResponse: z.object({
    hasNextPage: z.boolean(),
    nextId: z.number().int().nullable(),
  }),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/**
 * The home page's shelves, each at most HOME_SHELF_SIZE cards in the list's order, with no project on
 * two shelves: a project shows on the first it qualifies for (featured, then most popular, then
 * closing soon). Ended sales are not featured.
 */
export const HOME_SHELF_SIZE = 3;
export const productShelvesSchema = z.object({
  featured: z.array(productCardSchema),
  popular: z.array(productCardSchema),
  closing: z.array(productCardSchema),
});
export type ProductShelves = z.infer<typeof productShelvesSchema>;

const withId = { id: z.number().int() };
export const communityBadgeSchema = z.object({ ...withId, name: z.string(), limitQuantity: z.number().int() });
export const giftSchema = z.object({
  ...withId,
  title: z.string(),
  description: z.string(),
  isDigital: z.boolean(),
  limitQuantity: z.number().int(),
});

/** One version of a project document; replacing a document keeps every earlier version downloadable. */
export const documentVersionSchema = z.object({
  version: z.number().int(),
  url: z.string(),
  sha256: z.string().nullable(),
  /** What changed, as the operator described it. */
  note: z.string().nullable(),
  createdAt: z.string(),
  isCurrent: z.boolean(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const productDetailSchema = z.object({
  id: z.number().int(),
  contractAddress: z.string().nullable(),
  name: z.string(),
  logo: z.string(),
  image: z.string(),
  description: z.string(),
  currency: z.string(),
  category: categorySchema,
  inventorCount: z.number().int(),
  endedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  softCap: z.number().int().nullable(),
  fundingGoal: z.number().int().nullable(),
  raisedAmount: z.number().int(),
  raisedPercentage: z.number(),
  totalRaisedAmount: z.number().int(),
  deadline: z.union([z.object({ day: z.number().int(), month: z.string(), year: z.number().int() }), z.literal('-')]),
  remainingTime: z.number().int().nullable(),
  userTokenBalance: z.number().int().nullable(),
  /** Tokens on the viewer's open orders (reserved, signed, payment declared): they count against the maximum. */
  userOpenOrderQuantity: z.number().int().optional(),
  pricePerToken: z.number().int(),
  totalQuantity: z.number().int(),
  purchasedQuantity: z.number().int(),
  remainingQuantity: z.number().int(),
  saleStatus: saleStatusSchema,
  canWitch: z.boolean(),
  isRegD: z.boolean(),
  regulation: z.string(),
  investmentRiskDisclaimer: z.string(),
  userMinInvestment: z.number().int(),
  userMaxInvestment: z.number().int().nullable(),
  isSubscribe: z.boolean(),
  isGovernance: z.boolean(),
  isSoldOut: z.boolean(),
  isClosingSoon: z.boolean(),
  communityBadges: z.array(communityBadgeSchema),
  userCommunityBadge: communityBadgeSchema.nullable(),
  about: z
    .object({
      logo: z.string().nullable(),
      legalName: z.string(),
      employees: z.number().int().nullable(),
      founded: z.number().int().nullable(),
      website: z.string().nullable(),
      form: z.string().nullable(),
      teamMembers: z.array(
        z.object({
          ...withId,
          name: z.string(),
          role: z.string(),
          description: z.string(),
          image: z.string().nullable(),
        }),
      ),
      socialLinks: z.array(z.object({ ...withId, platform: z.string(), url: z.string() })),
      locationImage: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  dealTermList: z.array(z.object({ field: z.string(), value: z.string(), tooltip: z.string().nullable() })),
  images: z.array(z.object({ ...withId, url: z.url(), altText: z.string() })),
  gifts: z.array(giftSchema),
  availableGift: giftSchema.nullable(),
  faqs: z.array(z.object({ ...withId, title: z.string(), description: z.string() })),
  risks: z.array(z.object({ ...withId, title: z.string(), description: z.string() })),
  documents: z.array(
    z.object({
      ...withId,
      name: z.string(),
      description: z.string(),
      url: z.string(),
      /** The document's history, newest first (always sent by the server). */
      versions: z.array(documentVersionSchema).optional(),
    }),
  ),
  customSections: z.array(z.object({ ...withId, title: z.string(), content: z.string() })),
  payMethods: z.array(
    z.object({
      ...withId,
      name: z.string(),
      address: z.string(),
      alias: z.string(),
      payMethodType: z.enum(payMethodTypes),
    }),
  ),
  communitySections: z.array(
    z.object({ ...withId, type: z.enum(communitySectionTypes), viewType: z.enum(communityViewTypes) }),
  ),
  tokenName: z.string(),
  documentDescription: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const subscribeRequestSchema = z.strictObject({ productId: wholeNumber('validation.projectId') });
export const subscribeResponseSchema = z.object({ productId: z.number().int(), isSubscribe: z.boolean() });

export const whitelistStateSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  logo: z.string(),
  tokenName: z.string(),
  isRestricted: z.boolean(),
  status: z.enum(['NONE', ...whitelistStatuses]),
  requestedAt: z.string().nullable(),
});
export type WhitelistState = z.infer<typeof whitelistStateSchema>;

/** The highest item whose limitQuantity the holding reaches (gifts and badges alike). */
export function highestReached<T extends { limitQuantity: number }>(items: T[], balance: number | null): T | null {
  if (!balance || balance <= 0) return null;
  let best: T | null = null;
  for (const item of items) {
    if (item.limitQuantity <= balance && (!best || item.limitQuantity > best.limitQuantity)) best = item;
  }
  return best;
}
