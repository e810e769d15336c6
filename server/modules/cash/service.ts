import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  cashEntryEffect,
  DEPOSIT_REFERENCE_ALPHABET,
  normalizeDepositReference,
  REVENUE_WITHHOLDING_MAX_BPS,
  revenueWithheld,
  type CashActor,
  type CashBalance,
  type CashEntriesPage,
  type CashEntry,
  type CashEntryKind,
  type CashEntryReason,
  type DepositConfirmResponse,
  type OperatorWithdrawal,
  type Withdrawal,
  type WithdrawalRequest,
  type WithdrawalsResponse,
  type WithdrawalState,
} from '../../../src/domain/cash';
import type { CashStatementEntry } from '../../../src/domain/cash-statements';
import type { AuditActor } from '../../../src/domain/auth';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import type { Caller, CallerId } from '../auth/service';
import { getBankDetails, listMyWallets, revealBankAccountNumber } from '../account/service';
import { applyWithAuthenticatorCode } from '../mfa/service';
import { recordLiveEvents } from '../live/service';
import { onCashMovement } from './events';
import {
  ensureCashAccount,
  findCashAccount,
  findDepositReference,
  findDueRevenueShares,
  findEntries,
  findEntryByDepositKey,
  findStatementEntries,
  findUserIdByDepositReference,
  findWithdrawal,
  findWithdrawalsForOperator,
  findWithdrawalsOfUser,
  insertCashEntry,
  insertDepositReference,
  insertWithdrawal,
  isRevenueSharePaid,
  moveCashAccount,
  moveWithdrawalState,
  setWithdrawalApproval,
  sumCashAccounts,
  sumEntriesByKind,
  sumWithdrawnSince,
  updateRevenueWithholding,
  type CashEntryView,
  type WithdrawalRow,
} from './repository';
import { isUniqueViolation } from '../../plugins/error-handler';

type Db = Kysely<Database>;

/**
 * The cash ledger (docs/decisions/1801-cash-ledger.md): every change of an investor's balance is
 * one entry, applied by `appendCashEntry` inside the transaction of what caused it, with its
 * audit record and its live event. The pure rule (src/domain/cash.ts) says what each kind does;
 * the guarded update of the balance row decides, under any concurrency, that it never goes
 * below zero; unique keys make every outside event (a bank transfer, a revenue share, an order)
 * count once.
 */

export interface CashActorRef {
  type: CashActor;
  id: string;
}

const AUDIT_ACTOR: Record<CashActor, AuditActor> = { INVESTOR: 'user', OPERATOR: 'operator', SYSTEM: 'system' };
const SYSTEM_META: RequestMeta = { ip: 'system', userAgent: 'Moa cash ledger' };

export interface CashEntryInput {
  userId: string;
  currency: string;
  kind: CashEntryKind;
  reason: CashEntryReason;
  /** Positive minor units; signed for CORRECTION. */
  amount: number;
  actor: CashActorRef;
  orderId?: string | null;
  withdrawalId?: string | null;
  revenueShareId?: number | null;
  productId?: number | null;
  depositKey?: string | null;
  bankReference?: string | null;
  note?: string | null;
  /** The market order or trade the entry belongs to (docs/decisions/1813). */
  marketOrderId?: number | null;
  marketTradeId?: number | null;
  at: string;
  meta?: RequestMeta;
}

/**
 * Writes one entry inside the caller's transaction: the balance row moves by the rule's effect
 * only when neither balance ends below zero (else INSUFFICIENT_BALANCE, and the caller's
 * transaction rolls back), then the entry with the balances after it, the audit record and the
 * live event. Answers the entry's id and the new balances.
 */
