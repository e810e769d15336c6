import { numeral, toCsv, type CsvValue } from '../../../src/domain/csv';
import type { MarketView } from '../../../src/domain/market';
import { toMajorUnitsNumeral } from '../../../src/domain/money';
import type {
  MarketSettingsRequest,
  OperatorMarket,
  OperatorMarketTrade,
  OperatorMarketTradesPage,
} from '../../../src/domain/operator-market';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import {
  cancelAllOrders,
  changeMarketSettings,
  countOpenOrders,
  closeMarket,
  getMarket,
  haltMarket,
  openMarket,
  resumeMarket,
} from '../market/service';
import { assertMayActOn, isAdmin, type Operator } from './service';

/**
 * A project's market in the console (docs/decisions/1822): the same service functions as the
 * market:* commands, each checking the operator's reach (an admin everywhere, a seller in its
 * assigned projects; the fee is an admin's) and writing its audit record in its transaction.
 */

async function withOperatorFields(ctx: AppContext, operator: Operator, view: MarketView): Promise<OperatorMarket> {
  const product = await ctx.db
    .selectFrom('products')
    .select('name')
    .where('id', '=', view.productId)
    .executeTakeFirstOrThrow();
  const openOrders = await countOpenOrders(ctx.db, view.productId);
  return { ...view, productName: product.name, openOrders, mayChangeFee: isAdmin(operator) };
}

export async function readOperatorMarket(ctx: AppContext, operator: Operator, productId: number) {
  await assertMayActOn(ctx, operator, productId);
  return withOperatorFields(ctx, operator, await getMarket(ctx, productId));
}

export async function setMarketSettings(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  settings: MarketSettingsRequest,
) {
  if (settings.tickSize === undefined && settings.bandBp === undefined && settings.feeBp === undefined) {
    throw new AppError('VALIDATION_FAILED', 'Give the tick size, the band or the fee to change.');
  }
  return withOperatorFields(ctx, operator, await changeMarketSettings(ctx, operator, productId, settings));
}

export async function openOperatorMarket(ctx: AppContext, operator: Operator, productId: number) {
  return withOperatorFields(ctx, operator, await openMarket(ctx, operator, productId));
}

export async function closeOperatorMarket(ctx: AppContext, operator: Operator, productId: number) {
  return withOperatorFields(ctx, operator, await closeMarket(ctx, operator, productId));
}

export async function haltOperatorMarket(ctx: AppContext, operator: Operator, productId: number, reason: string) {
  return withOperatorFields(ctx, operator, await haltMarket(ctx, operator, productId, reason));
}

export async function resumeOperatorMarket(ctx: AppContext, operator: Operator, productId: number) {
  return withOperatorFields(ctx, operator, await resumeMarket(ctx, operator, productId));
}

export async function cancelOperatorMarketOrders(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  reason: string,
) {
  const cancelled = await cancelAllOrders(ctx, operator, productId, reason);
  return { cancelled, market: await withOperatorFields(ctx, operator, await getMarket(ctx, productId)) };
}

function tradesQuery(ctx: AppContext, productId: number) {
  return ctx.db
    .selectFrom('market_trades as t')
    .leftJoin('users as b', 'b.id', 't.buyer_id')
    .leftJoin('users as s', 's.id', 't.seller_id')
    .select([
      't.id',
      't.created_at',
      't.price',
      't.quantity',
      't.amount',
      't.fee',
      't.buy_order_id',
      't.sell_order_id',
      't.buyer_id',
      't.seller_id',
      'b.email as buyer_email',
      's.email as seller_email',
    ])
    .where('t.product_id', '=', productId);
}

type TradeRow = Awaited<ReturnType<ReturnType<typeof tradesQuery>['execute']>>[number];

function toTrade(row: TradeRow): OperatorMarketTrade {
  return {
    id: Number(row.id),
    createdAt: row.created_at,
    price: Number(row.price),
    quantity: Number(row.quantity),
    amount: Number(row.amount),
    fee: Number(row.fee),
    buyOrderId: Number(row.buy_order_id),
    sellOrderId: Number(row.sell_order_id),
    buyerId: row.buyer_id,
    buyerEmail: row.buyer_email ?? null,
    sellerId: row.seller_id,
    sellerEmail: row.seller_email ?? null,
  };
}

/** The project's trades, newest first, with both sides named: what surveillance reads. */
export async function listOperatorTrades(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  query: { cursor?: number; limit: number },
): Promise<OperatorMarketTradesPage> {
  await assertMayActOn(ctx, operator, productId);
  let rows = tradesQuery(ctx, productId);
  if (query.cursor !== undefined) rows = rows.where('t.id', '<', query.cursor);
  const found = await rows
    .orderBy('t.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = found.slice(0, query.limit).map(toTrade);
  return {
    currency: ctx.config.CURRENCY,
    trades: page,
    nextCursor: found.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * Every trade of the project as one CSV file, oldest first: amounts in major units with the
 * currency's decimals (numeric cells), text cells through the formula-neutralising writer. The
 * export is audited: who took which project's trades, and how many.
 */
export async function operatorTradesCsv(
  ctx: AppContext,
  operator: Operator,
  productId: number,
): Promise<{ fileName: string; text: string }> {
  await assertMayActOn(ctx, operator, productId);
  const currency = ctx.config.CURRENCY;
  const trades = (await tradesQuery(ctx, productId).orderBy('t.id', 'asc').execute()).map(toTrade);
  const money = (minor: number) => numeral(toMajorUnitsNumeral(minor, currency));
  const rows: CsvValue[][] = [
    [
      'trade id',
      'time (UTC)',
      `price (${currency})`,
      'quantity',
      `amount (${currency})`,
      `fee (${currency})`,
      'buy order',
      'sell order',
      'buyer id',
      'buyer email',
      'seller id',
      'seller email',
    ],
    ...trades.map((trade) => [
      trade.id,
      trade.createdAt,
      money(trade.price),
      trade.quantity,
      money(trade.amount),
      money(trade.fee),
      trade.buyOrderId,
      trade.sellOrderId,
      trade.buyerId,
      trade.buyerEmail ?? '',
      trade.sellerId,
      trade.sellerEmail ?? '',
    ]),
  ];
  const at = ctx.now().toISOString();
  await appendAuditEvent(
    ctx.db,
    {
      userId: operator.userId,
      actor: 'operator',
      type: 'MARKET_TRADES_EXPORTED',
      detail: { productId: String(productId), trades: String(trades.length), operator: operator.label },
      meta: operator.meta,
    },
    at,
  );
  return { fileName: `market-trades-${productId}-${at.slice(0, 10)}.csv`, text: toCsv(rows) };
}
