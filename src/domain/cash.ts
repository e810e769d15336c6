import { z } from 'zod';
import { codeSchema } from './auth';
import { typedText, wholeNumber, wholeNumberParam } from './fields';
import { approvalSchema, outcomeStatuses } from './operator';
import { says } from './validation-messages';

/**
 * The investor's cash balance: an append-only ledger of entries per investor and currency, in
 * integer minor units of `currency` (docs/decisions/1801-cash-ledger.md). Shared by the server,
 * which applies `cashEntryEffect` inside the transaction that writes an entry, and the client.
 *
 * Calls (signed in with the second factor passed; changes refused with BANNED for banned accounts):
 *
 *   GET  /api/v1/users/me/balance                      → cashBalance
 *   GET  /api/v1/users/me/balance/entries?month=&cursor=&limit= → cashEntriesPage (newest first)
 *   GET  /api/v1/users/me/balance/entries/{id}         → cashEntry (the investor's own, else NOT_FOUND)
 *   GET  /api/v1/users/me/withdrawals                  → withdrawalsResponse (newest first)
 *   POST /api/v1/users/me/withdrawals                  body withdrawalRequest → 201 withdrawal
 *   POST /api/v1/users/me/withdrawals/{id}/cancel      → withdrawal
 *
 * Paying an order from the balance: POST /api/v1/products/{id}/investors with
 * `{ quantity, payFrom: "BALANCE" }` (src/domain/orders.ts); the order is confirmed when its
 * contract is signed, the cash debit and the token credit in one transaction.
 *
 * Operator calls (ADMIN; server/modules/operator):
 *
 *   POST /api/v1/operator/deposits                     body depositConfirmRequest → depositConfirmResponse
 *   GET  /api/v1/operator/withdrawals?state=           → operatorWithdrawalsResponse
 *   POST /api/v1/operator/withdrawals/{id}/paid        body withdrawalPaidRequest → operatorWithdrawalResult
 *   POST /api/v1/operator/withdrawals/{id}/return      body withdrawalReturnRequest → operatorWithdrawalResult
 */

/** What an entry is. Amounts on the wire are signed changes of the balances they touch. */
export const cashEntryKinds = [
  'DEPOSIT',
  'PURCHASE',
  'REVENUE',
  'WITHDRAWAL_HELD',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_RELEASED',
  'REFUND',
  'FEE',
  'CORRECTION',
  'MARKET_HOLD',
  'MARKET_RELEASE',
  'MARKET_BUY',
  'MARKET_SALE',
] as const;
export type CashEntryKind = (typeof cashEntryKinds)[number];

/** Why an entry exists: what it links to. */
export const cashEntryReasons = ['DEPOSIT', 'ORDER', 'DISTRIBUTION', 'WITHDRAWAL', 'ADJUSTMENT', 'MARKET'] as const;
export type CashEntryReason = (typeof cashEntryReasons)[number];

/** Who caused an entry: the investor, an operator or the platform (a sweep, a settlement). */
export const cashActors = ['INVESTOR', 'OPERATOR', 'SYSTEM'] as const;
export type CashActor = (typeof cashActors)[number];

export interface CashEffect {
  /** Change of the available balance (what may be spent or withdrawn). */
  available: number;
  /** Change of the held balance (withdrawals waiting to be paid, resting market buy orders). */
  held: number;
}

/** The reason each kind may carry (CORRECTION: any). */
const reasonsOf: Record<CashEntryKind, readonly CashEntryReason[]> = {
  DEPOSIT: ['DEPOSIT'],
  PURCHASE: ['ORDER'],
  REVENUE: ['DISTRIBUTION'],
  WITHDRAWAL_HELD: ['WITHDRAWAL'],
  WITHDRAWAL_PAID: ['WITHDRAWAL'],
  WITHDRAWAL_RELEASED: ['WITHDRAWAL'],
  REFUND: ['ORDER', 'ADJUSTMENT'],
  FEE: ['ORDER', 'WITHDRAWAL', 'ADJUSTMENT', 'MARKET'],
  CORRECTION: ['ADJUSTMENT', 'DEPOSIT', 'ORDER', 'DISTRIBUTION', 'WITHDRAWAL'],
  // The market between investors (docs/decisions/1813): a buy order's cash is held while it rests.
  MARKET_HOLD: ['MARKET'],
  MARKET_RELEASE: ['MARKET'],
  MARKET_BUY: ['MARKET'],
  MARKET_SALE: ['MARKET'],
};

/**
 * The one rule of the cash ledger: what an entry of `kind` for `amount` minor units does to the
 * available and held balances. `amount` is positive for every kind but CORRECTION, which is
 * signed (a correction moves the available balance either way). Returns null when the entry is
 * not allowed (a zero, fractional or negative amount, or a reason the kind may not carry).
 * The database applies the effect with a guarded update: neither balance may end below zero.
 */
