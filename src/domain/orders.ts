import { z } from 'zod';
import { visibleText, wholeNumber, wholeNumberParam } from './fields';
import { legalNameSchema, sourcesOfFunds } from './kyc';
import { CANCEL_REASON_MAX_LENGTH, ORDER_QUANTITY_MAX, PAYER_NAME_MAX_LENGTH } from './limits';
import { says } from './validation-messages';
import { payMethodTypes } from './products';
import { nextStepCodes, orderActions, orderActors, orderStates } from './order-state';
import { contractConsentKeys } from './order-rules';

/**
 * The wire contract of investing: orders, their timeline, the contract and its signature,
 * the manual payment and the signed-contract file. Money is integer minor units of
 * `currency`; quantities are whole tokens; times are ISO-8601 UTC strings.
 *
 * Calls (all need a signed-in, second-factor-passed, identity-approved investor; changes are
 * refused with BANNED for banned accounts):
 *
 *   POST /api/v1/products/{id}/investors           body createOrderRequest, header Idempotency-Key (optional)
 *                                                  → 201 order (200 with the same order on a retry with the same key)
 *   GET  /api/v1/products/{id}/sign?orderId=       → contractView
 *   POST /api/v1/products/{id}/sign                body signRequest (orderId in the body) → signStatus
 *   GET  /api/v1/products/{id}/sign/status?orderId= → signStatus
 *   GET  /api/v1/payment/manual?id={orderId}       → order (with payment instructions and timeline)
 *   POST /api/v1/payment/manual                    body paymentDeclarationRequest → order
 *   GET  /api/v1/orders/{id}                       → order
 *   POST /api/v1/orders/{id}/cancel                body cancelOrderRequest → order
 *   GET  /api/v1/users/me/orders?state=&productId= → myOrdersResponse (newest first)
 *   GET  /api/v1/users/me/sign-files/{id}          → application/pdf, Content-Disposition attachment with
 *                                                  filename (ASCII) and filename*=UTF-8''… ; owner only
 *
 * The sign calls name the order explicitly (`orderId`): an investor may have several open
 * orders on one project, and the path keeps the spec's shape.
 */

export { orderStates, orderActions, orderActors, nextStepCodes };
export * from './order-rules';
export type { OrderState, OrderAction, OrderActor, NextStepCode } from './order-state';

export const orderIdSchema = z.uuid(says('validation.orderId'));
export const orderIdParamsSchema = z.object({ id: orderIdSchema });
export const orderIdQuerySchema = z.strictObject({ orderId: orderIdSchema });
/** GET /api/v1/payment/manual?id= (the spec names the parameter `id`). */
export const paymentQuerySchema = z.strictObject({ id: orderIdSchema });
export const signFileParamsSchema = z.object({ id: z.uuid(says('validation.signFileId')) });

/** Idempotency-Key header: any client-chosen string of 8–100 safe characters (a UUID is ideal). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

export { sourcesOfFunds, type SourceOfFunds } from './kyc';

/**
 * How an order is paid: TRANSFER (to one of the project's pay methods, matched by an operator)
 * or BALANCE (from the investor's cash balance, at once when the contract is signed).
 */
export const orderPaySources = ['TRANSFER', 'BALANCE'] as const;
export type OrderPaySource = (typeof orderPaySources)[number];

/** POST /api/v1/products/{id}/investors */
export const createOrderRequestSchema = z
  .strictObject({
    quantity: wholeNumber('validation.quantity', { max: ORDER_QUANTITY_MAX }),
    /** One of the project's pay methods: the investor pays by transfer. */
    payMethodId: wholeNumber('validation.payMethod').optional(),
    /** BALANCE instead of payMethodId: paid from the cash balance when the contract is signed. */
    payFrom: z.enum(orderPaySources, says('validation.payFrom')).optional(),
    /** One of GET /api/v1/kyc/purchase/list; the investor's default identity when left out. */
    identityId: z.string().min(1).max(64).optional(),
    sourceOfFunds: z.enum(sourcesOfFunds, says('validation.sourceOfFunds')).optional(),
  })
  .refine((body) => (body.payFrom === 'BALANCE') !== (body.payMethodId !== undefined), says('validation.payFrom'));
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const orderStateSchema = z.enum(orderStates);
export const payMethodTypeSchema = z.enum(payMethodTypes);

