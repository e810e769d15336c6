/**
 * The market between investors (issue: a market between investors), on SQLite and PostgreSQL:
 *
 *   1. fills per second: crossing buy orders placed through the service (the project's market
 *      lock, the order and its cash hold, the match, and the fill settled on both ledgers with its
 *      fee, audit records and live events), one fill each, from `connections` concurrent callers;
 *      beside it, on the same database, a bare loop of the same core statements per fill in one
 *      transaction each: the trade row, the maker order's remaining quantity and its book level, the buyer's and the
 *      seller's guarded balance updates with their cash entries, the fee row, the seller's held
 *      tokens released, and the two holding entries;
 *   2. the book read (GET /api/v1/products/{id}/market, over HTTP) with 100 resting orders and with
 *      10,000, side by side.
 *
 * Afterwards the conservation check: every account plus the platform's fees equals what was
 * deposited, no balance is below zero, the project's tokens add up. Figures are printed, never
 * asserted (tests never assert times).
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../server/db/client';
import type { Database } from '../server/db/types';
import { confirmDeposit, depositReferenceOf } from '../server/modules/cash/service';
import { ensureCashAccount, insertCashEntry, moveCashAccount } from '../server/modules/cash/repository';
import { openMarket } from '../server/modules/market/controls';
import { placeMarketOrder } from '../server/modules/market/placing';
import { commandLineOperator } from '../server/modules/operator/service';
import { appendHoldingEntry } from '../server/modules/holdings/repository';
import { insertHolding } from '../server/modules/products/factory';
import { createInvestor, createSaleProduct, type Investor } from '../tests/helpers/investors';
import { withBenchApp } from './orders';

export interface MarketBenchRow {
  engine: string;
  fillsPerSecond: number;
  p50: number;
  p99: number;
  bareRate: number;
  bareP50: number;
  bareP99: number;
  book100: { rate: number; p50: number; p99: number };
  book10k: { rate: number; p50: number; p99: number };
  note: string;
}

const META = { ip: 'bench', userAgent: 'bench' };
const PRICE = 1000;
const FEE_BP = 100;
const TOKENS_EACH = 10_000_000;
const CASH_EACH = 1_000_000_000_000;

function percentile(sorted: number[], p: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(2));
}

/** Runs `work` from `connections` callers for `seconds`: how many per second and their latencies. */
async function drive(seconds: number, connections: number, work: () => Promise<boolean>) {
  const latencies: number[] = [];
  const stop = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < stop) {
        const started = performance.now();
        if (!(await work())) return;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

/**
 * Rests `count` sell orders (or buy orders below the price) in the book directly, with what they
 * hold: the sellers' tokens in market_held, the buyers' cash through a MARKET_HOLD-like move. Only
 * sell orders need holds here: the buy side of the book read is priced below every ask.
 */
async function restOrders(
  db: Kysely<Database>,
  productId: number,
  people: Investor[],
  count: number,
  priceOf: (index: number) => { side: 'BUY' | 'SELL'; price: number },
  currency: string,
): Promise<void> {
  const at = new Date().toISOString();
  const heldTokens = new Map<string, number>();
  const heldCash = new Map<string, number>();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => {
      const index = start + offset;
      const { side, price } = priceOf(index);
      const who = people[index % people.length]!;
      const book = side === 'SELL' ? heldTokens : heldCash;
      book.set(who.userId, (book.get(who.userId) ?? 0) + (side === 'SELL' ? 1 : price));
      return {
        product_id: productId,
        user_id: who.userId,
        side,
        price,
        quantity: 1,
        remaining: 1,
        state: 'OPEN' as const,
        cancel_reason: null,
        created_at: at,
        updated_at: at,
        closed_at: null,
      };
    });
    await db.insertInto('market_orders').values(rows).execute();
  }
  // The book's levels, as placing each order through the API keeps them.
  await db.deleteFrom('market_book_levels').where('product_id', '=', productId).execute();
  await sql`
    insert into market_book_levels (product_id, side, price, quantity, orders)
    select product_id, side, price, sum(remaining), count(*) from market_orders
    where product_id = ${productId} and state = 'OPEN' group by product_id, side, price
  `.execute(db);
  for (const [userId, quantity] of heldTokens) {
    await db
      .updateTable('product_holdings')
      .set((eb) => ({ market_held: eb('market_held', '+', quantity) }))
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .execute();
  }
  for (const [userId, amount] of heldCash) {
    await db.transaction().execute(async (trx) => {
      const after = await moveCashAccount(trx, { userId, currency, available: -amount, held: amount, at });
      if (!after) throw new Error('the bench ran out of cash to hold');
      await insertCashEntry(trx, {
        user_id: userId,
        currency,
        kind: 'MARKET_HOLD',
        reason: 'MARKET',
        actor_type: 'INVESTOR',
        actor: userId,
        available_change: -amount,
        held_change: amount,
        available_after: after.available,
        held_after: after.held,
        product_id: productId,
        note: 'Bench book',
        created_at: at,
      });
    });
  }
}