export function cashEntryEffect(kind: CashEntryKind, amount: number, reason?: CashEntryReason): CashEffect | null {
  if (!Number.isSafeInteger(amount) || amount === 0) return null;
  if (kind !== 'CORRECTION' && amount < 0) return null;
  if (reason !== undefined && !reasonsOf[kind].includes(reason)) return null;
  switch (kind) {
    case 'DEPOSIT':
    case 'REVENUE':
    case 'REFUND':
    case 'CORRECTION':
    case 'MARKET_SALE':
      return { available: amount, held: 0 };
    case 'PURCHASE':
    case 'FEE':
      return { available: -amount, held: 0 };
    case 'WITHDRAWAL_HELD':
    case 'MARKET_HOLD':
      return { available: -amount, held: amount };
    case 'WITHDRAWAL_PAID':
    case 'MARKET_BUY':
      return { available: 0, held: -amount };
    case 'WITHDRAWAL_RELEASED':
    case 'MARKET_RELEASE':
      return { available: amount, held: -amount };
  }
}

/** The most a project may withhold of each revenue share: half, in basis points. */
export const REVENUE_WITHHOLDING_MAX_BPS = 5_000;

/**
 * What is withheld of a revenue share of `gross` minor units at `bps` basis points, rounded
 * down to a whole minor unit: the investor is never short-changed by rounding, and below 100 %
 * the net paid in is always at least one minor unit of a share above zero.
 */
export function revenueWithheld(gross: number, bps: number): number {
  if (!Number.isSafeInteger(gross) || gross <= 0 || !Number.isInteger(bps) || bps <= 0) return 0;
  return Number((BigInt(gross) * BigInt(Math.min(bps, REVENUE_WITHHOLDING_MAX_BPS))) / 10_000n);
}

/** Whether applying `effect` to the balances keeps both at or above zero. */
export function keepsBalanceNonNegative(balance: { available: number; held: number }, effect: CashEffect): boolean {
  return balance.available + effect.available >= 0 && balance.held + effect.held >= 0;
}

// Deposit reference

/** Letters and digits without look-alikes (no 0/O, 1/I/L): easy to read aloud and type. */
export const DEPOSIT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** MOA and 6 characters, e.g. MOA7K3F9Q; what the investor writes on every transfer. */
export const DEPOSIT_REFERENCE_PATTERN = /^MOA[2-9A-HJKMNP-Z]{6}$/;

