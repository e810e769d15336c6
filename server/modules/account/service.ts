import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Insertable, Kysely, Selectable } from 'kysely';
import {
  maskAccountNumber,
  type BankDetailsRequest,
  type BankDetailsResponse,
  type Gift,
  type GiftCheck,
  type GiftClaim,
  type GiftClaimRequest,
  type MyBadgeResponse,
  type MyDocumentsResponse,
  type MyProductsResponse,
  type MyRevenueAndProducts,
  type RevenueEntry,
  type RevenueInterval,
  type WalletAddress,
  type WalletAddressRequest,
  type WalletNetwork,
} from '../../../src/domain/portfolio';
import { valueHolding } from '../../../src/domain/market';
import type { AppContext, RequestMeta } from '../../context';
import { decryptText, encryptText } from '../../crypto';
import type { Database, GiftClaimsTable } from '../../db/types';
import { AppError } from '../../errors';
import type { AuthState } from '../../plugins/auth';
import { appendAuditEvent } from '../audit/repository';
import { findDocumentVersions } from '../documents/service';
import { readVersionBytes } from '../documents/service';
import { assertKycApproved } from '../kyc/service';
import { applyWithAuthenticatorCode } from '../mfa/service';
import { sameLegalName } from '../orders/contract';
import { holdersAt } from '../holdings/service';
import { findUserById } from '../users/records-repository';
import { allocateProRata } from './allocation';
import {
  deleteWalletAddress,
  findBankAccount,
  findClaim,
  findClaimById,
  countShareHolders,
  findDistributionByKey,
  findDocumentById,
  findSameDistributions,
  findDocumentsOfProducts,
  findGifts,
  findHeldProducts,
  findHeldProductsWithDocuments,
  findHeldProductsWithPaid,
  findHoldingQuantity,
  findProductForDistribution,
  findReachedBadges,
  findSharesOfDistribution,
  findSignedContracts,
  findUserShares,
  insertClaim,
  insertDistribution,
  insertShares,
  insertWalletAddress,
  listClaims,
  listWalletAddresses,
  markClaimShipped,
  upsertBankAccount,
} from './repository';
import { normalizeWalletAddress } from './wallets';
import { recordLiveEvents } from '../live/service';
import { isUniqueViolation } from '../../plugins/error-handler';

type Db = Kysely<Database>;

const NA = 'N/A';

// Holdings and documents

export async function listMyProducts(ctx: AppContext, userId: string): Promise<MyProductsResponse> {
  // The held projects and their documents' ids in one statement.
  const held = await findHeldProductsWithDocuments(ctx.db, userId);
  return {
    myProductPayloads: held.map((row) => ({
      id: Number(row.id),
      name: row.name,
      logo: row.logo,
      documentIds: row.documentIds,
    })),
  };
}

function fileNameOf(url: string): string {
  const name = decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? '').trim();
  return name || NA;
}

export async function listMyDocuments(ctx: AppContext, userId: string): Promise<MyDocumentsResponse> {
  const held = await findHeldProducts(ctx.db, userId);
  const documents = await findDocumentsOfProducts(
    ctx.db,
    held.map((row) => Number(row.id)),
  );
  const contracts = await findSignedContracts(ctx.db, userId);
  return {
    documents: documents.map((doc) => ({
      id: Number(doc.id),
      productId: Number(doc.product_id),
      productName: doc.product_name,
      fileName: fileNameOf(doc.url),
      title: doc.name.trim() || NA,
      downloadUrl: `/api/v1/users/me/documents/${Number(doc.id)}`,
    })),
    contracts: contracts.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      productId: Number(row.product_id),
      productName: row.product_name,
      fileName: row.file_name,
      signedAt: row.signed_at,
      downloadUrl: `/api/v1/users/me/sign-files/${row.id}`,
    })),
  };
}

/** The current version of a project document, for an investor who holds the project now. */
export async function readMyDocument(ctx: AppContext, userId: string, documentId: number) {
  const document = await findDocumentById(ctx.db, documentId);
  const productId = document ? Number(document.product_id) : 0;
  // Someone else's project answers exactly like a missing document: nothing to learn from it.
  if (!document || (await findHoldingQuantity(ctx.db, userId, productId)) <= 0) {
    throw new AppError('NOT_FOUND', 'There is no such document among your projects.');
  }
  const current = (await findDocumentVersions(ctx.db, productId)).find((row) => Number(row.document_id) === documentId);
  const bytes = current ? await readVersionBytes(ctx, current) : null;
  if (!current || !bytes) throw new AppError('NOT_FOUND', 'This document is missing from storage.');
  const isPdf = bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  const extension = path.extname(current.stored_path ?? current.url.split('?')[0]!) || (isPdf ? '.pdf' : '');
  return {
    bytes,
    contentType: isPdf ? 'application/pdf' : 'application/octet-stream',
    fileName: `${document.name}${extension}`,
  };
}

