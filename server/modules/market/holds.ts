import type { Kysely } from 'kysely';
import { buyHoldOf, REG_D_LOCK_MONTHS, regDUnlockAt } from '../../../src/domain/market';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendCashEntry } from '../cash/service';
import { creditsSince } from '../holdings/service';
import { findHolding, holdTokens, releaseTokens } from './repository';

type Db = Kysely<Database>;

/**
 * What an open order holds: a buy order the buyer's cash at its limit price (through the cash
 * ledger), a sell order the seller's free tokens (product_holdings.market_held; a Reg D project's
 * tokens bought in the last 12 months are not free). Taken when the order is placed, given back
 * when it is cancelled or expires.
 */

/** The tokens of a Reg D project bought in the last 12 months, and when the next lot unlocks. */
async function lockedTokens(ctx: Pick<AppContext, 'now'>, db: Db, productId: number, userId: string) {
  const cutoff = new Date(ctx.now());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - REG_D_LOCK_MONTHS);
  const lots = await creditsSince(db, productId, userId, cutoff.toISOString());
  return {
    locked: lots.reduce((sum, lot) => sum + lot.quantity, 0),
    nextUnlock: lots[0] ? regDUnlockAt(lots[0].at) : null,
  };
}

export interface PlacedOrder {
  id: number;
  userId: string;
  productId: number;
  side: 'BUY' | 'SELL';
  price: number;
}

/** Holds what the order may spend: the buyer's cash at the limit price, or the seller's free tokens. */
export async function holdFor(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Db,
  order: PlacedOrder & { quantity: number; isRegD: boolean },
  at: string,
  meta: RequestMeta,
): Promise<void> {
  if (order.side === 'BUY') {
    await appendCashEntry(trx, {
      userId: order.userId,
      currency: ctx.config.CURRENCY,
      kind: 'MARKET_HOLD',
      reason: 'MARKET',
      amount: buyHoldOf(order.price, order.quantity),
      actor: { type: 'INVESTOR', id: order.userId },
      productId: order.productId,
      marketOrderId: order.id,
      note: `Buy order ${order.id}`,
      at,
      meta,
    });
    return;
  }
  const holding = await findHolding(trx, order.productId, order.userId);
  const lock = order.isRegD
    ? await lockedTokens(ctx, trx, order.productId, order.userId)
    : { locked: 0, nextUnlock: null };
  const locked = Math.min(lock.locked, holding.quantity);
  const held = await holdTokens(trx, {
    productId: order.productId,
    userId: order.userId,
    quantity: order.quantity,
    locked,
    at,
  });
  if (held) return;
  if (locked > 0 && holding.quantity - holding.held >= order.quantity) {
    throw new AppError(
      'TOKENS_LOCKED',
      `${locked} of your tokens were bought less than 12 months ago and cannot be sold yet; the next lot unlocks at ${lock.nextUnlock}.`,
    );
  }
  throw new AppError(
    'INSUFFICIENT_TOKENS',
    `You can sell ${Math.max(0, holding.quantity - holding.held - locked)} tokens of this project (tokens in other sell orders are held).`,
  );
}

/** Gives back what an order still holds (its remaining quantity). */
export async function releaseHold(
  ctx: Pick<AppContext, 'config'>,
  trx: Db,
  order: PlacedOrder,
  remaining: number,
  actor: { type: 'INVESTOR' | 'OPERATOR' | 'SYSTEM'; id: string },
  at: string,
  meta?: RequestMeta,
): Promise<void> {
  if (remaining <= 0) return;
  if (order.side === 'SELL') {
    await releaseTokens(trx, order.productId, order.userId, remaining);
    return;
  }
  await appendCashEntry(trx, {
    userId: order.userId,
    currency: ctx.config.CURRENCY,
    kind: 'MARKET_RELEASE',
    reason: 'MARKET',
    amount: buyHoldOf(order.price, remaining),
    actor,
    productId: order.productId,
    marketOrderId: order.id,
    note: `Buy order ${order.id} released`,
    at,
    ...(meta ? { meta } : {}),
  });
}