export async function appendCashEntry(
  trx: Db,
  input: CashEntryInput,
): Promise<{ entryId: number; available: number; held: number }> {
  const effect = cashEntryEffect(input.kind, input.amount, input.reason);
  if (!effect) throw new Error(`A ${input.kind} entry of ${input.amount} for ${input.reason} is not allowed`);
  await ensureCashAccount(trx, input.userId, input.currency, input.at);
  const after = await moveCashAccount(trx, {
    userId: input.userId,
    currency: input.currency,
    available: effect.available,
    held: effect.held,
    at: input.at,
  });
  if (!after) {
    throw new AppError('INSUFFICIENT_BALANCE', 'Your available balance does not cover this amount.');
  }
  const entryId = await insertCashEntry(trx, {
    user_id: input.userId,
    currency: input.currency,
    kind: input.kind,
    reason: input.reason,
    actor_type: input.actor.type,
    actor: input.actor.id,
    available_change: effect.available,
    held_change: effect.held,
    available_after: after.available,
    held_after: after.held,
    order_id: input.orderId ?? null,
    withdrawal_id: input.withdrawalId ?? null,
    revenue_share_id: input.revenueShareId ?? null,
    product_id: input.productId ?? null,
    deposit_key: input.depositKey ?? null,
    bank_reference: input.bankReference ?? null,
    note: input.note ?? null,
    ...(input.marketOrderId ? { market_order_id: input.marketOrderId } : {}),
    ...(input.marketTradeId ? { market_trade_id: input.marketTradeId } : {}),
    created_at: input.at,
  });
  const detail: Record<string, string> = {
    entryId: String(entryId),
    kind: input.kind,
    reason: input.reason,
    amount: String(input.amount),
    currency: input.currency,
    actor: input.actor.id,
  };
  if (input.orderId) detail.orderId = input.orderId;
  if (input.withdrawalId) detail.withdrawalId = input.withdrawalId;
  if (input.revenueShareId) detail.revenueShareId = String(input.revenueShareId);
  if (input.bankReference) detail.bankReference = input.bankReference;
  if (input.marketOrderId) detail.marketOrderId = String(input.marketOrderId);
  if (input.marketTradeId) detail.marketTradeId = String(input.marketTradeId);
  await appendAuditEvent(
    trx,
    {
      userId: input.userId,
      actor: AUDIT_ACTOR[input.actor.type],
      type: `CASH_${input.kind}`,
      detail,
      meta: input.meta ?? SYSTEM_META,
    },
    input.at,
  );
  await recordLiveEvents(trx, input.at, [
    { userId: input.userId, type: 'balance', productId: input.productId ?? null, ref: String(entryId) },
  ]);
  return { entryId, ...after };
}

// Deposit reference

function newDepositReference(): string {
  const bytes = randomBytes(6);
  return `MOA${[...bytes].map((byte) => DEPOSIT_REFERENCE_ALPHABET[byte % DEPOSIT_REFERENCE_ALPHABET.length]).join('')}`;
}

/** The investor's deposit reference, made the first time it is asked for (a clash is retried). */
export async function depositReferenceOf(ctx: Pick<AppContext, 'db' | 'now'>, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findDepositReference(ctx.db, userId);
    if (existing) return existing;
    try {
      await insertDepositReference(ctx.db, userId, newDepositReference(), ctx.now().toISOString());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not make a unique deposit reference');
}

// Reads

export async function availableBalance(db: Db, userId: string, currency: string): Promise<number> {
  return Number((await findCashAccount(db, userId, currency))?.available ?? 0);
}

export async function getBalance(ctx: AppContext, caller: CallerId): Promise<CashBalance> {
  const userId = caller.user.id;
  const { config } = ctx;
  const currency = config.CURRENCY;
  const [account, depositReference, withdrawn] = await Promise.all([
    findCashAccount(ctx.db, userId, currency),
    depositReferenceOf(ctx, userId),
    sumWithdrawnSince(ctx.db, userId, currency, dayAgo(ctx)),
  ]);
  const available = Number(account?.available ?? 0);
  const held = Number(account?.held ?? 0);
  return {
    currency,
    available,
    held,
    total: available + held,
    depositReference,
    depositAccount:
      config.DEPOSIT_BANK_NAME && config.DEPOSIT_ACCOUNT_NUMBER && config.DEPOSIT_ACCOUNT_HOLDER
        ? {
            bankName: config.DEPOSIT_BANK_NAME,
            accountNumber: config.DEPOSIT_ACCOUNT_NUMBER,
            accountHolder: config.DEPOSIT_ACCOUNT_HOLDER,
          }
        : null,
    depositWallet:
      config.DEPOSIT_WALLET_ADDRESS && config.DEPOSIT_WALLET_NETWORK
        ? {
            network: config.DEPOSIT_WALLET_NETWORK,
            asset: config.DEPOSIT_WALLET_ASSET ?? 'USDC',
            address: config.DEPOSIT_WALLET_ADDRESS,
          }
        : null,
    withdrawalDailyLimit: config.WITHDRAWAL_DAILY_LIMIT,
    withdrawalDailyRemaining: Math.max(0, config.WITHDRAWAL_DAILY_LIMIT - withdrawn),
    updatedAt: account?.updated_at ?? null,
  };
}

function dayAgo(ctx: Pick<AppContext, 'now'>): string {
  return new Date(ctx.now().getTime() - 24 * 3_600_000).toISOString();
}

function toEntry(row: CashEntryView): CashEntry {
  return {
    id: Number(row.id),
    kind: row.kind,
    reason: row.reason,
    actor: row.actor_type,
    currency: row.currency,
    availableChange: Number(row.available_change),
    heldChange: Number(row.held_change),
    availableAfter: Number(row.available_after),
    heldAfter: Number(row.held_after),
    orderId: row.order_id,
    orderReference: row.order_reference,
    withdrawalId: row.withdrawal_id,
    distributionId: row.distribution_id === null ? null : Number(row.distribution_id),
    productId: row.product_id === null ? null : Number(row.product_id),
    productName: row.product_name,
    bankReference: row.bank_reference,
    note: row.note,
    createdAt: row.created_at,
  };
}

/** The month's bounds as ISO strings: [first moment, first moment of the next month). */
function monthBounds(month: string): { from: string; to: string } {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, mm - 1, 1)).toISOString();
  const to = new Date(Date.UTC(year, mm, 1)).toISOString();
  return { from, to };
}

