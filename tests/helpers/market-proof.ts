import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/types';

/**
 * What the market's proof tests check after a burst (docs/decisions/1813): read from the
 * database itself, so it holds whatever the answers said or did not say.
 *
 * - tokens conserved: the project's holdings add up to what was seeded, and each holding is the
 *   sum of its ledger entries; no holding below zero, none holding more than it has;
 * - cash conserved: each account is the sum of its entries, none below zero, and all accounts
 *   plus the platform's fees are what was deposited;
 * - no token sold twice: no order filled beyond its quantity, every order's filled quantity is
 *   the sum of its trades, every open sell order's tokens held and every open buy order's cash;
 * - every fill recorded once: each trade has exactly one buyer and one seller holding entry, one
 *   MARKET_BUY and one MARKET_SALE cash entry, and one fee row when it has a fee.
 */
export async function expectMarketSound(
  db: Kysely<Database>,
  productId: number,
  expected: { tokens: number; deposited?: number },
): Promise<{ trades: number; filled: number }> {
  const holdings = await db
    .selectFrom('product_holdings')
    .select(['user_id', 'quantity', 'market_held'])
    .where('product_id', '=', productId)
    .execute();
  expect(holdings.reduce((sum, row) => sum + Number(row.quantity), 0)).toBe(expected.tokens);
  const tokenEntries = await db
    .selectFrom('holding_entries')
    .select(['user_id', (eb) => eb.fn.sum<number>('quantity').as('total')])
    .where('product_id', '=', productId)
    .groupBy('user_id')
    .execute();
  const ledger = new Map(tokenEntries.map((row) => [row.user_id, Number(row.total)]));
  for (const row of holdings) {
    expect(Number(row.quantity), `holding of ${row.user_id}`).toBe(ledger.get(row.user_id) ?? 0);
    expect(Number(row.quantity)).toBeGreaterThanOrEqual(0);
    expect(Number(row.market_held)).toBeGreaterThanOrEqual(0);
    expect(Number(row.market_held)).toBeLessThanOrEqual(Number(row.quantity));
  }

  const accounts = await db.selectFrom('cash_accounts').select(['user_id', 'available', 'held']).execute();
  const cashEntries = await db
    .selectFrom('cash_entries')
    .select([
      'user_id',
      (eb) => eb.fn.sum<number>('available_change').as('available'),
      (eb) => eb.fn.sum<number>('held_change').as('held'),
    ])
    .groupBy('user_id')
    .execute();
  const cashLedger = new Map(cashEntries.map((row) => [row.user_id, row]));
  for (const account of accounts) {
    expect(Number(account.available), `cash of ${account.user_id}`).toBeGreaterThanOrEqual(0);
    expect(Number(account.held)).toBeGreaterThanOrEqual(0);
    expect(Number(account.available)).toBe(Number(cashLedger.get(account.user_id)?.available ?? 0));
    expect(Number(account.held)).toBe(Number(cashLedger.get(account.user_id)?.held ?? 0));
  }
  const fees = await db.selectFrom('platform_cash_entries').select(['amount', 'market_trade_id']).execute();
  if (expected.deposited !== undefined) {
    const cash = accounts.reduce((sum, row) => sum + Number(row.available) + Number(row.held), 0);
    expect(cash + fees.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(expected.deposited);
  }

  const orders = await db
    .selectFrom('market_orders')
    .select(['id', 'user_id', 'side', 'price', 'quantity', 'remaining', 'state'])
    .where('product_id', '=', productId)
    .execute();
  const trades = await db
    .selectFrom('market_trades')
    .select(['id', 'buy_order_id', 'sell_order_id', 'buyer_id', 'seller_id', 'quantity', 'amount', 'fee'])
    .where('product_id', '=', productId)
    .execute();
  const filledOf = new Map<number, number>();
  for (const trade of trades) {
    for (const id of [Number(trade.buy_order_id), Number(trade.sell_order_id)]) {
      filledOf.set(id, (filledOf.get(id) ?? 0) + Number(trade.quantity));
    }
    expect(trade.buyer_id).not.toBe(trade.seller_id);
  }
  for (const order of orders) {
    const filled = Number(order.quantity) - Number(order.remaining);
    expect(Number(order.remaining)).toBeGreaterThanOrEqual(0);
    if (order.state === 'FILLED') expect(Number(order.remaining)).toBe(0);
    expect(filledOf.get(Number(order.id)) ?? 0, `order ${order.id} filled`).toBe(filled);
  }
  const open = orders.filter((order) => order.state === 'OPEN');
  const heldTokens = new Map<string, number>();
  const heldCash = new Map<string, number>();
  for (const order of open) {
    const book = order.side === 'SELL' ? heldTokens : heldCash;
    const amount = order.side === 'SELL' ? Number(order.remaining) : Number(order.remaining) * Number(order.price);
    book.set(order.user_id, (book.get(order.user_id) ?? 0) + amount);
  }
  for (const row of holdings) expect(Number(row.market_held)).toBe(heldTokens.get(row.user_id) ?? 0);
  // Market holds are the only holds in these tests: each buyer's held cash is its open buy orders'.
  for (const account of accounts) {
    if (heldCash.has(account.user_id)) expect(Number(account.held)).toBe(heldCash.get(account.user_id));
  }
  const bids = open.filter((row) => row.side === 'BUY').map((row) => Number(row.price));
  const asks = open.filter((row) => row.side === 'SELL').map((row) => Number(row.price));
  if (bids.length && asks.length) expect(Math.max(...bids)).toBeLessThan(Math.min(...asks));
  // The book's levels, kept as orders change, are the open orders summed by side and price.
  const levelsFromOrders = new Map<string, { quantity: number; orders: number }>();
  for (const order of open) {
    const key = `${order.side} ${Number(order.price)}`;
    const level = levelsFromOrders.get(key) ?? { quantity: 0, orders: 0 };
    level.quantity += Number(order.remaining);
    level.orders += 1;
    levelsFromOrders.set(key, level);
  }
  const keptLevels = await db
    .selectFrom('market_book_levels')
    .select(['side', 'price', 'quantity', 'orders'])
    .where('product_id', '=', productId)
    .execute();
  expect(
    new Map(
      keptLevels.map((row) => [
        `${row.side} ${Number(row.price)}`,
        { quantity: Number(row.quantity), orders: Number(row.orders) },
      ]),
    ),
  ).toEqual(levelsFromOrders);

  const tradeIds = trades.map((trade) => Number(trade.id));
  if (tradeIds.length) {
    const tokenRows = await db
      .selectFrom('holding_entries')
      .select(['market_trade_id', 'reason', 'quantity', 'user_id'])
      .where('market_trade_id', 'in', tradeIds)
      .execute();
    const cashRows = await db
      .selectFrom('cash_entries')
      .select(['market_trade_id', 'kind', 'user_id'])
      .where('market_trade_id', 'in', tradeIds)
      .where('kind', 'in', ['MARKET_BUY', 'MARKET_SALE'])
      .execute();
    for (const trade of trades) {
      const id = Number(trade.id);
      expect(
        tokenRows
          .filter((row) => Number(row.market_trade_id) === id)
          .map((row) => `${row.reason}:${row.user_id}:${Number(row.quantity)}`)
          .sort(),
        `trade ${id} on the holdings ledger`,
      ).toEqual(
        [
          `MARKET_BUY:${trade.buyer_id}:${Number(trade.quantity)}`,
          `MARKET_SALE:${trade.seller_id}:${-Number(trade.quantity)}`,
        ].sort(),
      );
      expect(
        cashRows
          .filter((row) => Number(row.market_trade_id) === id)
          .map((row) => `${row.kind}:${row.user_id}`)
          .sort(),
        `trade ${id} on the cash ledger`,
      ).toEqual([`MARKET_BUY:${trade.buyer_id}`, `MARKET_SALE:${trade.seller_id}`].sort());
      expect(fees.filter((row) => Number(row.market_trade_id) === id)).toHaveLength(Number(trade.fee) > 0 ? 1 : 0);
    }
  }
  return { trades: trades.length, filled: trades.reduce((sum, trade) => sum + Number(trade.quantity), 0) };
}