/** Everything the payment-instructions screen shows, each value ready to copy. */
export const paymentInstructionsSchema = z.discriminatedUnion('payMethodType', [
  z.object({
    payMethodType: z.literal('ACCOUNT'),
    bankName: z.string(),
    accountNumber: z.string(),
    accountHolder: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    /** Put this on the transfer so the payment can be matched to the order. */
    reference: z.string(),
    deadline: z.string(),
  }),
  z.object({
    payMethodType: z.literal('CRYPTO'),
    walletAddress: z.string(),
    network: z.string(),
    /** The asset to send, e.g. USDC; one unit per major unit of `currency`. */
    asset: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    /** Put this in the transfer's memo where the network allows it, and in the declaration. */
    reference: z.string(),
    deadline: z.string(),
  }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

export const orderEventTypes = [
  'RESERVED',
  'CONTRACT_SIGNED',
  'PAYMENT_DECLARED',
  'PAYMENT_CONFIRMED',
  'PAYMENT_REJECTED',
  'CANCELLED',
  'EXPIRED',
  'REFUNDED',
] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

export const orderEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(orderEventTypes),
  /** The state the order entered with this event. */
  state: orderStateSchema,
  actor: z.enum(orderActors),
  at: z.string(),
  /** A reason given by whoever acted (a cancellation or rejection reason), or null. */
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderNextStepSchema = z.object({
  code: z.enum(nextStepCodes),
  /** English fallback; the client translates by code. */
  message: z.string(),
  /** When the investor must act by (the order's expiry), or null. */
  deadline: z.string().nullable(),
  /** How long the platform usually takes where it waits, or null. */
  usualWaitHours: z.number().int().nullable(),
});

export const orderSummarySchema = z.object({
  id: z.string(),
  /** Short code shown to people and put on the transfer, e.g. MOA-7K3F9Q2X. */
  reference: z.string(),
  state: orderStateSchema,
  quantity: z.number().int(),
  pricePerToken: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  /** When an unsigned or unpaid order expires; it no longer matters once payment is declared. */
  expiresAt: z.string(),
  updatedAt: z.string(),
  product: z.object({ id: z.number().int(), name: z.string(), tokenName: z.string(), logo: z.string() }),
  /** The project's pay method; for a BALANCE order, the one a transfer would have used. */
  payMethod: z.object({ id: z.number().int(), name: z.string(), payMethodType: payMethodTypeSchema }),
  payFrom: z.enum(orderPaySources),
  /** The signed contract's PDF (GET /api/v1/users/me/sign-files/{id}), once signed. */
  signFileId: z.string().nullable(),
  canCancel: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  /** Where and how to pay: null until the contract is signed, then kept with the order. */
  paymentInstructions: paymentInstructionsSchema.nullable(),
  /** What the investor declared: the payer's name (ACCOUNT) or the transaction hash (CRYPTO). */
  payment: z
    .object({ payerName: z.string().nullable(), txHash: z.string().nullable(), declaredAt: z.string() })
    .nullable(),
  timeline: z.array(orderEventSchema),
  next: orderNextStepSchema,
});
export type Order = z.infer<typeof orderSchema>;

export const myOrdersQuerySchema = z.strictObject({
  state: orderStateSchema.optional(),
  productId: wholeNumberParam('validation.projectId').optional(),
});
export const myOrdersResponseSchema = z.object({ orders: z.array(orderSummarySchema) });
export type MyOrdersResponse = z.infer<typeof myOrdersResponseSchema>;

export const cancelOrderRequestSchema = z.strictObject({
  reason: visibleText('validation.cancelReason', CANCEL_REASON_MAX_LENGTH).optional(),
});

export const contractViewSchema = z.object({
  orderId: z.string(),
  reference: z.string(),
  title: z.string(),
  /** Version of the contract template the text was made from. */
  templateVersion: z.string(),
  parties: z.object({
    issuer: z.object({ legalName: z.string(), address: z.string().nullable() }),
    investor: z.object({
      legalName: z.string(),
      email: z.string().nullable(),
      investorType: z.enum(['INDIVIDUAL', 'COMPANY']),
    }),
  }),
  project: z.object({ id: z.number().int(), name: z.string() }),
  token: z.object({ name: z.string(), contractAddress: z.string().nullable() }),
  quantity: z.number().int(),
  pricePerToken: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  /** The exact contract text; `sha256` is the hex SHA-256 of its UTF-8 bytes. */
  terms: z.string(),
  sha256: z.string(),
  /** Each project document as it stands now; signing records these hashes. */
  documents: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      version: z.number().int(),
      url: z.string(),
      sha256: z.string().nullable(),
    }),
  ),
  consents: z.array(z.object({ key: z.enum(contractConsentKeys), text: z.string() })),
  isSigned: z.boolean(),
  signedAt: z.string().nullable(),
});
export type ContractView = z.infer<typeof contractViewSchema>;

/** A drawn signature as a PNG data URL, at most this many characters (about 150 KB of image). */
export const SIGNATURE_DATA_URL_MAX = 200_000;

export const signRequestSchema = z.strictObject({
  orderId: orderIdSchema,
  /** Must match the legal name of the approved identity (case and spacing aside). */
  legalName: legalNameSchema,
  /** The `sha256` of the contract the investor read; a changed contract is refused (CONTRACT_CHANGED). */
  contractSha256: z.string().regex(/^[0-9a-f]{64}$/, says('validation.contractHash')),
  consents: z.strictObject({
    terms: z.literal(true, says('validation.consent.terms')),
    risks: z.literal(true, says('validation.consent.risks')),
    electronicSignature: z.literal(true, says('validation.consent.electronicSignature')),
  }),
  signature: z
    .string()
    .max(SIGNATURE_DATA_URL_MAX, says('validation.signature.tooLarge'))
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, says('validation.signature.png'))
    .optional(),
});
export type SignRequest = z.infer<typeof signRequestSchema>;

export const signStatusSchema = z.object({
  orderId: z.string(),
  status: z.enum(['UNSIGNED', 'SIGNED']),
  orderState: orderStateSchema,
  signedAt: z.string().nullable(),
  /** GET /api/v1/users/me/sign-files/{signFileId} */
  signFileId: z.string().nullable(),
  fileName: z.string().nullable(),
  /** SHA-256 of the stored PDF, and of the contract text that was signed. */
  fileSha256: z.string().nullable(),
  contractSha256: z.string().nullable(),
});
export type SignStatus = z.infer<typeof signStatusSchema>;

/** POST /api/v1/payment/manual: payerName for a bank transfer, txHash for a crypto payment. */
export const paymentDeclarationRequestSchema = z.strictObject({
  orderId: orderIdSchema,
  payerName: visibleText('validation.payerName', PAYER_NAME_MAX_LENGTH).optional(),
  txHash: z
    .string()
    .trim()
    .regex(/^(0x)?[A-Za-z0-9]{16,128}$/, says('validation.txHash'))
    .optional(),
});
export type PaymentDeclarationRequest = z.infer<typeof paymentDeclarationRequestSchema>;

export { documentVersionSchema, type DocumentVersion } from './products';
