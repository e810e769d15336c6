import type { Kysely } from 'kysely';
import { priceImprovementOf, type BookOrder, type Fill } from '../../../src/domain/market';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { appendAuditEvent } from '../audit/repository';
import { appendCashEntry } from '../cash/service';
import { credit, debit } from '../holdings/service';
import { recordLiveEvents } from '../live/service';
import { recordNotifications } from '../notifications/service';
import type { PlacedOrder } from './holds';
import { insertPlatformFee, insertTrade, releaseTokens, takeFromOrder } from './repository';
import { SYSTEM } from './settings';

type Db = Kysely<Database>;

/** A fill settled whole in the placement's transaction, and the notices it sends. */

/**
 * Settles one fill: the trade row, the buyer's payment from their hold (and the better price
 * given back when the buyer's limit was higher), the seller's proceeds less the fee, the fee on
 * the platform's account, the tokens from the seller's hold to the buyer, and the resting order's
 * remaining quantity. All in the caller's transaction.
 */
export async function settleFill(
  ctx: Pick<AppContext, 'config'>,
  trx: Db,
  fill: Fill,
  incoming: PlacedOrder,
  maker: BookOrder,
  at: string,
): Promise<number> {
  const currency = ctx.config.CURRENCY;
  const productId = incoming.productId;
  const tradeId = await insertTrade(trx, {
    product_id: productId,
    buy_order_id: fill.buyOrderId,
    sell_order_id: fill.sellOrderId,
    buyer_id: fill.buyerId,
    seller_id: fill.sellerId,
    currency,
    price: fill.price,
    quantity: fill.quantity,
    amount: fill.amount,
    fee: fill.fee,
    created_at: at,
  });
  if (!(await takeFromOrder(trx, maker.id, maker.remaining, fill.quantity, at))) {
    throw new Error(`Market order ${maker.id} changed under the market lock`);
  }
  const system = { type: 'SYSTEM' as const, id: SYSTEM };
  const common = { currency, reason: 'MARKET' as const, actor: system, productId, marketTradeId: tradeId, at };
  await appendCashEntry(trx, {
    ...common,
    userId: fill.buyerId,
    kind: 'MARKET_BUY',
    amount: fill.amount,
    marketOrderId: fill.buyOrderId,
    note: `Bought ${fill.quantity} at ${fill.price}`,
  });
  const buyLimit = incoming.side === 'BUY' ? incoming.price : fill.price;
  const improvement = priceImprovementOf(buyLimit, fill);
  if (improvement > 0) {
    await appendCashEntry(trx, {
      ...common,
      userId: fill.buyerId,
      kind: 'MARKET_RELEASE',
      amount: improvement,
      marketOrderId: fill.buyOrderId,
      note: `Bought below the limit of buy order ${fill.buyOrderId}`,
    });
  }
  await appendCashEntry(trx, {
    ...common,
    userId: fill.sellerId,
    kind: 'MARKET_SALE',
    amount: fill.amount,
    marketOrderId: fill.sellOrderId,
    note: `Sold ${fill.quantity} at ${fill.price}`,
  });
  if (fill.fee > 0) {
    await appendCashEntry(trx, {
      ...common,
      userId: fill.sellerId,
      kind: 'FEE',
      amount: fill.fee,
      marketOrderId: fill.sellOrderId,
      note: `Market fee on trade ${tradeId}`,
    });
    await insertPlatformFee(trx, { currency, amount: fill.fee, marketTradeId: tradeId, at });
  }
  // The held tokens leave the hold first, so the holding never falls below what it holds.
  await releaseTokens(trx, productId, fill.sellerId, fill.quantity);
  const tokenEntry = { productId, quantity: fill.quantity, orderId: null, at, marketTradeId: tradeId };
  await debit(trx, {
    ...tokenEntry,
    userId: fill.sellerId,
    reason: 'MARKET_SALE',
    note: `Trade ${tradeId}`,
  });
  await credit(trx, {
    ...tokenEntry,
    userId: fill.buyerId,
    reason: 'MARKET_BUY',
    note: `Trade ${tradeId}`,
  });
  for (const userId of [fill.buyerId, fill.sellerId]) {
    await appendAuditEvent(
      trx,
      {
        userId,
        actor: 'system',
        type: 'MARKET_TRADE',
        detail: {
          tradeId: String(tradeId),
          productId: String(productId),
          side: userId === fill.buyerId ? 'BUY' : 'SELL',
          price: String(fill.price),
          quantity: String(fill.quantity),
          fee: userId === fill.sellerId ? String(fill.fee) : '0',
        },
        meta: { ip: 'system', userAgent: 'Moa market' },
      },
      at,
    );
  }
  await recordLiveEvents(trx, at, [
    { userId: fill.buyerId, type: 'holding', productId, ref: String(tradeId) },
    { userId: fill.sellerId, type: 'holding', productId, ref: String(tradeId) },
  ]);
  return tradeId;
}

/** What one placement filled of each order it touched: the incoming one and every maker. */
export class FilledOrders {
  readonly byOrder = new Map<
    number,
    { userId: string; side: 'BUY' | 'SELL'; quantity: number; amount: number; ordered: number; before: number }
  >();

  /** `incoming`: the order being placed, whole (nothing of it had traded before). */
  constructor(private readonly incoming: { id: number; quantity: number }) {}

  add(fill: Fill, maker: BookOrder & { quantity: number }): void {
    for (const [orderId, userId, side] of [
      [fill.buyOrderId, fill.buyerId, 'BUY'],
      [fill.sellOrderId, fill.sellerId, 'SELL'],
    ] as const) {
      const isMaker = orderId === maker.id;
      const seen = this.byOrder.get(orderId) ?? {
        userId,
        side,
        quantity: 0,
        amount: 0,
        ordered: isMaker ? maker.quantity : this.incoming.quantity,
        before: isMaker ? maker.quantity - maker.remaining : 0,
      };
      seen.quantity += fill.quantity;
      seen.amount += fill.amount;
      this.byOrder.set(orderId, seen);
    }
  }
}

/** Where a fill notice leads: the investor's market orders. */
export const MY_MARKET_LINK = '/account/market';

/**
 * Tells each investor whose order filled, fully or in part, in this placement: one notice per
 * order (inbox and push, subject to their MARKET_ORDER_FILLED preference), and a live event for
 * their open lists. In the placement's transaction, so a notice exists exactly when its fills do.
 */
export async function notifyFills(
  ctx: AppContext,
  trx: Db,
  filled: FilledOrders,
  product: { id: number; name: string },
  at: string,
) {
  const productId = Number(product.id);
  await recordLiveEvents(
    trx,
    at,
    [...filled.byOrder].map(([orderId, fill]) => ({
      userId: fill.userId,
      type: 'marketOrder' as const,
      productId,
      ref: String(orderId),
    })),
  );
  for (const [orderId, fill] of filled.byOrder) {
    await recordNotifications(ctx, trx, {
      type: 'MARKET_ORDER_FILLED',
      productId,
      userIds: [fill.userId],
      params: {
        productName: product.name,
        side: fill.side,
        reference: String(orderId),
        quantity: String(fill.quantity),
        amount: String(fill.amount),
        currency: ctx.config.CURRENCY,
        filled: String(fill.before + fill.quantity),
        ordered: String(fill.ordered),
      },
      link: MY_MARKET_LINK,
    });
  }
}
