import { z } from 'zod';
import { codeSchema } from './auth';
import { typedText, visibleText, wholeNumber, wholeNumberParam } from './fields';
import {
  ACCOUNT_HOLDER_MAX_LENGTH,
  BANK_NAME_MAX_LENGTH,
  DELIVERY_ADDRESS_MAX_LENGTH,
  RECIPIENT_NAME_MAX_LENGTH,
  WALLET_ADDRESS_MAX_LENGTH,
  WALLET_LABEL_MAX_LENGTH,
} from './limits';
import { says } from './validation-messages';

/**
 * The wire contract of the account area: holdings and their value, revenue received and
 * scheduled, the documents an investor may download, gifts, payout bank details and the
 * wallet address book. Money is integer minor units of `currency`; token counts are whole
 * numbers; times are ISO-8601 UTC strings.
 *
 * Calls (signed in with the second factor passed; changes refused with BANNED for banned accounts):
 *
 *   GET    /api/v1/users/me/products                 → myProductsResponse
 *   GET    /api/v1/users/me/revenues?from=&to=&productId=&interval=  → myRevenuesResponse
 *   GET    /api/v1/users/me/documents                → myDocumentsResponse
 *   GET    /api/v1/users/me/documents/{documentId}   → the file; holders of the project only
 *   GET    /api/v1/users/me/badge                    → myBadgeResponse
 *   GET    /api/v1/claim/check?id={productId}        → giftCheck (identity approved)
 *   GET    /api/v1/claim/gift?productId=             → giftClaimResponse
 *   POST   /api/v1/claim/gift                        body giftClaimRequest → 201 giftClaim
 *   GET    /api/v1/users/me/bank-details             → bankDetailsResponse
 *   PUT    /api/v1/users/me/bank-details             body bankDetailsRequest → bankDetailsResponse
 *   GET    /api/v1/users/me/addresses                → walletAddressesResponse
 *   POST   /api/v1/users/me/addresses                body walletAddressRequest → 201 walletAddress
 *   DELETE /api/v1/users/me/addresses/{id}           body authenticatorCodeRequest → 204
 */

const isoDate = z.iso.date(says('validation.date'));
const authenticatorCode = codeSchema('validation.authenticatorCode');

export const myProductPayloadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  documentIds: z.array(z.number().int()),
});
export type MyProductPayload = z.infer<typeof myProductPayloadSchema>;
export const myProductsResponseSchema = z.object({ myProductPayloads: z.array(myProductPayloadSchema) });
export type MyProductsResponse = z.infer<typeof myProductsResponseSchema>;

export const revenueIntervals = ['day', 'month', 'year'] as const;
export type RevenueInterval = (typeof revenueIntervals)[number];

export const myRevenuesQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
    productId: wholeNumberParam('validation.projectId').optional(),
    interval: z.enum(revenueIntervals, says('validation.revenue.interval')).default('month'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    ...says('validation.revenue.range'),
    path: ['from'],
  });
export type MyRevenuesQuery = z.input<typeof myRevenuesQuerySchema>;

/** Revenue paid in one period (`date` is the period's first day). */
export const revenueEntrySchema = z.object({ revenue: z.number().int(), date: isoDate });
export type RevenueEntry = z.infer<typeof revenueEntrySchema>;

export const revenueShareStates = ['SCHEDULED', 'PAID'] as const;
export type RevenueShareState = (typeof revenueShareStates)[number];

/** One share of one distribution, as the investor sees it. */
export const revenueShareSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  amount: z.number().int(),
  balance: z.number().int(),
  recordDate: isoDate,
  paysAt: z.string(),
  memo: z.string().nullable(),
  state: z.enum(revenueShareStates),
  /**
   * The balance entry that paid the share in (GET /api/v1/users/me/balance/entries/{entryId}):
   * null until the pay-date sweep has credited it. Answers saved on a device before it existed lack
   * it; readers treat a missing one as null.
   */
  entryId: z.number().int().nullable(),
});
export type RevenueShare = z.infer<typeof revenueShareSchema>;

export const revenueProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  tokenName: z.string(),
  /** Tokens held now (the ledger balance). */
  purchaseAmount: z.number().int(),
  pricePerToken: z.number().int(),
  /** purchaseAmount × pricePerToken. */
  portfolioBalance: z.number().int(),
  /** What the investor paid for confirmed orders of this project. */
  paidAmount: z.number().int(),
  /** Revenue paid out so far from this project. */
  revenuePaid: z.number().int(),
  /** The project's last trade price on the market, or null while it has never traded. */
  lastPrice: z.number().int().nullable(),
  /** What the holding is worth: tokens held × (lastPrice, else pricePerToken) (decision 1823). */
  marketValue: z.number().int(),
  /** What the tokens held cost: tokens held × the average price paid for them (decision 1823). */
  costBasis: z.number().int(),
  /** marketValue − costBasis: negative for a loss. */
  gain: z.number().int(),
});
export type RevenueProduct = z.infer<typeof revenueProductSchema>;

export const myRevenueAndProductsSchema = z.object({
  currency: z.string(),
  interval: z.enum(revenueIntervals),
  revenues: z.array(revenueEntrySchema),
  products: z.array(revenueProductSchema),
  /** Paid shares in the window and every scheduled one, newest first. */
  shares: z.array(revenueShareSchema),
  totals: z.object({
    portfolioBalance: z.number().int(),
    paidAmount: z.number().int(),
    revenuePaid: z.number().int(),
    revenueScheduled: z.number().int(),
    marketValue: z.number().int(),
    costBasis: z.number().int(),
    gain: z.number().int(),
  }),
});
export type MyRevenueAndProducts = z.infer<typeof myRevenueAndProductsSchema>;
export const myRevenuesResponseSchema = z.object({ myRevenueAndProducts: myRevenueAndProductsSchema });
export type MyRevenuesResponse = z.infer<typeof myRevenuesResponseSchema>;

