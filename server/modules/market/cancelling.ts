import type { Kysely } from 'kysely';
import { hasExpired, type CancelReason, type MarketOrder } from '../../../src/domain/market';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { recordLiveEvents, recordPublicLiveEvent } from '../live/service';
import { releaseHold, type PlacedOrder } from './holds';
import { toOrder, type OrderRow } from './reads';
import {
  cancelOpenOrder,
  findExpiredOrderIds,
  findMarketOrder,
  findProductsWithExpiredOrders,
  lockMarket,
} from './repository';
import { SYSTEM } from './settings';
import type { CallerId } from '../auth/service';

type Db = Kysely<Database>;

/** An order leaves the book unfilled: cancelled by its investor or an operator, or expired by the sweep. */

export async function cancelInTransaction(
  ctx: AppContext,
  trx: Db,
  row: OrderRow,
  reason: CancelReason,
  actor: { type: 'INVESTOR' | 'OPERATOR' | 'SYSTEM'; id: string },
  at: string,
  meta: RequestMeta,
  announce = true,
): Promise<boolean> {
  const left = await cancelOpenOrder(trx, Number(row.id), reason, at);
  if (left === null) return false;
  const order: PlacedOrder = {
    id: Number(row.id),
    userId: row.user_id,
    productId: Number(row.product_id),
    side: row.side,
    price: Number(row.price),
  };
  await releaseHold(ctx, trx, order, left, actor, at, meta);
  await appendAuditEvent(
    trx,
    {
      userId: row.user_id,
      actor: actor.type === 'INVESTOR' ? 'user' : actor.type === 'OPERATOR' ? 'operator' : 'system',
      type: 'MARKET_ORDER_CANCELLED',
      detail: {
        orderId: String(row.id),
        productId: String(row.product_id),
        reason,
        remaining: String(left),
        by: actor.id,
      },
      meta,
    },
    at,
  );
  await recordLiveEvents(trx, at, [
    { userId: row.user_id, type: 'holding', productId: order.productId, ref: null },
    { userId: row.user_id, type: 'marketOrder', productId: order.productId, ref: String(row.id) },
  ]);
  if (announce) await recordPublicLiveEvent(trx, at, { type: 'market', productId: order.productId });
  return true;
}

const SYSTEM_META: RequestMeta = { ip: 'system', userAgent: 'Moa market' };

/**
 * Expires the project's open orders past their good_until at `at` (the caller holds the market
 * lock): each is cancelled with the reason EXPIRED and releases what it still holds. The
 * conditional update of cancelOpenOrder makes each expiry happen once, whoever gets there first.
 */
export async function expireDueInTransaction(ctx: AppContext, trx: Db, productId: number, at: string): Promise<number> {
  let expired = 0;
  for (const id of await findExpiredOrderIds(trx, productId, at)) {
    const row = await findMarketOrder(trx, id);
    if (row && (await cancelInTransaction(ctx, trx, row, 'EXPIRED', { type: 'SYSTEM', id: SYSTEM }, at, SYSTEM_META))) {
      expired += 1;
    }
  }
  return expired;
}

/**
 * The expiry sweep (every API process runs it): every open order past its good_until is
 * cancelled as EXPIRED and releases its tokens or cash, one project's transaction at a time.
 * Answers how many expired.
 */
export async function expireDueMarketOrders(ctx: AppContext): Promise<number> {
  let expired = 0;
  for (const productId of await findProductsWithExpiredOrders(ctx.db, ctx.now().toISOString())) {
    expired += await ctx.db.transaction().execute(async (trx) => {
      await lockMarket(trx, productId);
      return expireDueInTransaction(ctx, trx, productId, ctx.now().toISOString());
    });
  }
  return expired;
}

/** The investor cancels their own open order: what it still holds comes back at once. */
export async function cancelMarketOrder(
  ctx: AppContext,
  caller: CallerId,
  orderId: number,
  meta: RequestMeta,
): Promise<MarketOrder> {
  const userId = caller.user.id;
  const first = await findMarketOrder(ctx.db, orderId);
  if (!first || first.user_id !== userId) throw new AppError('NOT_FOUND', 'There is no such order.');
  await ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, Number(first.product_id));
    const row = await findMarketOrder(trx, orderId);
    const now = ctx.now();
    // An order past its date that the sweep has not reached yet expires now, as it would have.
    const expired = row ? hasExpired(row.good_until, now) : false;
    const done =
      row &&
      (await cancelInTransaction(
        ctx,
        trx,
        row,
        expired ? 'EXPIRED' : 'INVESTOR',
        expired ? { type: 'SYSTEM', id: SYSTEM } : { type: 'INVESTOR', id: userId },
        now.toISOString(),
        meta,
      ));
    if (!done) throw new AppError('MARKET_ORDER_CLOSED', 'This order was already filled, cancelled or expired.');
  });
  return toOrder((await findMarketOrder(ctx.db, orderId))!);
}
