import {
  matchIncoming,
  MARKET_GOOD_UNTIL_MAX_DAYS,
  refuseGoodUntil,
  refuseOrder,
  type BookOrder,
  type MarketOrderPlaced,
  type MarketOrderRequest,
} from '../../../src/domain/market';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { recordLiveEvents, recordPublicLiveEvent } from '../live/service';
import { expireDueInTransaction } from './cancelling';
import { FilledOrders, notifyFills, settleFill } from './fills';
import { holdFor, releaseHold, type PlacedOrder } from './holds';
import { toOrder } from './reads';
import {
  cancelOpenOrder,
  findCrossingOrders,
  findMarketOrder,
  insertMarketOrder,
  lockMarket,
  takeFromOrder,
} from './repository';
import { productOf, referencePriceOf, settingsOf, SYSTEM } from './settings';
import type { CallerId } from '../auth/service';

/** Placing an order: checked against the market's rules, its hold taken, matched and settled. */

/** How many crossing orders one read of the book brings into a match. */
const MATCH_BATCH = 500;

function refusal(refused: NonNullable<ReturnType<typeof refuseOrder>>, stateReason: string | null): AppError {
  switch (refused.code) {
    case 'MARKET_CLOSED':
      return new AppError(
        'MARKET_CLOSED',
        refused.state === 'HALTED'
          ? `Trading in this project is halted${stateReason ? `: ${stateReason}` : '.'}`
          : 'Trading in this project is not open.',
      );
    case 'PRICE_NOT_ON_TICK':
      return new AppError('PRICE_NOT_ON_TICK', `The price must be a whole multiple of ${refused.tickSize}.`);
    case 'PRICE_OUTSIDE_BAND':
      return new AppError(
        'PRICE_OUTSIDE_BAND',
        `Today the price must be from ${refused.low} to ${refused.high} (minor units per token).`,
      );
    case 'QUANTITY_INVALID':
      return new AppError('VALIDATION_FAILED', 'quantity: Enter a whole number of tokens from 1 to 1,000,000,000.');
    case 'AMOUNT_TOO_LARGE':
      return new AppError('VALIDATION_FAILED', 'The order’s total is too large.');
  }
}

/**
 * Places a limit order for the investor (identity approved, not banned, allowed on the project:
 * the route and this function check it), holds what it may spend, matches it against the book
 * and settles every fill, all in one transaction.
 * Its route admits only an approved identity (`requireAuth({ level: 'kyc' })`).
 */
export async function placeMarketOrder(
  ctx: AppContext,
  caller: CallerId,
  productId: number,
  body: MarketOrderRequest,
  meta: RequestMeta,
): Promise<MarketOrderPlaced> {
  const userId = caller.user.id;
  const product = await productOf(ctx.db, productId);
  const { orderId, fills } = await ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, productId);
    const at = ctx.now().toISOString();
    const settings = await settingsOf(trx, productId);
    const referencePrice = await referencePriceOf(ctx, trx, productId, Number(product.price_per_token));
    const refused = refuseOrder(body, settings, referencePrice);
    if (refused) throw refusal(refused, settings.stateReason);
    const tooLate = refuseGoodUntil(body.goodUntil, ctx.now());
    if (tooLate) {
      throw new AppError(
        'VALIDATION_FAILED',
        tooLate.code === 'GOOD_UNTIL_PAST'
          ? 'goodUntil: The order must be good until a moment in the future.'
          : `goodUntil: An order may be good for at most ${MARKET_GOOD_UNTIL_MAX_DAYS} days, until ${tooLate.latest}.`,
      );
    }
    // Orders past their date leave the book before this one meets it, releasing what they hold.
    await expireDueInTransaction(ctx, trx, productId, at);
    const goodUntil = body.goodUntil ? new Date(body.goodUntil).toISOString() : null;
    const id = await insertMarketOrder(trx, {
      product_id: productId,
      user_id: userId,
      side: body.side,
      price: body.price,
      quantity: body.quantity,
      remaining: body.quantity,
      state: 'OPEN',
      cancel_reason: null,
      created_at: at,
      updated_at: at,
      closed_at: null,
      good_until: goodUntil,
    });
    const placed: PlacedOrder = { id, userId, productId, side: body.side, price: body.price };
    await holdFor(ctx, trx, { ...placed, quantity: body.quantity, isRegD: Boolean(product.is_reg_d) }, at, meta);
    await appendAuditEvent(
      trx,
      {
        userId,
        actor: 'user',
        type: 'MARKET_ORDER_PLACED',
        detail: {
          orderId: String(id),
          productId: String(productId),
          side: body.side,
          price: String(body.price),
          quantity: String(body.quantity),
          ...(goodUntil ? { goodUntil } : {}),
        },
        meta,
      },
      at,
    );

    const incoming: BookOrder = { id, userId, side: body.side, price: body.price, remaining: body.quantity, seq: id };
    const settled: Array<{ tradeId: number; price: number; quantity: number }> = [];
    const touched = new FilledOrders({ id, quantity: body.quantity });
    let stoppedBySelfTrade = false;
    while (incoming.remaining > 0 && !stoppedBySelfTrade) {
      const batch = await findCrossingOrders(trx, productId, body.side, body.price, MATCH_BATCH, at);
      if (!batch.length) break;
      const result = matchIncoming(incoming, batch, settings.feeBp);
      for (const fill of result.fills) {
        const maker = batch.find((order) => order.id === fill.makerOrderId)!;
        const tradeId = await settleFill(ctx, trx, fill, placed, maker, at);
        settled.push({ tradeId, price: fill.price, quantity: fill.quantity });
        touched.add(fill, maker);
      }
      const filled = incoming.remaining - result.remaining;
      if (filled > 0 && !(await takeFromOrder(trx, id, incoming.remaining, filled, at))) {
        throw new Error(`Market order ${id} changed under the market lock`);
      }
      incoming.remaining = result.remaining;
      stoppedBySelfTrade = result.stoppedBySelfTrade;
      // A batch that was not full held every crossing order: nothing more can fill.
      if (batch.length < MATCH_BATCH || filled === 0) break;
    }
    if (stoppedBySelfTrade && incoming.remaining > 0) {
      const left = await cancelOpenOrder(trx, id, 'SELF_TRADE', at);
      await releaseHold(ctx, trx, placed, left ?? 0, { type: 'SYSTEM', id: SYSTEM }, at, meta);
    }
    // Every open project page refreshes its book (and its chart when something traded).
    await recordPublicLiveEvent(trx, at, { type: 'market', productId, traded: settled.length > 0 });
    await recordLiveEvents(trx, at, [{ userId, type: 'marketOrder', productId, ref: String(id) }]);
    await notifyFills(ctx, trx, touched, product, at);
    return { orderId: id, fills: settled };
  });
  const row = await findMarketOrder(ctx.db, orderId);
  return { order: toOrder(row!), fills };
}
