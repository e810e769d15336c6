import { createHash, randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { CreateOrderRequest, Order, OrderQuantityFacts } from '../../../src/domain/orders';
import { maxTokensPerInvestor, orderQuantityBounds, orderQuantityRefusal } from '../../../src/domain/orders';
import { deriveSaleStatus } from '../../../src/domain/sale';
import type { AppContext, RequestMeta } from '../../context';
import type { Database, OrdersTable } from '../../db/types';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../plugins/error-handler';
import { appendAuditEvent } from '../audit/repository';
import { availableBalance } from '../cash/service';
import { verifiedIdentityOf } from '../kyc/service';
import type { Caller } from '../auth/service';
import { findProductRow } from '../products/service';
import {
  appendOrderEvent,
  commitToPosition,
  ensurePosition,
  findFirstPayMethod,
  findInvestorAnswer,
  findOrderByIdempotencyKey,
  findOrderView,
  findPayMethod,
  findPosition,
  insertOrder,
  reserveQuantity,
  type OrderRow,
} from './repository';
import { newOrderReference, toOrder } from './service';

// Placing an order: checked, priced and reserved in named steps, then written with its audit entry.

type Db = Kysely<Database>;

function requestHashOf(productId: number, body: CreateOrderRequest): string {
  const canonical = JSON.stringify([
    productId,
    body.quantity,
    body.payMethodId ?? null,
    body.payFrom ?? 'TRANSFER',
    body.identityId ?? null,
    body.sourceOfFunds ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

async function replayOf(ctx: AppContext, existing: OrderRow, requestHash: string): Promise<Order> {
  if (existing.request_hash !== requestHash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different order; use a new key for a new order.',
    );
  }
  return toOrder(ctx.db, (await findOrderView(ctx.db, existing.id))!);
}

function maxInvestmentMessage(left: number): string {
  return left > 0
    ? `You can order at most ${left} more tokens of this project (your holdings and open orders count).`
    : 'You have reached the maximum investment in this project (your holdings and open orders count).';
}

/** Refuses a quantity outside orderQuantityBounds with the code the rule names. */
function assertOrderQuantity(quantity: number, facts: OrderQuantityFacts): void {
  const refusal = orderQuantityRefusal(quantity, facts);
  if (refusal === null) return;
  const { minQuantity } = orderQuantityBounds(facts);
  if (refusal === 'BELOW_MIN_INVESTMENT') {
    throw new AppError('BELOW_MIN_INVESTMENT', `The minimum investment is ${minQuantity} tokens per order.`);
  }
  if (refusal === 'SOLD_OUT') {
    throw new AppError(
      'SOLD_OUT',
      facts.remainingQuantity > 0 ? `Only ${facts.remainingQuantity} tokens remain.` : 'This project is sold out.',
    );
  }
  const withinMaximum = orderQuantityBounds({ ...facts, remainingQuantity: Number.MAX_SAFE_INTEGER }).maxQuantity;
  throw new AppError('ABOVE_MAX_INVESTMENT', maxInvestmentMessage(withinMaximum));
}

type ProductRow = NonNullable<Awaited<ReturnType<typeof findProductRow>>>;

/**
 * The checks before anything is reserved: the project exists, this investor may buy it (Reg D),
 * the identity is theirs, the sale is open, and the pay method is one of the project's.
 */
async function checkOrderRequest(
  ctx: AppContext,
  userId: string,
  identityId: string,
  productId: number,
  body: CreateOrderRequest,
  now: Date,
) {
  // Whether the caller may invest in the project at all (shown, and allowed when restricted) is
  // the project-access rule, run before the route (server/plugins/project-access.ts).
  const product = await findProductRow(ctx.db, productId);
  if (!product) throw new AppError('NOT_FOUND', 'There is no such project.');
  if (product.is_reg_d === 1) {
    const investor = await findInvestorAnswer(ctx.db, userId);
    if (investor?.review_status !== 'completed' || investor.review_answer !== 'GREEN') {
      throw new AppError(
        'INVESTOR_VERIFICATION_REQUIRED',
        'This project is for verified investors only (Reg D). Complete your investor verification first.',
      );
    }
  }
  if (body.identityId !== undefined && body.identityId !== identityId) {
    throw new AppError('VALIDATION_FAILED', 'body.identityId: That identity is not one of yours.');
  }
  const saleStatus = deriveSaleStatus(
    {
      startsAt: product.starts_at,
      endsAt: product.ends_at,
      totalQuantity: Number(product.total_quantity),
      remainingQuantity: Number(product.remaining_quantity),
    },
    now,
  );
  if (saleStatus === 'SALE_BEFORE')
    throw new AppError('SALE_NOT_OPEN', 'The sale of this project has not started yet.');
  if (saleStatus === 'SALE_END') {
    if (Number(product.remaining_quantity) <= 0) throw new AppError('SOLD_OUT', 'This project is sold out.');
    throw new AppError('SALE_NOT_OPEN', 'The sale of this project has ended.');
  }
  const payFrom = body.payFrom === 'BALANCE' ? 'BALANCE' : 'TRANSFER';
  // An order paid from the balance keeps the project's first pay method as the one a transfer
  // would use (orders name one; docs/decisions/1801-cash-ledger.md).
  const payMethod =
    payFrom === 'BALANCE'
      ? await findFirstPayMethod(ctx.db, productId)
      : await findPayMethod(ctx.db, productId, body.payMethodId!);
  if (!payMethod) throw new AppError('PAY_METHOD_INVALID', 'Choose one of this project’s pay methods.');
  return { product, payFrom, payMethod } as const;
}

/**
 * The order's price and the quantity rule the invest page shows (orderQuantityBounds), decided
 * here by the same rule: the minimum now, the rest once the investor's position is in the
 * reserving transaction (reserveTokens).
 */
function priceOrder(product: ProductRow, quantity: number) {
  const price = Number(product.price_per_token);
  const quantityFacts = (committedQuantity: number, remainingQuantity: number): OrderQuantityFacts => ({
    pricePerToken: price,
    userMinInvestment: Number(product.user_min_investment),
    userMaxInvestment: product.user_max_investment === null ? null : Number(product.user_max_investment),
    remainingQuantity,
    committedQuantity,
  });
  const facts = quantityFacts(0, Number(product.remaining_quantity));
  if (orderQuantityRefusal(quantity, facts) === 'BELOW_MIN_INVESTMENT') assertOrderQuantity(quantity, facts);
  return { price, amount: price * quantity, quantityFacts, maxTokens: maxTokensPerInvestor(facts) };
}

type OrderPricing = ReturnType<typeof priceOrder>;

/** An order paid from the balance needs the whole amount available when it is placed. */
async function assertBalanceCovers(ctx: AppContext, userId: string, amount: number): Promise<void> {
  const available = await availableBalance(ctx.db, userId, ctx.config.CURRENCY);
  if (available < amount) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      `Your available balance covers ${available} of the ${amount} this order costs (minor units of ${ctx.config.CURRENCY}); deposit the difference or pay by transfer.`,
    );
  }
}

/**
 * Inside the order's transaction: commits the tokens to the investor's position (deciding the
 * maximum) and takes them off sale (deciding "never oversold").
 */
async function reserveTokens(
  trx: Db,
  productId: number,
  userId: string,
  quantity: number,
  pricing: OrderPricing,
  at: string,
): Promise<void> {
  const { quantityFacts, maxTokens } = pricing;
  await ensurePosition(trx, productId, userId, at);
  const current = await findProductRow(trx, productId);
  const remaining = Number(current?.remaining_quantity ?? 0);
  assertOrderQuantity(quantity, quantityFacts(await findPosition(trx, productId, userId), remaining));
  // The conditional updates keep the rule under concurrent orders: another order of the
  // same investor or of anyone may commit between the check above and these.
  if (!(await commitToPosition(trx, productId, userId, quantity, maxTokens, at))) {
    const committed = await findPosition(trx, productId, userId);
    throw new AppError('ABOVE_MAX_INVESTMENT', maxInvestmentMessage(Math.max(0, (maxTokens ?? 0) - committed)));
  }
  if (!(await reserveQuantity(trx, productId, quantity, at))) {
    const left = Number((await findProductRow(trx, productId))?.remaining_quantity ?? 0);
    throw new AppError('SOLD_OUT', left > 0 ? `Only ${left} tokens remain.` : 'This project is sold out.');
  }
}

/** Inside the order's transaction: the reserved order, its first event and its audit entry. */
async function insertReservedOrder(trx: Db, row: Insertable<OrdersTable>, meta: RequestMeta): Promise<void> {
  const at = row.created_at;
  await insertOrder(trx, row);
  await appendOrderEvent(trx, {
    orderId: row.id,
    type: 'RESERVED',
    state: 'RESERVED',
    actorType: 'INVESTOR',
    actor: row.user_id,
    note: null,
    at,
  });
  await appendAuditEvent(
    trx,
    {
      userId: row.user_id,
      actor: 'user',
      type: 'ORDER_RESERVED',
      detail: { orderId: row.id, productId: String(row.product_id), quantity: String(row.quantity) },
      meta,
    },
    at,
  );
}

/**
 * Reserves tokens for an investor: one transaction that commits the tokens to the investor's
 * position (deciding the maximum), takes them off sale (deciding "never oversold"), and writes
 * the order with its first event. A retry with the same Idempotency-Key answers the same order.
 * Its route admits only an approved identity (`requireAuth({ level: 'kyc' })`): the order is
 * placed under it.
 */
export async function createOrder(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  body: CreateOrderRequest,
  idempotencyKey: string | null,
  meta: RequestMeta,
): Promise<{ order: Order; isReplay: boolean }> {
  const { user } = caller;
  const identity = verifiedIdentityOf(caller);
  const requestHash = requestHashOf(productId, body);
  if (idempotencyKey) {
    const existing = await findOrderByIdempotencyKey(ctx.db, user.id, idempotencyKey);
    if (existing) return { order: await replayOf(ctx, existing, requestHash), isReplay: true };
  }

  const now = ctx.now();
  const at = now.toISOString();
  const { product, payFrom, payMethod } = await checkOrderRequest(ctx, user.id, identity.id, productId, body, now);
  const pricing = priceOrder(product, body.quantity);
  if (payFrom === 'BALANCE') await assertBalanceCovers(ctx, user.id, pricing.amount);

  const orderId = randomUUID();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await reserveTokens(trx, productId, user.id, body.quantity, pricing, at);
      await insertReservedOrder(
        trx,
        {
          id: orderId,
          reference: newOrderReference(),
          user_id: user.id,
          product_id: productId,
          pay_method_id: Number(payMethod.id),
          pay_from: payFrom,
          state: 'RESERVED',
          quantity: body.quantity,
          price_per_token: pricing.price,
          amount: pricing.amount,
          currency: ctx.config.CURRENCY,
          identity_id: identity.id,
          source_of_funds: body.sourceOfFunds ?? null,
          idempotency_key: idempotencyKey,
          request_hash: requestHash,
          expires_at: new Date(now.getTime() + ctx.config.ORDER_RESERVATION_HOURS * 3_600_000).toISOString(),
          created_at: at,
          updated_at: at,
        },
        meta,
      );
    });
  } catch (error) {
    // Two requests with one key raced: the loser answers the winner's order.
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await findOrderByIdempotencyKey(ctx.db, user.id, idempotencyKey);
      if (existing) return { order: await replayOf(ctx, existing, requestHash), isReplay: true };
    }
    throw error;
  }
  return { order: await toOrder(ctx.db, (await findOrderView(ctx.db, orderId))!), isReplay: false };
}
