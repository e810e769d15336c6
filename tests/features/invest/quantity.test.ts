import { describe, expect, it } from 'vitest';
import {
  parseQuantity,
  quantityBounds,
  quantityProblem,
  type QuantityFacts,
} from '../../../src/features/invest/quantity';

const facts = (overrides: Partial<QuantityFacts> = {}): QuantityFacts => ({
  pricePerToken: 2500,
  userMinInvestment: 5000,
  userMaxInvestment: 250_000,
  heldTokens: 0,
  openOrderTokens: 0,
  remainingQuantity: 1000,
  ...overrides,
});

describe('quantityBounds', () => {
  it('turns the money limits into whole tokens: the minimum rounds up, the maximum down', () => {
    expect(quantityBounds(facts({ userMinInvestment: 6000, userMaxInvestment: 251_000 }))).toEqual({
      min: 3,
      max: 100,
      block: null,
      maxReason: 'USER_MAX',
    });
  });

  it('counts held tokens and open orders against the maximum', () => {
    const bounds = quantityBounds(facts({ heldTokens: 40, openOrderTokens: 25 }));
    expect(bounds.max).toBe(35);
    expect(bounds.maxReason).toBe('USER_MAX');
  });

  it('asks each order for the minimum investment, whatever the investor already holds', () => {
    expect(quantityBounds(facts({ userMinInvestment: 25_000 })).min).toBe(10);
    expect(quantityBounds(facts({ userMinInvestment: 25_000, heldTokens: 12 })).min).toBe(10);
  });

  it('is bounded by the tokens left when they are fewer than the investor may buy', () => {
    expect(quantityBounds(facts({ remainingQuantity: 7 }))).toMatchObject({ max: 7, maxReason: 'REMAINING' });
  });

  it('has no upper limit but the tokens left when the project sets no maximum', () => {
    expect(quantityBounds(facts({ userMaxInvestment: null, remainingQuantity: 5000 }))).toMatchObject({
      max: 5000,
      maxReason: 'REMAINING',
      block: null,
    });
  });

  it('blocks when sold out, when the maximum is used up and when fewer tokens than the minimum remain', () => {
    expect(quantityBounds(facts({ remainingQuantity: 0 })).block).toBe('SOLD_OUT');
    expect(quantityBounds(facts({ heldTokens: 99 })).block).toBe('MAX_REACHED');
    expect(quantityBounds(facts({ heldTokens: 98 })).block).toBeNull();
    expect(quantityBounds(facts({ remainingQuantity: 1 })).block).toBe('REMAINING_BELOW_MIN');
  });

  it('never asks for less than one token, even with no minimum', () => {
    expect(quantityBounds(facts({ userMinInvestment: 0 })).min).toBe(1);
  });
});

describe('quantityProblem', () => {
  const bounds = quantityBounds(facts());
  it('accepts every whole number from the minimum to the maximum, and only those', () => {
    expect(quantityProblem(2, bounds)).toBeNull();
    expect(quantityProblem(100, bounds)).toBeNull();
    expect(quantityProblem(1, bounds)).toBe('BELOW_MIN');
    expect(quantityProblem(101, bounds)).toBe('ABOVE_MAX');
    expect(quantityProblem(undefined, bounds)).toBe('NOT_WHOLE');
    expect(quantityProblem(2.5, bounds)).toBe('NOT_WHOLE');
  });

  it('refuses any quantity when buying is blocked', () => {
    expect(quantityProblem(2, quantityBounds(facts({ remainingQuantity: 0 })))).toBe('BLOCKED');
  });
});

describe('parseQuantity', () => {
  it('reads digits only', () => {
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('1.5')).toBeUndefined();
    expect(parseQuantity('-3')).toBeUndefined();
    expect(parseQuantity('')).toBeUndefined();
    expect(parseQuantity('1e3')).toBeUndefined();
  });
});