export async function getMyBadge(ctx: AppContext, userId: string): Promise<MyBadgeResponse> {
  const user = await findUserById(ctx.db, userId);
  const [best] = await findReachedBadges(ctx.db, userId);
  return {
    isHideBadge: user?.isHideBadge ?? false,
    badge: best
      ? { id: Number(best.id), name: best.name, productId: Number(best.product_id), productName: best.product_name }
      : null,
  };
}

// Revenue

export function shareState(paysAt: string, now: Date): 'SCHEDULED' | 'PAID' {
  return new Date(paysAt).getTime() <= now.getTime() ? 'PAID' : 'SCHEDULED';
}

function periodStart(iso: string, interval: RevenueInterval): string {
  const day = iso.slice(0, 10);
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  return `${day.slice(0, 4)}-01-01`;
}

function nextPeriod(date: string, interval: RevenueInterval): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  if (interval === 'day') at.setUTCDate(at.getUTCDate() + 1);
  else if (interval === 'month') at.setUTCMonth(at.getUTCMonth() + 1);
  else at.setUTCFullYear(at.getUTCFullYear() + 1);
  return at.toISOString().slice(0, 10);
}

/** Paid revenue per period, with empty periods between the first and the last filled in (for charts). */
function bucketRevenue(paid: Array<{ amount: number; paysAt: string }>, interval: RevenueInterval): RevenueEntry[] {
  const sums = new Map<string, number>();
  for (const share of paid) {
    const key = periodStart(share.paysAt, interval);
    sums.set(key, (sums.get(key) ?? 0) + share.amount);
  }
  const keys = [...sums.keys()].sort();
  if (!keys.length) return [];
  const out: RevenueEntry[] = [];
  for (let key = keys[0]!, guard = 0; key <= keys[keys.length - 1]! && guard < 5000; key = nextPeriod(key, interval)) {
    out.push({ date: key, revenue: sums.get(key) ?? 0 });
    guard += 1;
  }
  return out;
}