export const productDocumentSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** The file's name, or N/A. */
  fileName: z.string(),
  /** The document's title, or N/A. */
  title: z.string(),
  downloadUrl: z.string(),
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;

export const signedContractSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  fileName: z.string(),
  signedAt: z.string(),
  downloadUrl: z.string(),
});
export type SignedContract = z.infer<typeof signedContractSchema>;

export const myDocumentsResponseSchema = z.object({
  documents: z.array(productDocumentSchema),
  contracts: z.array(signedContractSchema),
});
export type MyDocumentsResponse = z.infer<typeof myDocumentsResponseSchema>;
export const myDocumentParamsSchema = z.object({ documentId: wholeNumberParam('validation.documentId') });

export const myBadgeResponseSchema = z.object({
  isHideBadge: z.boolean(),
  badge: z
    .object({ id: z.number().int(), name: z.string(), productId: z.number().int(), productName: z.string() })
    .nullable(),
});
export type MyBadgeResponse = z.infer<typeof myBadgeResponseSchema>;

// Gifts
export const giftSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  isDigital: z.boolean(),
  limitQuantity: z.number().int(),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftClaimStates = ['REQUESTED', 'SHIPPED', 'REVEALED'] as const;
export type GiftClaimState = (typeof giftClaimStates)[number];

export const giftClaimSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  gift: giftSchema,
  state: z.enum(giftClaimStates),
  /** What a digital gift turns out to be; null for physical ones. */
  reveal: z.string().nullable(),
  recipientName: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  phone: z.string().nullable(),
  tracking: z.string().nullable(),
  shippedAt: z.string().nullable(),
  claimedAt: z.string(),
});
export type GiftClaim = z.infer<typeof giftClaimSchema>;

export const giftCheckQuerySchema = z.object({ id: wholeNumberParam('validation.projectId') });
export const giftClaimQuerySchema = z.object({ productId: wholeNumberParam('validation.projectId') });

export const giftCheckSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  holding: z.number().int(),
  /** The highest gift whose limitQuantity the holding reaches; null when none does. */
  availableGift: giftSchema.nullable(),
  gifts: z.array(giftSchema),
  claim: giftClaimSchema.nullable(),
  canClaim: z.boolean(),
});
export type GiftCheck = z.infer<typeof giftCheckSchema>;
export const giftClaimResponseSchema = z.object({ claim: giftClaimSchema.nullable() });

export const giftClaimRequestSchema = z.object({
  productId: wholeNumber('validation.projectId'),
  giftId: wholeNumber('validation.giftId'),
  delivery: z
    .object({
      recipientName: visibleText('validation.recipientName', RECIPIENT_NAME_MAX_LENGTH),
      address: typedText('validation.deliveryAddress', DELIVERY_ADDRESS_MAX_LENGTH),
      phone: z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{6,30}$/, says('validation.phone')),
    })
    .optional(),
});
export type GiftClaimRequest = z.infer<typeof giftClaimRequestSchema>;

// Bank details
export const bankDetailsSchema = z.object({
  bankName: z.string(),
  holderName: z.string(),
  /** Only the last four digits are ever sent back. */
  maskedNumber: z.string(),
  updatedAt: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;
export const bankDetailsResponseSchema = z.object({ bankDetails: bankDetailsSchema.nullable() });
export type BankDetailsResponse = z.infer<typeof bankDetailsResponseSchema>;

export const bankDetailsRequestSchema = z.object({
  bankName: visibleText('validation.bankName', BANK_NAME_MAX_LENGTH),
  holderName: visibleText('validation.accountHolder', ACCOUNT_HOLDER_MAX_LENGTH),
  accountNumber: z
    .string(says('validation.accountNumber'))
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{6,20}$/, says('validation.accountNumber'))),
  code: authenticatorCode,
});
export type BankDetailsRequest = z.input<typeof bankDetailsRequestSchema>;

// Address book
export const walletNetworks = ['ETHEREUM', 'POLYGON', 'BITCOIN'] as const;
export type WalletNetwork = (typeof walletNetworks)[number];

export const walletAddressSchema = z.object({
  id: z.string(),
  label: z.string(),
  network: z.enum(walletNetworks),
  address: z.string(),
  createdAt: z.string(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;
export const walletAddressesResponseSchema = z.object({ addresses: z.array(walletAddressSchema) });
export type WalletAddressesResponse = z.infer<typeof walletAddressesResponseSchema>;

export const walletAddressRequestSchema = z.object({
  label: typedText('validation.walletLabel', WALLET_LABEL_MAX_LENGTH),
  network: z.enum(walletNetworks, says('validation.walletNetwork')),
  address: typedText('validation.walletAddress', WALLET_ADDRESS_MAX_LENGTH),
  code: authenticatorCode,
});
export type WalletAddressRequest = z.input<typeof walletAddressRequestSchema>;
export const walletAddressParamsSchema = z.object({ id: z.uuid(says('validation.walletAddressId')) });
export const authenticatorCodeRequestSchema = z.object({ code: authenticatorCode });

/** Masks all but the last four digits: "•••• 1234". */
export function maskAccountNumber(last4: string): string {
  return `•••• ${last4}`;
}
