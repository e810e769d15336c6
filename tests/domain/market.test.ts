import { describe, expect, it } from 'vitest';
import {
  bestPrices,
  feeOf,
  hasPriority,
  marketOrderRequestSchema,
  matchIncoming,
  placeInBook,
  priceBand,
  refuseOrder,
  regDUnlockAt,
  type Book,
  type BookOrder,
  type Fill,
  type MarketSettings,
  type MarketSide,
} from '../../src/domain/market';

/** A small deterministic generator, so a failing sequence can be replayed from its seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, int: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)) };
}

const OPEN: MarketSettings = { state: 'OPEN', tickSize: 10, bandBp: 3_000, feeBp: 100 };

describe('market order rules', () => {
  it('rounds the fee half up in whole minor units', () => {
    expect(feeOf(10_000, 100)).toBe(100);
    expect(feeOf(50, 100)).toBe(1); // 0.5 rounds up
    expect(feeOf(49, 100)).toBe(0); // 0.49 rounds down
    expect(feeOf(149, 100)).toBe(1);
    expect(feeOf(150, 100)).toBe(2);
    expect(feeOf(1_234, 0)).toBe(0);
  });

  it('keeps the band on whole ticks, inside reference ± band', () => {
    expect(priceBand(1_000, { tickSize: 10, bandBp: 3_000 })).toEqual({ low: 700, high: 1_300 });
    expect(priceBand(1_005, { tickSize: 10, bandBp: 1_000 })).toEqual({ low: 910, high: 1_100 });
    expect(priceBand(5, { tickSize: 1, bandBp: 10_000 })).toEqual({ low: 1, high: 10 });
  });

  it('refuses a closed market, an off-tick price, a price outside the band and a bad quantity', () => {
    const order = { side: 'BUY' as const, price: 1_000, quantity: 3 };
    expect(refuseOrder(order, OPEN, 1_000)).toBeNull();
    expect(refuseOrder(order, { ...OPEN, state: 'HALTED' }, 1_000)).toEqual({ code: 'MARKET_CLOSED', state: 'HALTED' });
    expect(refuseOrder({ ...order, price: 1_005 }, OPEN, 1_000)).toEqual({ code: 'PRICE_NOT_ON_TICK', tickSize: 10 });
    expect(refuseOrder({ ...order, price: 1_310 }, OPEN, 1_000)).toEqual({
      code: 'PRICE_OUTSIDE_BAND',
      low: 700,
      high: 1_300,
    });
    expect(refuseOrder({ ...order, price: 690 }, OPEN, 1_000)?.code).toBe('PRICE_OUTSIDE_BAND');
    expect(refuseOrder({ ...order, quantity: 0 }, OPEN, 1_000)).toEqual({ code: 'QUANTITY_INVALID' });
    expect(refuseOrder({ ...order, quantity: 1.5 }, OPEN, 1_000)).toEqual({ code: 'QUANTITY_INVALID' });
  });

  it('reads the wire order strictly', () => {
    expect(marketOrderRequestSchema.safeParse({ side: 'BUY', price: 1_000, quantity: 2 }).success).toBe(true);
    expect(marketOrderRequestSchema.safeParse({ side: 'HOLD', price: 1_000, quantity: 2 }).success).toBe(false);
    expect(marketOrderRequestSchema.safeParse({ side: 'BUY', price: '1000', quantity: 2 }).success).toBe(false);
    expect(marketOrderRequestSchema.safeParse({ side: 'BUY', price: 1_000, quantity: 0 }).success).toBe(false);
    expect(marketOrderRequestSchema.safeParse({ side: 'BUY', price: 1_000, quantity: 2, x: 1 }).success).toBe(false);
  });

  it('unlocks a Reg D lot twelve months after its purchase', () => {
    expect(regDUnlockAt('2026-11-25T10:00:00.000Z')).toBe('2027-11-25T10:00:00.000Z');
  });
});

describe('the matching rule', () => {
  const order = (id: number, userId: string, side: MarketSide, price: number, remaining: number): BookOrder => ({
    id,
    userId,
    side,
    price,
    remaining,
    seq: id,
  });

  it('fills at the resting price, best price first, then the oldest', () => {
    const asks = [order(1, 'a', 'SELL', 1_010, 2), order(2, 'b', 'SELL', 1_000, 2), order(3, 'c', 'SELL', 1_000, 2)];
    const result = matchIncoming(order(4, 'd', 'BUY', 1_020, 5), asks, 100);
    expect(result.fills.map((fill) => [fill.sellOrderId, fill.price, fill.quantity])).toEqual([
      [2, 1_000, 2],
      [3, 1_000, 2],
      [1, 1_010, 1],
    ]);
    expect(result.remaining).toBe(0);
    expect(result.fills[2]!.fee).toBe(feeOf(1_010, 100));
  });

  it('stops before the investor’s own order and cancels the rest of the incoming one', () => {
    const asks = [order(1, 'b', 'SELL', 1_000, 1), order(2, 'd', 'SELL', 1_000, 5), order(3, 'c', 'SELL', 1_000, 5)];
    const result = matchIncoming(order(4, 'd', 'BUY', 1_000, 4), asks, 100);
    expect(result.fills).toHaveLength(1);
    expect(result.remaining).toBe(3);
    expect(result.stoppedBySelfTrade).toBe(true);
  });

  it('does not trade when prices do not cross', () => {
    const result = matchIncoming(order(2, 'b', 'SELL', 1_010, 3), [order(1, 'a', 'BUY', 1_000, 3)], 100);
    expect(result).toEqual({ fills: [], remaining: 3, stoppedBySelfTrade: false });
  });
});

describe('the matching rule, by properties over random sequences', () => {
  const users = ['u1', 'u2', 'u3', 'u4', 'u5'];

  for (const seed of Array.from({ length: 60 }, (_, index) => index * 7_919 + 1)) {
    it(`conserves tokens and cash, never crosses, respects priority, never self-trades (seed ${seed})`, () => {
      const random = prng(seed);
      const feeBp = random.int(0, 300);
      const startTokens = 1_000;
      const startCash = 10_000_000;
      const tokens = new Map(users.map((user) => [user, startTokens]));
      const cash = new Map(users.map((user) => [user, startCash]));
      let platform = 0;
      let book: Book = { orders: [] };
      for (let step = 1; step <= 120; step += 1) {
        const userId = users[random.int(0, users.length - 1)]!;
        const side: MarketSide = random.next() < 0.5 ? 'BUY' : 'SELL';
        const incoming: BookOrder = {
          id: step,
          userId,
          side,
          price: random.int(95, 105) * 10,
          remaining: random.int(1, 8),
          seq: step,
        };
        const before = book;
        const { book: after, result } = placeInBook(book, incoming, feeBp);

        // Priority: each fill takes an order no other crossing, non-own order of the book beat.
        const takenOrder: Fill[] = result.fills;
        for (const [index, fill] of takenOrder.entries()) {
          const maker = before.orders.find((candidate) => candidate.id === fill.makerOrderId)!;
          expect(maker.userId).not.toBe(userId);
          expect(fill.price).toBe(maker.price);
          expect(fill.buyerId).not.toBe(fill.sellerId);
          for (const other of before.orders) {
            if (other.side === side || other.id === maker.id) continue;
            const alreadyTaken = takenOrder.slice(0, index).some((earlier) => earlier.makerOrderId === other.id);
            const restLeft =
              other.remaining -
              takenOrder
                .slice(0, index)
                .filter((earlier) => earlier.makerOrderId === other.id)
                .reduce((sum, earlier) => sum + earlier.quantity, 0);
            if (alreadyTaken && restLeft === 0) continue;
            if (hasPriority(other, maker)) expect(restLeft, `order ${other.id} should have gone first`).toBe(0);
          }
          // Settle the fill as the server does.
          tokens.set(fill.buyerId, tokens.get(fill.buyerId)! + fill.quantity);
          tokens.set(fill.sellerId, tokens.get(fill.sellerId)! - fill.quantity);
          cash.set(fill.buyerId, cash.get(fill.buyerId)! - fill.amount);
          cash.set(fill.sellerId, cash.get(fill.sellerId)! + fill.amount - fill.fee);
          platform += fill.fee;
          expect(fill.amount).toBe(fill.price * fill.quantity);
          expect(fill.fee).toBe(feeOf(fill.amount, feeBp));
        }

        // Quantity: what filled plus what is left is what was asked.
        const filled = result.fills.reduce((sum, fill) => sum + fill.quantity, 0);
        expect(filled + result.remaining).toBe(incoming.remaining);
        const bookQuantity = (orders: readonly BookOrder[]) => orders.reduce((sum, o) => sum + o.remaining, 0);
        const rested = result.remaining > 0 && !result.stoppedBySelfTrade ? result.remaining : 0;
        expect(bookQuantity(after.orders)).toBe(bookQuantity(before.orders) - filled + rested);

        // The book is never crossed.
        const { bid, ask } = bestPrices(after.orders);
        if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
        book = after;
      }
      // Conservation of tokens and cash (the platform's fees included).
      expect([...tokens.values()].reduce((a, b) => a + b, 0)).toBe(startTokens * users.length);
      expect([...cash.values()].reduce((a, b) => a + b, 0) + platform).toBe(startCash * users.length);
    });
  }
});