export async function listEntries(
  ctx: AppContext,
  caller: CallerId,
  query: { month?: string; cursor?: number; limit: number },
): Promise<CashEntriesPage> {
  const userId = caller.user.id;
  const bounds = query.month ? monthBounds(query.month) : undefined;
  const rows = await findEntries(ctx.db, {
    userId,
    currency: ctx.config.CURRENCY,
    before: query.cursor,
    from: bounds?.from,
    to: bounds?.to,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit ? Number(page[page.length - 1]!.id) : null,
  };
}

/** One entry of the investor's balance; another investor's (or none) is NOT_FOUND alike. */
export async function getEntry(ctx: AppContext, caller: CallerId, id: number): Promise<CashEntry> {
  const userId = caller.user.id;
  const [row] = await findEntries(ctx.db, { userId, currency: ctx.config.CURRENCY, id, limit: 1 });
  if (!row) throw new AppError('NOT_FOUND', 'There is no such entry in your balance.');
  return toEntry(row);
}

// Orders paid from the balance (called by the orders module inside its transactions)

/** The purchase debit of an order paid from the balance; INSUFFICIENT_BALANCE when it does not cover it. */
export async function debitOrder(
  trx: Db,
  order: { id: string; userId: string; productId: number; amount: number; currency: string; reference: string },
  at: string,
  meta: RequestMeta,
): Promise<void> {
  if (order.amount <= 0) return;
  await appendCashEntry(trx, {
    userId: order.userId,
    currency: order.currency,
    kind: 'PURCHASE',
    reason: 'ORDER',
    amount: order.amount,
    actor: { type: 'INVESTOR', id: order.userId },
    orderId: order.id,
    productId: order.productId,
    note: `Order ${order.reference}`,
    at,
    meta,
  });
}

/** A refunded order paid from the balance: its amount back into the balance. */
export async function refundOrder(
  trx: Db,
  order: { id: string; userId: string; productId: number; amount: number; currency: string; reference: string },
  operator: string,
  at: string,
  meta: RequestMeta,
): Promise<void> {
  if (order.amount <= 0) return;
  await appendCashEntry(trx, {
    userId: order.userId,
    currency: order.currency,
    kind: 'REFUND',
    reason: 'ORDER',
    amount: order.amount,
    actor: { type: 'OPERATOR', id: operator },
    orderId: order.id,
    productId: order.productId,
    note: `Order ${order.reference} refunded`,
    at,
    meta,
  });
}

// Deposits

/**
 * Credits a transfer to the investor whose deposit reference it carries, once per bank
 * reference: a second confirmation (in a row or at the same moment) finds the first entry
 * (the unique deposit key decides) and answers `credited: false`.
 */
export async function confirmDeposit(
  ctx: AppContext,
  input: { depositReference: string; amount: number; bankReference?: string | null },
  operator: string,
  meta: RequestMeta,
): Promise<DepositConfirmResponse> {
  const reference = normalizeDepositReference(input.depositReference);
  const userId = await findUserIdByDepositReference(ctx.db, reference);
  if (!userId) throw new AppError('DEPOSIT_REFERENCE_UNKNOWN', `No investor has the deposit reference ${reference}.`);
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError('VALIDATION_FAILED', 'amount: Enter a whole number of minor units above zero.');
  }
  const bankReference = input.bankReference?.trim() || `MANUAL-${randomUUID()}`;
  const currency = ctx.config.CURRENCY;
  const answerExisting = async (): Promise<DepositConfirmResponse | null> => {
    const existing = await findEntryByDepositKey(ctx.db, bankReference);
    if (!existing) return null;
    if (existing.user_id !== userId || Number(existing.available_change) !== input.amount) {
      throw new AppError(
        'BANK_REFERENCE_REUSED',
        `The bank reference ${bankReference} was already credited to another deposit.`,
      );
    }
    return { credited: false, entryId: Number(existing.id), userId, amount: input.amount, currency, bankReference };
  };
  const before = await answerExisting();
  if (before) return before;
  try {
    const entryId = await ctx.db
      .transaction()
      .execute((trx) => creditDepositIn(ctx, trx, { userId, amount: input.amount, bankReference }, operator, meta));
    return { credited: true, entryId, userId, amount: input.amount, currency, bankReference };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const raced = await answerExisting();
      if (raced) return raced;
    }
    throw error;
  }
}