async function benchEngine(engine: Engine, seconds: number, connections: number): Promise<MarketBenchRow | string> {
  const row = await withBenchApp(engine, 'market', async (app): Promise<MarketBenchRow> => {
    const ctx = app.ctx;
    const db = ctx.db;
    const currency = ctx.config.CURRENCY;
    const operator = commandLineOperator('bench', META);
    let deposited = 0;

    const crowd = async (productIds: number[], count: number, tag: string) => {
      const people: Investor[] = [];
      for (let index = 0; index < count; index += 1) {
        const who = await createInvestor({ ctx }, `market-${tag}-${engine}-${index}@example.com`);
        for (const productId of productIds) {
          await insertHolding(db, {
            productId,
            userId: who.userId,
            quantity: TOKENS_EACH,
            firstInvestedAt: '2024-01-10T00:00:00.000Z',
          });
        }
        await confirmDeposit(
          ctx,
          {
            depositReference: await depositReferenceOf(ctx, who.userId),
            amount: CASH_EACH,
            bankReference: `M-${tag}-${index}`,
          },
          'bench',
          META,
        );
        deposited += CASH_EACH;
        people.push(who);
      }
      return people;
    };
    const project = async () => {
      const { productId } = await createSaleProduct({ ctx }, { pricePerToken: PRICE });
      await openMarket(ctx, operator, productId, { tickSize: 1, bandBp: 3000, feeBp: FEE_BP });
      return productId;
    };
    const real = await project();
    const bareProduct = await project();
    const book100 = await project();
    const book10k = await project();
    const sellers = await crowd([real, bareProduct, book100, book10k], 10, 'sellers');
    const buyers = await crowd([], 10, 'buyers');

    // Enough resting asks for each loop's time at well above the rates seen.
    const budget = Math.round(seconds * 3000);
    await restOrders(db, real, sellers, budget, () => ({ side: 'SELL', price: PRICE }), currency);
    await restOrders(db, bareProduct, sellers, budget, () => ({ side: 'SELL', price: PRICE }), currency);

    // 1a. The bare loop: the same core statements per fill, taking the oldest resting ask.
    const asks = await db
      .selectFrom('market_orders')
      .select(['id', 'user_id'])
      .where('product_id', '=', bareProduct)
      .orderBy('id')
      .execute();
    const fee = Math.floor((PRICE * FEE_BP + 5_000) / 10_000);
    let bareTurn = 0;
    const bare = await drive(seconds, connections, async () => {
      const index = bareTurn++;
      const maker = asks[index];
      if (!maker) return false;
      const buyerId = buyers[index % buyers.length]!.userId;
      const at = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        const trade = await trx
          .insertInto('market_trades')
          .values({
            product_id: bareProduct,
            buy_order_id: Number(maker.id),
            sell_order_id: Number(maker.id),
            buyer_id: buyerId,
            seller_id: maker.user_id,
            currency,
            price: PRICE,
            quantity: 1,
            amount: PRICE,
            fee,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const tradeId = Number(trade.id);
        await trx
          .updateTable('market_orders')
          .set({ remaining: 0, state: 'FILLED', closed_at: at, updated_at: at })
          .where('id', '=', Number(maker.id))
          .where('state', '=', 'OPEN')
          .where('remaining', '=', 1)
          .execute();
        await trx
          .updateTable('market_book_levels')
          .set((eb) => ({ quantity: eb('quantity', '-', 1), orders: eb('orders', '-', 1) }))
          .where('product_id', '=', bareProduct)
          .where('side', '=', 'SELL')
          .where('price', '=', PRICE)
          .execute();
        for (const [userId, change, kind] of [
          [buyerId, -PRICE, 'MARKET_BUY'],
          [maker.user_id, PRICE - fee, 'MARKET_SALE'],
        ] as const) {
          await ensureCashAccount(trx, userId, currency, at);
          const after = await moveCashAccount(trx, { userId, currency, available: change, held: 0, at });
          if (!after) throw new Error('the bare loop ran out of balance');
          await insertCashEntry(trx, {
            user_id: userId,
            currency,
            kind,
            reason: 'MARKET',
            actor_type: 'SYSTEM',
            actor: 'market',
            available_change: change,
            held_change: 0,
            available_after: after.available,
            held_after: after.held,
            product_id: bareProduct,
            market_trade_id: tradeId,
            note: null,
            created_at: at,
          });
        }
        await trx
          .insertInto('platform_cash_entries')
          .values({ currency, kind: 'MARKET_FEE', amount: fee, market_trade_id: tradeId, created_at: at })
          .execute();
        await trx
          .updateTable('product_holdings')
          .set((eb) => ({ market_held: eb('market_held', '-', 1) }))
          .where('product_id', '=', bareProduct)
          .where('user_id', '=', maker.user_id)
          .execute();
        for (const [userId, quantity, reason] of [
          [maker.user_id, -1, 'MARKET_SALE'],
          [buyerId, 1, 'MARKET_BUY'],
        ] as const) {
          await appendHoldingEntry(trx, {
            productId: bareProduct,
            userId,
            quantity,
            reason,
            orderId: null,
            note: null,
            at,
            marketTradeId: tradeId,
          });
        }
      });
      return true;
    });

    // 1b. The real path: each crossing buy of one token takes the best (oldest) ask: one fill.
    let turn = 0;
    let fills = 0;
    const placed = await drive(seconds, connections, async () => {
      const index = turn++;
      if (index >= budget) return false;
      const answer = await placeMarketOrder(
        ctx,
        { user: { id: buyers[index % buyers.length]!.userId } },
        real,
        { side: 'BUY', price: PRICE, quantity: 1 },
        META,
      );
      fills += answer.fills.length;
      return true;
    });
    const fillRate = fills / seconds;

    // 2. The book read with 100 and with 10,000 resting orders, spread over price levels on both sides.
    const spread = (index: number) =>
      index % 2 === 0
        ? { side: 'SELL' as const, price: PRICE + 10 + (index % 200) }
        : { side: 'BUY' as const, price: PRICE - 10 - (index % 200) };
    await restOrders(db, book100, sellers, 100, spread, currency);
    await restOrders(db, book10k, sellers, 10_000, spread, currency);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const read = async (productId: number) => {
      const url = `${address}/api/v1/products/${productId}/market`;
      const headers = buyers[0]!.headers;
      // A warm-up, then the measure.
      await drive(Math.min(1, seconds), connections, async () => (await fetch(url, { headers })).ok);
      return drive(seconds, connections, async () => {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`the book read answered ${response.status}`);
        return true;
      });
    };
    const small = await read(book100);
    const large = await read(book10k);

    // Conservation: accounts plus fees are what was deposited; none below zero; tokens add up.
    const accounts = await db.selectFrom('cash_accounts').select(['available', 'held']).execute();
    const fees = await db.selectFrom('platform_cash_entries').select('amount').execute();
    const cash = accounts.reduce((sum, account) => sum + Number(account.available) + Number(account.held), 0);
    if (cash + fees.reduce((sum, entry) => sum + Number(entry.amount), 0) !== deposited) {
      throw new Error('conservation check failed: cash and fees are not what was deposited');
    }
    if (accounts.some((account) => Number(account.available) < 0 || Number(account.held) < 0)) {
      throw new Error('a balance went below zero');
    }
    for (const productId of [real, bareProduct]) {
      const tokens = await db
        .selectFrom('product_holdings')
        .select((eb) => eb.fn.sum<number>('quantity').as('total'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      if (Number(tokens.total) !== sellers.length * TOKENS_EACH) throw new Error('the tokens do not add up');
    }
    const ran = turn >= budget || bareTurn >= asks.length ? ' (ran out of resting orders: raise the budget)' : '';
    return {
      engine: engine === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      fillsPerSecond: fillRate,
      p50: placed.p50,
      p99: placed.p99,
      bareRate: bare.rate,
      bareP50: bare.p50,
      bareP99: bare.p99,
      book100: small,
      book10k: large,
      note: `conservation check held; no balance below zero${ran}`,
    };
  });
  return row ?? 'market on PostgreSQL: skipped (no PostgreSQL reachable)';
}

export async function runMarketBench(seconds: number, connections: number): Promise<Array<MarketBenchRow | string>> {
  return [await benchEngine('sqlite', seconds, connections), await benchEngine('postgres', seconds, connections)];
}
