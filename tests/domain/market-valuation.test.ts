import { describe, expect, it } from 'vitest';
import { valueHolding } from '../../src/domain/market';

describe('a holding valued at the last price beside its cost', () => {
  it('values at the last price, or the offering price before any trade', () => {
    const bought = { quantity: 10, amount: 10_000 };
    expect(valueHolding({ quantity: 10, offeringPrice: 1000, lastPrice: 1200, bought })).toEqual({
      valuePrice: 1200,
      marketValue: 12_000,
      costBasis: 10_000,
      gain: 2000,
    });
    expect(valueHolding({ quantity: 10, offeringPrice: 1000, lastPrice: null, bought })).toMatchObject({
      marketValue: 10_000,
      gain: 0,
    });
    expect(valueHolding({ quantity: 10, offeringPrice: 1000, lastPrice: 900, bought }).gain).toBe(-1000);
  });

  it('costs the average price paid, rounded half up, and the offering price when nothing was paid', () => {
    // 3 tokens paid 1,000 → 333.33… each; 2 held cost 666.67 → 667; 1 held 333.33 → 333.
    expect(
      valueHolding({ quantity: 2, offeringPrice: 1, lastPrice: null, bought: { quantity: 3, amount: 1000 } }).costBasis,
    ).toBe(667);
    expect(
      valueHolding({ quantity: 1, offeringPrice: 1, lastPrice: null, bought: { quantity: 3, amount: 1000 } }).costBasis,
    ).toBe(333);
    // Exactly half rounds up: 1 of 2 tokens paid 3 → 1.5 → 2.
    expect(
      valueHolding({ quantity: 1, offeringPrice: 1, lastPrice: null, bought: { quantity: 2, amount: 3 } }).costBasis,
    ).toBe(2);
    expect(
      valueHolding({ quantity: 4, offeringPrice: 250, lastPrice: 300, bought: { quantity: 0, amount: 0 } }),
    ).toEqual({
      valuePrice: 300,
      marketValue: 1200,
      costBasis: 1000,
      gain: 200,
    });
  });

  it('stays exact past 2^53 in the intermediate product', () => {
    const quantity = 1_000_000_000;
    const amount = 9_000_000_000_000;
    expect(valueHolding({ quantity, offeringPrice: 1, lastPrice: null, bought: { quantity, amount } }).costBasis).toBe(
      amount,
    );
  });
});