/** Every entry of the investor's balance, oldest first, as statements read them; and the projects' names. */
export async function cashStatementEntriesOf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
): Promise<{ entries: CashStatementEntry[]; projectNames: Record<number, string> }> {
  const projectNames: Record<number, string> = {};
  const rows = await findStatementEntries(ctx.db, userId, ctx.config.CURRENCY);
  const entries = rows.map((row) => {
    const productId = row.product_id === null ? null : Number(row.product_id);
    if (productId !== null && row.product_name) projectNames[productId] = row.product_name;
    const availableChange = Number(row.available_change);
    return {
      kind: row.kind,
      availableChange,
      // What the project withheld of a revenue share: its gross less what was paid in.
      withheld:
        row.kind === 'REVENUE' && row.share_amount !== null
          ? Math.max(0, Number(row.share_amount) - availableChange)
          : 0,
      heldChange: Number(row.held_change),
      productId,
      at: row.created_at,
    };
  });
  return { entries, projectNames };
}

/** The investor whose deposit reference this is (typed in any case, with spaces or dashes). */
export async function depositorOf(db: Db, depositReference: string): Promise<string | undefined> {
  return findUserIdByDepositReference(db, normalizeDepositReference(depositReference));
}

/**
 * Credits a transfer inside the caller's transaction, keyed by its bank reference (unique among
 * deposit entries: a second credit of the same reference fails and rolls the caller back).
 * Answers the entry's id. Used by confirmDeposit and by a bank statement's deposit line.
 */
export async function creditDepositIn(
  ctx: AppContext,
  trx: Db,
  input: { userId: string; amount: number; bankReference: string },
  operator: string,
  meta: RequestMeta,
): Promise<number> {
  const currency = ctx.config.CURRENCY;
  const entry = await appendCashEntry(trx, {
    userId: input.userId,
    currency,
    kind: 'DEPOSIT',
    reason: 'DEPOSIT',
    amount: input.amount,
    actor: { type: 'OPERATOR', id: operator },
    depositKey: input.bankReference,
    bankReference: input.bankReference,
    note: `Transfer ${input.bankReference}`,
    at: ctx.now().toISOString(),
    meta,
  });
  await onCashMovement(ctx, trx, { kind: 'DEPOSIT_CREDITED', userId: input.userId, amount: input.amount, currency });
  return entry.entryId;
}

// Revenue

/**
 * Pays every revenue share whose pay date has come into its holder's balance, once: the
 * share's id is unique among entries, so two processes sweeping at once pay each share once
 * (the loser's insert fails and its transaction rolls back). Answers how many this run paid.
 */
