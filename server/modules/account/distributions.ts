import type { Kysely } from 'kysely';
import type { RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../plugins/error-handler';
import { appendAuditEvent } from '../audit/repository';
import { recordLiveEvents } from '../live/service';
import { holdersAt } from '../holdings/service';
import { allocateProRata } from './allocation';
import {
  countShareHolders,
  findDistributionByKey,
  findProductForDistribution,
  findSameDistributions,
  findSharesOfDistribution,
  insertDistribution,
  insertShares,
} from './repository';

// Revenue distributions: planning one, previewing its shares, committing it once.

type Db = Kysely<Database>;

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