export async function getMyRevenues(
  ctx: AppContext,
  userId: string,
  query: { from?: string; to?: string; productId?: number; interval: RevenueInterval },
): Promise<MyRevenueAndProducts> {
  const now = ctx.now();
  // The held projects with what was paid for each, then the shares: two statements.
  const held = await findHeldProductsWithPaid(ctx.db, userId);
  const rows = await findUserShares(ctx.db, userId, query.productId);
  const shares = rows.map((row) => ({
    id: Number(row.id),
    productId: Number(row.product_id),
    productName: row.product_name,
    amount: Number(row.amount),
    balance: Number(row.balance),
    recordDate: row.record_at.slice(0, 10),
    paysAt: row.pays_at,
    memo: row.memo,
    state: shareState(row.pays_at, now),
    entryId: row.entry_id === null ? null : Number(row.entry_id),
  }));
  const inWindow = (paysAt: string) =>
    (!query.from || paysAt.slice(0, 10) >= query.from) && (!query.to || paysAt.slice(0, 10) <= query.to);
  const paid = shares.filter((share) => share.state === 'PAID' && inWindow(share.paysAt));
  const scheduled = shares.filter((share) => share.state === 'SCHEDULED');
  const revenuePaidByProduct = new Map<number, number>();
  for (const share of shares) {
    if (share.state !== 'PAID') continue;
    revenuePaidByProduct.set(share.productId, (revenuePaidByProduct.get(share.productId) ?? 0) + share.amount);
  }
  const listed = held.filter((row) => !query.productId || Number(row.id) === query.productId);
  const products = listed.map((row) => {
    const id = Number(row.id);
    const purchaseAmount = Number(row.quantity);
    const pricePerToken = Number(row.price_per_token);
    const lastPrice = row.last_price;
    const valued = valueHolding({
      quantity: purchaseAmount,
      offeringPrice: pricePerToken,
      lastPrice,
      bought: {
        quantity: row.paid_quantity + row.bought_quantity,
        amount: row.paid_amount + row.bought_amount,
      },
    });
    return {
      id,
      name: row.name,
      logo: row.logo,
      tokenName: row.token_name,
      purchaseAmount,
      pricePerToken,
      portfolioBalance: purchaseAmount * pricePerToken,
      paidAmount: row.paid_amount,
      revenuePaid: revenuePaidByProduct.get(id) ?? 0,
      lastPrice,
      marketValue: valued.marketValue,
      costBasis: valued.costBasis,
      gain: valued.gain,
    };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    currency: ctx.config.CURRENCY,
    interval: query.interval,
    revenues: bucketRevenue(paid, query.interval),
    products,
    shares: [...scheduled, ...paid],
    totals: {
      portfolioBalance: sum(products.map((product) => product.portfolioBalance)),
      paidAmount: sum(products.map((product) => product.paidAmount)),
      revenuePaid: sum(paid.map((share) => share.amount)),
      revenueScheduled: sum(scheduled.map((share) => share.amount)),
      marketValue: sum(products.map((product) => product.marketValue)),
      costBasis: sum(products.map((product) => product.costBasis)),
      gain: sum(products.map((product) => product.gain)),
    },
  };
}

/** Days between a distribution's record date and its payment. */
export const PAYOUT_DELAY_DAYS = 14;
/** The latest pay date an operator may name, in days after the record date. */
export const MAX_PAYOUT_DELAY_DAYS = 366;

export interface DistributionResult {
  distributionId: number;
  holders: number;
  amount: number;
  paysAt: string;
  shares: Array<{ userId: string; balance: number; amount: number }>;
}

/** A distribution's inputs, checked, with the moments they stand for. */
export interface DistributionPlan {
  productId: number;
  amount: number;
  recordDate: string;
  memo: string | null;
  currency: string;
  recordAt: string;
  paysAt: string;
}

/**
 * Checks a distribution's inputs: a whole positive amount and a record date not in the future.
 * Balances count at the end of the record date (UTC); a record date of today counts the ledger
 * as it stands now.
 */
export function planDistribution(input: {
  productId: number;
  amount: number;
  recordDate: string;
  memo: string | null;
  currency: string;
  now: Date;
  paysAt?: string;
}): DistributionPlan {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError('VALIDATION_FAILED', 'The amount is a whole number of minor units (cents), above zero.');
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.recordDate) || Number.isNaN(Date.parse(`${input.recordDate}T00:00:00Z`))) {
    throw new AppError('VALIDATION_FAILED', 'The record date is a date like 2026-01-31.');
  }
  const endOfDay = new Date(`${input.recordDate}T23:59:59.999Z`);
  if (endOfDay.getTime() - 86_400_000 >= input.now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The record date cannot be in the future: balances are not known yet.');
  }
  const recordAt = new Date(Math.min(endOfDay.getTime(), input.now.getTime())).toISOString();
  const paysAt = input.paysAt ?? new Date(endOfDay.getTime() + 1 + PAYOUT_DELAY_DAYS * 86_400_000).toISOString();
  const payTime = Date.parse(paysAt);
  if (Number.isNaN(payTime) || payTime <= endOfDay.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'The pay date comes after the record date.');
  }
  if (payTime > endOfDay.getTime() + MAX_PAYOUT_DELAY_DAYS * 86_400_000) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The pay date is at most ${MAX_PAYOUT_DELAY_DAYS} days after the record date.`,
    );
  }
  return {
    productId: input.productId,
    amount: input.amount,
    recordDate: input.recordDate,
    memo: input.memo,
    currency: input.currency,
    recordAt,
    paysAt,
  };
}

/** Every holder's exact share of a planned distribution, nothing written; they add up to the amount. */
export async function previewDistribution(db: Db, plan: DistributionPlan) {
  const product = await findProductForDistribution(db, plan.productId);
  if (!product) throw new AppError('NOT_FOUND', `There is no project ${plan.productId}.`);
  const holders = await holdersAt(db, plan.productId, plan.recordAt);
  if (!holders.length) throw new AppError('CONFLICT', 'Nobody held this project at the record date.');
  const shares = allocateProRata(plan.amount, holders);
  const sameAsEarlier = await findSameDistributions(
    db,
    plan.productId,
    plan.amount,
    `${plan.recordDate}T00:00:00.000Z`,
    `${plan.recordDate}T23:59:59.999Z`,
  );
  return { shares, sameAsEarlier };
}

/** What makes two distributions "the same one": project, record date and amount. */
function repeatGuardOf(plan: DistributionPlan): string {
  return `${plan.productId}:${plan.recordDate}:${plan.amount}`;
}

export interface CommittedDistribution {
  distributionId: number;
  productId: number;
  amount: number;
  holders: number;
  paysAt: string;
  isReplay: boolean;
}

/**
 * The distribution an idempotency key already committed, or null. The same key with other
 * inputs is refused: a key names one distribution.
 */
export async function distributionOfKey(
  db: Db,
  plan: DistributionPlan,
  key: string,
): Promise<CommittedDistribution | null> {
  const found = await findDistributionByKey(db, key);
  if (!found) return null;
  const sameInputs =
    Number(found.product_id) === plan.productId &&
    Number(found.amount) === plan.amount &&
    found.record_at.slice(0, 10) === plan.recordDate &&
    Date.parse(found.pays_at) === Date.parse(plan.paysAt);
  if (!sameInputs) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key already committed a different distribution.');
  }
  const id = Number(found.id);
  return {
    distributionId: id,
    productId: plan.productId,
    amount: plan.amount,
    holders: await countShareHolders(db, id),
    paysAt: found.pays_at,
    isReplay: true,
  };
}

/** Refuses the same project, record date and amount as an earlier distribution, unless marked new. */
export async function assertNotRepeated(db: Db, plan: DistributionPlan, isNewDistribution: boolean): Promise<void> {
  if (isNewDistribution) return;
  const earlier = await findSameDistributions(
    db,
    plan.productId,
    plan.amount,
    `${plan.recordDate}T00:00:00.000Z`,
    `${plan.recordDate}T23:59:59.999Z`,
  );
  if (earlier.length) {
    throw new AppError(
      'DISTRIBUTION_REPEATED',
      `Distribution ${earlier.join(', ')} already shared this amount for this record date; mark this one as a new distribution to make another.`,
    );
  }
}

/**
 * Commits a distribution once, inside the caller's transaction, audited with the operator as
 * actor. The key's unique index makes a retry or a double click find the first commit (checked
 * here, and decided by the database when two arrive together); the repeat guard's unique index
 * refuses the same project, record date and amount unless `isNewDistribution`.
 */
export async function commitDistribution(
  trx: Db,
  plan: DistributionPlan,
  options: {
    idempotencyKey: string;
    isNewDistribution: boolean;
    createdBy: string;
    approvalId?: string;
    meta: RequestMeta;
    now: string;
  },
): Promise<CommittedDistribution> {
  const replay = await distributionOfKey(trx, plan, options.idempotencyKey);
  if (replay) return replay;
  await assertNotRepeated(trx, plan, options.isNewDistribution);
  const result = await writeDistribution(trx, {
    ...plan,
    createdBy: options.createdBy,
    nowIso: options.now,
    idempotencyKey: options.idempotencyKey,
    repeatGuard: options.isNewDistribution ? null : repeatGuardOf(plan),
  });
  const detail: Record<string, string> = {
    distributionId: String(result.distributionId),
    productId: String(plan.productId),
    amount: String(plan.amount),
    recordAt: plan.recordAt,
    holders: String(result.holders),
    by: options.createdBy,
  };
  if (options.approvalId) detail.approvalId = options.approvalId;
  await appendAuditEvent(
    trx,
    { userId: null, actor: 'operator', type: 'REVENUE_DISTRIBUTED', detail, meta: options.meta },
    options.now,
  );
  return {
    distributionId: result.distributionId,
    productId: plan.productId,
    amount: plan.amount,
    holders: result.holders,
    paysAt: result.paysAt,
    isReplay: false,
  };
}

/** Whether a failed commit lost a race on the key or the repeat guard (answered by a second look). */
export { isUniqueViolation as isDistributionRace };

/**
 * Shares `amount` among the project's holders by their ledger balance at the end of the record
 * date (UTC), in one transaction. Shares are written once and never changed; each is scheduled
 * until its payment date and paid from then on.
 */
export async function distributeRevenue(
  db: Db,
  input: {
    productId: number;
    amount: number;
    recordDate: string;
    memo: string | null;
    currency: string;
    createdBy: string;
    now: Date;
    paysAt?: string;
  },
): Promise<DistributionResult> {
  const { recordAt, paysAt } = planDistribution(input);
  const nowIso = input.now.toISOString();
  return db.transaction().execute((trx) => writeDistribution(trx, { ...input, recordAt, paysAt, nowIso }));
}

/** The writes of one distribution; the caller holds the transaction (the demo seed runs inside its own). */
export async function writeDistribution(
  trx: Db,
  input: {
    productId: number;
    amount: number;
    memo: string | null;
    currency: string;
    createdBy: string;
    recordAt: string;
    paysAt: string;
    nowIso: string;
    idempotencyKey?: string | null;
    repeatGuard?: string | null;
  },
): Promise<DistributionResult> {
  const { recordAt, paysAt, nowIso } = input;
  {
    const product = await findProductForDistribution(trx, input.productId);
    if (!product) throw new AppError('NOT_FOUND', `There is no project ${input.productId}.`);
    const holders = await holdersAt(trx, input.productId, recordAt);
    if (!holders.length) throw new AppError('CONFLICT', 'Nobody held this project at the record date.');
    const shares = allocateProRata(input.amount, holders);
    const distributionId = await insertDistribution(trx, {
      productId: input.productId,
      amount: input.amount,
      currency: input.currency,
      recordAt,
      paysAt,
      memo: input.memo,
      createdBy: input.createdBy,
      now: nowIso,
      idempotencyKey: input.idempotencyKey ?? null,
      repeatGuard: input.repeatGuard ?? null,
    });
    await insertShares(
      trx,
      shares.map((share) => ({
        distribution_id: distributionId,
        product_id: input.productId,
        user_id: share.userId,
        balance: share.balance,
        amount: share.amount,
        pays_at: paysAt,
        created_at: nowIso,
      })),
    );
    await recordLiveEvents(
      trx,
      nowIso,
      shares.map((share) => ({ userId: share.userId, type: 'payout' as const, productId: input.productId })),
    );
    return { distributionId, holders: shares.length, amount: input.amount, paysAt, shares };
  }
}

export async function distributionShares(db: Db, distributionId: number) {
  return (await findSharesOfDistribution(db, distributionId)).map((row) => ({
    userId: row.user_id,
    balance: Number(row.balance),
    amount: Number(row.amount),
  }));
}

// Gifts

function toGift(row: {
  id: number;
  title: string;
  description: string;
  is_digital: number;
  limit_quantity: number;
}): Gift {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    isDigital: row.is_digital === 1,
    limitQuantity: Number(row.limit_quantity),
  };
}

function toClaim(
  row: Selectable<GiftClaimsTable>,
  gift: {
    id: number;
    title: string;
    description: string;
    is_digital: number;
    limit_quantity: number;
    reveal_text?: string | null;
  },
): GiftClaim {
  const isDigital = gift.is_digital === 1;
  return {
    id: row.id,
    productId: Number(row.product_id),
    gift: toGift(gift),
    state: row.state,
    reveal: isDigital ? (gift.reveal_text ?? gift.description) : null,
    recipientName: row.recipient_name,
    deliveryAddress: row.delivery_address,
    phone: row.phone,
    tracking: row.tracking,
    shippedAt: row.shipped_at,
    claimedAt: row.claimed_at,
  };
}

async function claimView(db: Db, userId: string, productId: number, gifts?: Awaited<ReturnType<typeof findGifts>>) {
  const claim = await findClaim(db, userId, productId);
  if (!claim) return null;
  const all = gifts ?? (await findGifts(db, productId));
  const gift = all.find((item) => Number(item.id) === Number(claim.gift_id));
  return gift ? toClaim(claim, gift) : null;
}

export async function checkGift(ctx: AppContext, userId: string, productId: number): Promise<GiftCheck> {
  await assertKycApproved(ctx.db, userId);
  const product = await findProductForDistribution(ctx.db, productId);
  if (!product) throw new AppError('NOT_FOUND', 'There is no such project.');
  const gifts = await findGifts(ctx.db, productId);
  const holding = await findHoldingQuantity(ctx.db, userId, productId);
  // Highest limit first: the first one the holding reaches is the one on offer.
  const available = gifts.find((gift) => holding > 0 && holding >= Number(gift.limit_quantity));
  const claim = await claimView(ctx.db, userId, productId, gifts);
  return {
    productId,
    productName: product.name,
    holding,
    availableGift: available ? toGift(available) : null,
    gifts: gifts.map(toGift),
    claim,
    canClaim: Boolean(available) && !claim,
  };
}

export async function getGiftClaim(ctx: AppContext, userId: string, productId: number) {
  await assertKycApproved(ctx.db, userId);
  return { claim: await claimView(ctx.db, userId, productId) };
}

/** One claim per investor and project: the unique constraint decides between racing requests. */
export async function claimGift(
  ctx: AppContext,
  auth: AuthState,
  request: GiftClaimRequest,
  meta: RequestMeta,
): Promise<GiftClaim> {
  const userId = auth.user.id;
  const check = await checkGift(ctx, userId, request.productId);
  if (check.claim) throw new AppError('GIFT_ALREADY_CLAIMED', 'You already claimed the gift of this project.');
  const gift = check.availableGift;
  if (!gift || gift.id !== request.giftId) {
    throw new AppError(
      'GIFT_NOT_AVAILABLE',
      gift
        ? `The gift on offer for your holding is "${gift.title}".`
        : 'Your holding does not reach any gift of this project yet.',
    );
  }
  if (!gift.isDigital && !request.delivery) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A physical gift needs a recipient, a delivery address and a phone number.',
    );
  }
  const now = ctx.now().toISOString();
  const row: Insertable<GiftClaimsTable> = {
    id: randomUUID(),
    user_id: userId,
    product_id: request.productId,
    gift_id: gift.id,
    holding: check.holding,
    state: gift.isDigital ? 'REVEALED' : 'REQUESTED',
    recipient_name: gift.isDigital ? null : request.delivery!.recipientName,
    delivery_address: gift.isDigital ? null : request.delivery!.address,
    phone: gift.isDigital ? null : request.delivery!.phone,
    shipped_at: null,
    tracking: null,
    claimed_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertClaim(trx, row);
      await appendAuditEvent(
        trx,
        {
          actor: 'user',
          userId,
          type: 'GIFT_CLAIMED',
          detail: { productId: String(request.productId), gift: gift.title },
          meta,
        },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('GIFT_ALREADY_CLAIMED', 'You already claimed the gift of this project.');
    }
    throw error;
  }
  const claim = await claimView(ctx.db, userId, request.productId);
  if (!claim) throw new Error('The claim just written is missing');
  return claim;
}

/** Gift claims oldest first, of the given projects only when `productIds` names them. */
export async function listGiftClaims(
  ctx: AppContext,
  state?: GiftClaimsTable['state'],
  productIds: number[] | null = null,
) {
  return listClaims(ctx.db, state, productIds);
}

/** A claim's project and owner, for an operator about to act on it; null when there is none. */
export async function findGiftClaimForOperator(ctx: AppContext, id: string) {
  const claim = await findClaimById(ctx.db, id);
  return claim
    ? { id: claim.id, productId: Number(claim.product_id), userId: claim.user_id, state: claim.state }
    : null;
}

/**
 * Marks a requested physical gift shipped, once: a second call (or a digital gift) is refused
 * with CONFLICT. The audit entry names the operator and is written with the change.
 */
export async function shipGiftClaim(
  ctx: AppContext,
  id: string,
  tracking: string | null,
  meta: RequestMeta,
  operatorLabel?: string,
) {
  const claim = await findClaimById(ctx.db, id);
  if (!claim) throw new AppError('NOT_FOUND', `There is no gift claim ${id}.`);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    if (!(await markClaimShipped(trx, id, tracking, now))) {
      const current = (await findClaimById(trx, id))?.state ?? claim.state;
      throw new AppError(
        'CONFLICT',
        current === 'SHIPPED'
          ? `Gift claim ${id} is already shipped.`
          : `Gift claim ${id} is ${current.toLowerCase()}, not waiting to be shipped.`,
      );
    }
    const detail: Record<string, string> = { claimId: id, productId: String(claim.product_id) };
    if (tracking) detail.tracking = tracking;
    if (operatorLabel) detail.operator = operatorLabel;
    await appendAuditEvent(trx, { actor: 'operator', userId: claim.user_id, type: 'GIFT_SHIPPED', detail, meta }, now);
  });
}

// Bank details

export async function getBankDetails(ctx: AppContext, userId: string): Promise<BankDetailsResponse> {
  const row = await findBankAccount(ctx.db, userId);
  return {
    bankDetails: row
      ? {
          bankName: row.bank_name,
          holderName: row.holder_name,
          maskedNumber: maskAccountNumber(row.number_last4),
          updatedAt: row.updated_at,
        }
      : null,
  };
}

/** The sealed number, for payout runs only; never sent to a browser. */
export async function revealBankAccountNumber(ctx: AppContext, userId: string): Promise<string | null> {
  const row = await findBankAccount(ctx.db, userId);
  return row ? decryptText(ctx.keys.bankAccount, row.number_sealed) : null;
}

export async function saveBankDetails(
  ctx: AppContext,
  auth: AuthState,
  request: { bankName: string; holderName: string; accountNumber: string; code: string } & Partial<BankDetailsRequest>,
  meta: RequestMeta,
): Promise<BankDetailsResponse> {
  const userId = auth.user.id;
  const review = await assertKycApproved(ctx.db, userId);
  if (!review.legal_name || !sameLegalName(request.holderName, review.legal_name)) {
    throw new AppError(
      'LEGAL_NAME_MISMATCH',
      'The account holder must be you, named exactly as on your verified identity.',
    );
  }
  const existed = Boolean(await findBankAccount(ctx.db, userId));
  await applyWithAuthenticatorCode(ctx, auth, request.code, meta, async (trx, now) => {
    await upsertBankAccount(trx, {
      userId,
      bankName: request.bankName,
      holderName: request.holderName,
      numberSealed: encryptText(ctx.keys.bankAccount, request.accountNumber),
      last4: request.accountNumber.slice(-4),
      now,
    });
    await appendAuditEvent(
      trx,
      {
        actor: 'user',
        userId,
        type: existed ? 'BANK_DETAILS_CHANGED' : 'BANK_DETAILS_ADDED',
        detail: { bank: request.bankName, number: maskAccountNumber(request.accountNumber.slice(-4)) },
        meta,
      },
      now,
    );
  });
  return getBankDetails(ctx, userId);
}

// Address book

function toWallet(row: {
  id: string;
  label: string;
  network: string;
  address: string;
  created_at: string;
}): WalletAddress {
  return {
    id: row.id,
    label: row.label,
    network: row.network as WalletNetwork,
    address: row.address,
    createdAt: row.created_at,
  };
}

export async function listMyWallets(ctx: AppContext, userId: string) {
  return { addresses: (await listWalletAddresses(ctx.db, userId)).map(toWallet) };
}

export async function addWallet(
  ctx: AppContext,
  auth: AuthState,
  request: WalletAddressRequest & { label: string },
  meta: RequestMeta,
): Promise<WalletAddress> {
  const userId = auth.user.id;
  const address = normalizeWalletAddress(request.network, request.address);
  if (!address) {
    throw new AppError(
      'WALLET_ADDRESS_INVALID',
      request.network === 'BITCOIN'
        ? 'That is not a valid Bitcoin address. Copy it again from your wallet.'
        : 'That is not a valid address: 0x and 40 hex digits, with a matching checksum. Copy it again from your wallet.',
    );
  }
  const id = randomUUID();
  try {
    await applyWithAuthenticatorCode(ctx, auth, request.code, meta, async (trx, now) => {
      await insertWalletAddress(trx, { id, userId, label: request.label, network: request.network, address, now });
      await appendAuditEvent(
        trx,
        { actor: 'user', userId, type: 'WALLET_ADDED', detail: { network: request.network, address }, meta },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This address is already in your address book.');
    throw error;
  }
  const row = (await listWalletAddresses(ctx.db, userId)).find((item) => item.id === id);
  if (!row) throw new Error('The address just written is missing');
  return toWallet(row);
}

export async function removeWallet(ctx: AppContext, auth: AuthState, id: string, code: string, meta: RequestMeta) {
  const userId = auth.user.id;
  const existing = (await listWalletAddresses(ctx.db, userId)).find((item) => item.id === id);
  if (!existing) throw new AppError('NOT_FOUND', 'There is no such address in your address book.');
  await applyWithAuthenticatorCode(ctx, auth, code, meta, async (trx, now) => {
    if (!(await deleteWalletAddress(trx, userId, id))) {
      throw new AppError('NOT_FOUND', 'There is no such address in your address book.');
    }
    await appendAuditEvent(
      trx,
      {
        actor: 'user',
        userId,
        type: 'WALLET_REMOVED',
        detail: { network: existing.network, address: existing.address },
        meta,
      },
      now,
    );
  });
}