export async function sweepRevenueIntoBalances(ctx: AppContext, batch = 200): Promise<number> {
  const at = ctx.now().toISOString();
  let paid = 0;
  for (const share of await findDueRevenueShares(ctx.db, at, ctx.config.CURRENCY, batch)) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        if (await isRevenueSharePaid(trx, Number(share.id))) return;
        // The project's withholding at the moment the share is paid in (zero unless set).
        const gross = Number(share.amount);
        const withheld = revenueWithheld(gross, Number(share.revenue_withholding_bps));
        await appendCashEntry(trx, {
          userId: share.user_id,
          currency: share.currency,
          kind: 'REVENUE',
          reason: 'DISTRIBUTION',
          amount: gross - withheld,
          actor: { type: 'SYSTEM', id: 'revenue-sweep' },
          revenueShareId: Number(share.id),
          productId: Number(share.product_id),
          note: withheld
            ? `Distribution ${share.distribution_id}: ${gross} gross, ${withheld} withheld`
            : `Distribution ${share.distribution_id}`,
          at,
        });
        await recordLiveEvents(trx, at, [
          { userId: share.user_id, type: 'payout', productId: Number(share.product_id) },
        ]);
        paid += 1;
      });
    } catch (error) {
      // Another process paid it first.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
  }
  return paid;
}

/**
 * What a project withholds of each revenue share paid into a balance from now on, in basis
 * points (0 to REVENUE_WITHHOLDING_MAX_BPS), with its audit record. Shares already paid in keep
 * what was withheld then.
 */
