import { z } from 'zod';
import { kycStatuses, userRoles } from './auth';
import { orderStates } from './order-state';
import { auditEventSchema } from './operator-console';

/**
 * The console's people and gifts (`/api/v1/operator/people…`, `/api/v1/operator/gifts…`): finding
 * a person, what they hold and did, and the gift claims waiting to be shipped.
 */

export const PEOPLE_PAGE_SIZE = 25;
export const TRACKING_MAX_LENGTH = 200;

/** A search by email or name; `cursor` is the last person's `createdAt|id`. */
export const peopleQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

export const personSummarySchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  role: z.enum(userRoles),
  kycStatus: z.enum(kycStatuses),
  isBanned: z.boolean(),
  createdAt: z.string(),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;

export const peopleListSchema = z.object({
  people: z.array(personSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PeopleList = z.infer<typeof peopleListSchema>;

export const personHoldingSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  firstInvestedAt: z.string(),
});

export const personOrderSchema = z.object({
  reference: z.string(),
  state: z.enum(orderStates),
  productId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});

export const personSessionSchema = z.object({
  method: z.enum(['EMAIL', 'GOOGLE']),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  isActive: z.boolean(),
});

/** A person as the console shows them: identity state, holdings, orders, sessions and audit events. */
export const personDetailSchema = personSummarySchema.extend({
  legalName: z.string().nullable(),
  countryOfResidence: z.string().nullable(),
  banReason: z.string().nullable(),
  identity: z
    .object({ status: z.string(), answer: z.string().nullable(), reviewedAt: z.string().nullable() })
    .nullable(),
  investorVerification: z.object({ status: z.string(), basis: z.string() }).nullable(),
  holdings: z.array(personHoldingSchema),
  orders: z.array(personOrderSchema),
  sessions: z.array(personSessionSchema),
  history: z.array(auditEventSchema),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;

export const giftClaimStates = ['REQUESTED', 'SHIPPED', 'REVEALED'] as const;
export type GiftClaimState = (typeof giftClaimStates)[number];

export const giftListQuerySchema = z.strictObject({ state: z.enum(giftClaimStates).optional() });

export const operatorGiftClaimSchema = z.object({
  id: z.string(),
  state: z.enum(giftClaimStates),
  productId: z.number().int(),
  productName: z.string(),
  title: z.string(),
  isDigital: z.boolean(),
  email: z.string().nullable(),
  recipientName: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  phone: z.string().nullable(),
  tracking: z.string().nullable(),
  claimedAt: z.string(),
  shippedAt: z.string().nullable(),
});
export type OperatorGiftClaim = z.infer<typeof operatorGiftClaimSchema>;

export const giftListSchema = z.object({ claims: z.array(operatorGiftClaimSchema) });
export const giftParamsSchema = z.strictObject({ id: z.uuid() });
export const giftShipRequestSchema = z.strictObject({
  tracking: z.string().trim().max(TRACKING_MAX_LENGTH).optional(),
});
export const giftShipOutcomeSchema = z.object({
  id: z.string(),
  state: z.literal('SHIPPED'),
  tracking: z.string().nullable(),
});
export type GiftShipOutcome = z.infer<typeof giftShipOutcomeSchema>;