/** A typed reference as the ledger keeps it: upper case, spaces and dashes dropped. */
export function normalizeDepositReference(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

// Balance

export const cashBalanceSchema = z.object({
  currency: z.string(),
  available: z.number().int(),
  held: z.number().int(),
  /** available + held */
  total: z.number().int(),
  /** The investor's own reference: put it on every transfer to the platform's account. */
  depositReference: z.string(),
  /** The platform's bank account to pay into, or null when none is configured. */
  depositAccount: z.object({ bankName: z.string(), accountNumber: z.string(), accountHolder: z.string() }).nullable(),
  /** The platform's crypto address to pay into (with the reference as memo), or null. */
  depositWallet: z.object({ network: z.string(), asset: z.string(), address: z.string() }).nullable(),
  /** Withdrawals requested in the last 24 hours count against this limit (minor units). */
  withdrawalDailyLimit: z.number().int(),
  withdrawalDailyRemaining: z.number().int(),
  /** When the last entry was written, or null before the first. */
  updatedAt: z.string().nullable(),
});
export type CashBalance = z.infer<typeof cashBalanceSchema>;

// Entries

export const CASH_ENTRIES_DEFAULT_LIMIT = 50;
export const CASH_ENTRIES_MAX_LIMIT = 200;

export const cashEntriesQuerySchema = z.strictObject({
  /** Only the entries of this calendar month (UTC), e.g. 2026-11. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, says('validation.month'))
    .optional(),
  /** Entries older than this one: the previous page's nextCursor. */
  cursor: wholeNumberParam('validation.before').optional(),
  limit: wholeNumberParam('validation.limit.entries', { max: CASH_ENTRIES_MAX_LIMIT }).default(
    CASH_ENTRIES_DEFAULT_LIMIT,
  ),
});
export type CashEntriesQuery = z.input<typeof cashEntriesQuerySchema>;

export const cashEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(cashEntryKinds),
  reason: z.enum(cashEntryReasons),
  actor: z.enum(cashActors),
  currency: z.string(),
  /** Signed change of the available balance. */
  availableChange: z.number().int(),
  /** Signed change of the held balance. */
  heldChange: z.number().int(),
  /** The balances right after this entry. */
  availableAfter: z.number().int(),
  heldAfter: z.number().int(),
  /** What the entry links to: the order, the withdrawal, the distribution's project. */
  orderId: z.string().nullable(),
  orderReference: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  distributionId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  /** The bank's or the operator's reference (a deposit's transfer, a withdrawal's payment). */
  bankReference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CashEntry = z.infer<typeof cashEntrySchema>;

export const cashEntriesPageSchema = z.object({
  entries: z.array(cashEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type CashEntriesPage = z.infer<typeof cashEntriesPageSchema>;

/** GET /api/v1/users/me/balance/entries/{id}: one entry, e.g. the one a revenue share was paid in by. */
export const cashEntryParamsSchema = z.strictObject({ id: wholeNumberParam('validation.entryId') });

// Withdrawals

export const withdrawalStates = ['PENDING', 'PAID', 'RETURNED', 'CANCELLED'] as const;
export type WithdrawalState = (typeof withdrawalStates)[number];

export const withdrawalDestinationSchema = z.discriminatedUnion('type', [
  /** The saved bank details (PUT /api/v1/users/me/bank-details). */
  z.strictObject({ type: z.literal('BANK') }),
  /** A saved address-book wallet (POST /api/v1/users/me/addresses). */
  z.strictObject({ type: z.literal('WALLET'), addressId: z.uuid(says('validation.walletAddressId')) }),
]);

export const withdrawalRequestSchema = z.strictObject({
  amount: wholeNumber('validation.withdrawal.amount', { max: Number.MAX_SAFE_INTEGER }),
  destination: withdrawalDestinationSchema,
  /** The second factor, as saving bank details asks. */
  code: codeSchema('validation.authenticatorCode'),
});
export type WithdrawalRequest = z.input<typeof withdrawalRequestSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  state: z.enum(withdrawalStates),
  amount: z.number().int(),
  currency: z.string(),
  destination: z.object({
    type: z.enum(['BANK', 'WALLET']),
    /** e.g. "KB Kookmin •••• 1234" or "My wallet (ETHEREUM) 0x12…abcd". */
    label: z.string(),
  }),
  /** True while a second admin must approve the payment (large withdrawals, four eyes). */
  awaitingApproval: z.boolean(),
  bankReference: z.string().nullable(),
  returnReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  canCancel: z.boolean(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalsResponseSchema = z.object({ withdrawals: z.array(withdrawalSchema) });
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponseSchema>;
export const withdrawalParamsSchema = z.object({ id: z.uuid(says('validation.withdrawalId')) });

// Operator

export const BANK_REFERENCE_MAX_LENGTH = 100;
export const RETURN_REASON_MAX_LENGTH = 500;

export const depositConfirmRequestSchema = z.strictObject({
  depositReference: typedText('validation.depositReference', 20),
  amount: wholeNumber('validation.withdrawal.amount', { max: Number.MAX_SAFE_INTEGER }),
  /** The bank's reference of the transfer: each is credited once. Left out: one is made up. */
  bankReference: typedText('validation.bankReference', BANK_REFERENCE_MAX_LENGTH).optional(),
});
export type DepositConfirmRequest = z.infer<typeof depositConfirmRequestSchema>;
export const depositConfirmResponseSchema = z.object({
  /** False when this bank reference was already credited (nothing changed). */
  credited: z.boolean(),
  entryId: z.number().int(),
  userId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  bankReference: z.string(),
});
export type DepositConfirmResponse = z.infer<typeof depositConfirmResponseSchema>;

export const withdrawalPaidRequestSchema = z.strictObject({
  bankReference: typedText('validation.bankReference', BANK_REFERENCE_MAX_LENGTH),
});
export const withdrawalReturnRequestSchema = z.strictObject({
  reason: typedText('validation.returnReason', RETURN_REASON_MAX_LENGTH),
});

export const operatorWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  email: z.string().nullable(),
  /** Full payout details for the operator who pays: the account number or wallet address. */
  payTo: z.string(),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;
export const operatorWithdrawalsQuerySchema = z.strictObject({ state: z.enum(withdrawalStates).optional() });
export const operatorWithdrawalsResponseSchema = z.object({ withdrawals: z.array(operatorWithdrawalSchema) });
/** APPLIED: done now. PROPOSED: a large payment waits for a second admin (four eyes; see `approval`). */
export const operatorWithdrawalResultSchema = z.object({
  status: z.enum(outcomeStatuses),
  approval: approvalSchema.nullable(),
  withdrawal: operatorWithdrawalSchema,
});
export type OperatorWithdrawalResult = z.infer<typeof operatorWithdrawalResultSchema>;