export async function setRevenueWithholding(
  ctx: AppContext,
  productId: number,
  bps: number,
  operator: string,
  meta: RequestMeta,
): Promise<{ productId: number; bps: number; previous: number }> {
  if (!Number.isInteger(bps) || bps < 0 || bps > REVENUE_WITHHOLDING_MAX_BPS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The withholding is a whole number of basis points from 0 to ${REVENUE_WITHHOLDING_MAX_BPS}.`,
    );
  }
  return ctx.db.transaction().execute(async (trx) => {
    const previous = await updateRevenueWithholding(trx, productId, bps);
    if (previous === undefined) throw new AppError('NOT_FOUND', `There is no project ${productId}.`);
    await appendAuditEvent(
      trx,
      {
        userId: null,
        actor: 'operator',
        type: 'REVENUE_WITHHOLDING_SET',
        detail: { productId: String(productId), bps: String(bps), previous: String(previous), operator },
        meta,
      },
      ctx.now().toISOString(),
    );
    return { productId, bps, previous };
  });
}

// Withdrawals

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    state: row.state,
    amount: Number(row.amount),
    currency: row.currency,
    destination: { type: row.destination_type, label: row.destination_label },
    awaitingApproval: row.state === 'PENDING' && row.approval_id !== null,
    bankReference: row.bank_reference,
    returnReason: row.return_reason,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    canCancel: row.state === 'PENDING' && row.approval_id === null,
  };
}

export async function listWithdrawals(ctx: AppContext, caller: CallerId): Promise<WithdrawalsResponse> {
  const userId = caller.user.id;
  return { withdrawals: (await findWithdrawalsOfUser(ctx.db, userId)).map(toWithdrawal) };
}

/**
 * A withdrawal to the saved bank details or an address-book wallet, after the second factor:
 * the amount moves from available to held in the transaction that records it, within the
 * daily limit (the balance row's lock orders two requests of one investor, so the second sees
 * the first in its sum).
 * Its route admits only an approved identity (`requireAuth({ level: 'kyc' })`).
 */
export async function requestWithdrawal(
  ctx: AppContext,
  caller: Caller,
  body: WithdrawalRequest,
  meta: RequestMeta,
): Promise<Withdrawal> {
  const userId = caller.user.id;
  let label: string;
  let walletId: string | null = null;
  if (body.destination.type === 'BANK') {
    const { bankDetails } = await getBankDetails(ctx, caller);
    if (!bankDetails) {
      throw new AppError('WITHDRAWAL_DESTINATION_MISSING', 'Save your bank details before withdrawing to them.');
    }
    label = `${bankDetails.bankName} ${bankDetails.maskedNumber}`;
  } else {
    const addressId = body.destination.addressId;
    const wallet = (await listMyWallets(ctx, caller)).addresses.find((candidate) => candidate.id === addressId);
    if (!wallet) {
      throw new AppError('WITHDRAWAL_DESTINATION_MISSING', 'Choose one of the wallets in your address book.');
    }
    label = `${wallet.label} (${wallet.network}) ${wallet.address}`;
    walletId = wallet.id;
  }
  const currency = ctx.config.CURRENCY;
  const id = randomUUID();
  await applyWithAuthenticatorCode(ctx, caller, body.code, meta, async (trx, at) => {
    await insertWithdrawal(trx, {
      id,
      user_id: userId,
      currency,
      amount: body.amount,
      state: 'PENDING',
      destination_type: body.destination.type,
      destination_label: label.slice(0, 300),
      wallet_address_id: walletId,
      approval_id: null,
      bank_reference: null,
      return_reason: null,
      created_at: at,
      settled_at: null,
      updated_at: at,
    });
    await appendCashEntry(trx, {
      userId,
      currency,
      kind: 'WITHDRAWAL_HELD',
      reason: 'WITHDRAWAL',
      amount: body.amount,
      actor: { type: 'INVESTOR', id: userId },
      withdrawalId: id,
      note: label,
      at,
      meta,
    });
    const since = new Date(new Date(at).getTime() - 24 * 3_600_000).toISOString();
    const withdrawn = await sumWithdrawnSince(trx, userId, currency, since);
    if (withdrawn > ctx.config.WITHDRAWAL_DAILY_LIMIT) {
      throw new AppError(
        'WITHDRAWAL_LIMIT_REACHED',
        `You can withdraw at most ${Math.max(0, ctx.config.WITHDRAWAL_DAILY_LIMIT - (withdrawn - body.amount))} more in the next 24 hours.`,
      );
    }
  });
  return toWithdrawal((await findWithdrawal(ctx.db, id))!);
}

async function loadOwnWithdrawal(ctx: AppContext, userId: string, id: string): Promise<WithdrawalRow> {
  const row = await findWithdrawal(ctx.db, id);
  if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND', 'There is no such withdrawal.');
  return row;
}

function stateConflict(row: Pick<WithdrawalRow, 'state'>): AppError {
  return new AppError(
    'WITHDRAWAL_STATE_CONFLICT',
    row.state === 'PENDING'
      ? 'This withdrawal waits for a second admin’s approval and can no longer be cancelled.'
      : `This withdrawal is ${row.state.toLowerCase()} already.`,
  );
}

/** Closes a pending withdrawal, giving the held amount back (cancelled by the investor or returned). */
async function releaseWithdrawal(
  trx: Db,
  row: WithdrawalRow,
  to: Extract<WithdrawalState, 'CANCELLED' | 'RETURNED'>,
  actor: CashActorRef,
  reason: string | null,
  at: string,
  meta: RequestMeta,
): Promise<void> {
  const moved = await moveWithdrawalState(trx, row.id, 'PENDING', to, at, {
    settled_at: at,
    return_reason: reason,
  });
  if (!moved) throw stateConflict((await findWithdrawal(trx, row.id)) ?? row);
  await appendCashEntry(trx, {
    userId: row.user_id,
    currency: row.currency,
    kind: 'WITHDRAWAL_RELEASED',
    reason: 'WITHDRAWAL',
    amount: Number(row.amount),
    actor,
    withdrawalId: row.id,
    note: reason,
    at,
    meta,
  });
}

export async function cancelWithdrawal(
  ctx: AppContext,
  caller: CallerId,
  id: string,
  meta: RequestMeta,
): Promise<Withdrawal> {
  const userId = caller.user.id;
  const row = await loadOwnWithdrawal(ctx, userId, id);
  if (row.state !== 'PENDING' || row.approval_id !== null) throw stateConflict(row);
  await ctx.db.transaction().execute(async (trx) => {
    const current = (await findWithdrawal(trx, id))!;
    if (current.approval_id !== null) throw stateConflict(current);
    await releaseWithdrawal(
      trx,
      current,
      'CANCELLED',
      { type: 'INVESTOR', id: userId },
      null,
      ctx.now().toISOString(),
      meta,
    );
  });
  return toWithdrawal((await findWithdrawal(ctx.db, id))!);
}

// Operator

async function toOperatorWithdrawal(
  ctx: AppContext,
  row: WithdrawalRow & { email?: string | null },
): Promise<OperatorWithdrawal> {
  const payTo =
    row.destination_type === 'BANK'
      ? ((await revealBankAccountNumber(ctx, row.user_id)) ?? row.destination_label)
      : row.destination_label;
  return { ...toWithdrawal(row), userId: row.user_id, email: row.email ?? null, payTo };
}

export async function listWithdrawalsForOperator(
  ctx: AppContext,
  state: WithdrawalState | null,
): Promise<OperatorWithdrawal[]> {
  const rows = await findWithdrawalsForOperator(ctx.db, state);
  return Promise.all(rows.map((row) => toOperatorWithdrawal(ctx, row)));
}

export async function findWithdrawalForOperator(ctx: AppContext, id: string): Promise<OperatorWithdrawal> {
  const row = await findWithdrawal(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such withdrawal.');
  return toOperatorWithdrawal(ctx, row);
}

/** The raw withdrawal, for the operator module deciding on four eyes. */
export async function findWithdrawalRow(db: Db, id: string): Promise<WithdrawalRow | undefined> {
  return findWithdrawal(db, id);
}

/** Marks a withdrawal as waiting for a second admin (the investor can no longer cancel it). */
export async function markWithdrawalAwaitingApproval(trx: Db, id: string, approvalId: string | null): Promise<void> {
  await setWithdrawalApproval(trx, id, approvalId);
}

/**
 * The operator paid the withdrawal (with the bank's reference): the held amount leaves the
 * ledger, inside the caller's transaction (an approval applies it in the one that approves).
 */
export async function applyWithdrawalPaid(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Db,
  id: string,
  bankReference: string,
  operator: string,
  meta: RequestMeta,
  at: string,
): Promise<void> {
  const row = await findWithdrawal(trx, id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such withdrawal.');
  if (!(await moveWithdrawalState(trx, id, 'PENDING', 'PAID', at, { settled_at: at, bank_reference: bankReference }))) {
    throw stateConflict((await findWithdrawal(trx, id)) ?? row);
  }
  await appendCashEntry(trx, {
    userId: row.user_id,
    currency: row.currency,
    kind: 'WITHDRAWAL_PAID',
    reason: 'WITHDRAWAL',
    amount: Number(row.amount),
    actor: { type: 'OPERATOR', id: operator },
    withdrawalId: id,
    bankReference,
    note: row.destination_label,
    at,
    meta,
  });
  await onCashMovement(ctx, trx, {
    kind: 'WITHDRAWAL_PAID',
    userId: row.user_id,
    amount: Number(row.amount),
    currency: row.currency,
  });
}

export async function applyWithdrawalReturned(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Db,
  id: string,
  reason: string,
  operator: string,
  meta: RequestMeta,
  at: string,
): Promise<void> {
  const row = await findWithdrawal(trx, id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such withdrawal.');
  await releaseWithdrawal(trx, row, 'RETURNED', { type: 'OPERATOR', id: operator }, reason, at, meta);
  await onCashMovement(ctx, trx, {
    kind: 'WITHDRAWAL_RETURNED',
    userId: row.user_id,
    amount: Number(row.amount),
    currency: row.currency,
    reason,
  });
}

/** withdrawal:paid without four eyes (the command line; the operator API decides on four eyes first). */
export async function markWithdrawalPaid(
  ctx: AppContext,
  id: string,
  bankReference: string,
  operator: string,
  meta: RequestMeta,
): Promise<OperatorWithdrawal> {
  await ctx.db
    .transaction()
    .execute((trx) => applyWithdrawalPaid(ctx, trx, id, bankReference, operator, meta, ctx.now().toISOString()));
  return findWithdrawalForOperator(ctx, id);
}

export async function returnWithdrawal(
  ctx: AppContext,
  id: string,
  reason: string,
  operator: string,
  meta: RequestMeta,
): Promise<OperatorWithdrawal> {
  await ctx.db
    .transaction()
    .execute((trx) => applyWithdrawalReturned(ctx, trx, id, reason, operator, meta, ctx.now().toISOString()));
  return findWithdrawalForOperator(ctx, id);
}

/**
 * The conservation check: the balances' sum equals what the entries say came in and went out
 * (deposits + revenue + refunds ± corrections − purchases − withdrawals paid − fees), and each
 * balance row equals the sum of its entries.
 */
export async function cashTotals(ctx: Pick<AppContext, 'db'>, currency: string) {
  const byKind = await sumEntriesByKind(ctx.db, currency);
  const balances = await sumCashAccounts(ctx.db, currency);
  const total = (kind: CashEntryKind) => {
    const row = byKind.find((candidate) => candidate.kind === kind);
    return row ? row.available + row.held : 0;
  };
  return {
    balances,
    deposits: total('DEPOSIT'),
    revenue: total('REVENUE'),
    refunds: total('REFUND'),
    corrections: total('CORRECTION'),
    purchases: -total('PURCHASE'),
    withdrawalsPaid: -total('WITHDRAWAL_PAID'),
    fees: -total('FEE'),
  };
}
