import { describe, expect, it } from 'vitest';
import {
  cashEntryEffect,
  cashEntryKinds,
  DEPOSIT_REFERENCE_PATTERN,
  keepsBalanceNonNegative,
  normalizeDepositReference,
  REVENUE_WITHHOLDING_MAX_BPS,
  revenueWithheld,
  type CashEntryKind,
} from '../../src/domain/cash';
import { createOrderRequestSchema } from '../../src/domain/orders';

/** What each kind does to (available, held) for an amount of 100, written out as a table. */
const table: Record<CashEntryKind, { available: number; held: number }> = {
  DEPOSIT: { available: 100, held: 0 },
  PURCHASE: { available: -100, held: 0 },
  REVENUE: { available: 100, held: 0 },
  WITHDRAWAL_HELD: { available: -100, held: 100 },
  WITHDRAWAL_PAID: { available: 0, held: -100 },
  WITHDRAWAL_RELEASED: { available: 100, held: -100 },
  REFUND: { available: 100, held: 0 },
  FEE: { available: -100, held: 0 },
  CORRECTION: { available: 100, held: 0 },
  MARKET_HOLD: { available: -100, held: 100 },
  MARKET_RELEASE: { available: 100, held: -100 },
  MARKET_BUY: { available: 0, held: -100 },
  MARKET_SALE: { available: 100, held: 0 },
};

describe('the cash entry rule', () => {
  it.each(cashEntryKinds)('%s moves the balances as the table says', (kind) => {
    expect(cashEntryEffect(kind, 100)).toEqual(table[kind]);
  });

  it.each(cashEntryKinds)('%s refuses zero, fractional and unsafe amounts', (kind) => {
    expect(cashEntryEffect(kind, 0)).toBeNull();
    expect(cashEntryEffect(kind, 1.5)).toBeNull();
    expect(cashEntryEffect(kind, Number.MAX_SAFE_INTEGER + 1)).toBeNull();
  });

  it('refuses negative amounts except for a correction, which moves the available balance down', () => {
    for (const kind of cashEntryKinds) {
      if (kind === 'CORRECTION') expect(cashEntryEffect(kind, -40)).toEqual({ available: -40, held: 0 });
      else expect(cashEntryEffect(kind, -40), kind).toBeNull();
    }
  });

  it('ties each kind to the reasons it may carry', () => {
    expect(cashEntryEffect('DEPOSIT', 5, 'DEPOSIT')).not.toBeNull();
    expect(cashEntryEffect('DEPOSIT', 5, 'ORDER')).toBeNull();
    expect(cashEntryEffect('PURCHASE', 5, 'ORDER')).not.toBeNull();
    expect(cashEntryEffect('PURCHASE', 5, 'WITHDRAWAL')).toBeNull();
    expect(cashEntryEffect('REVENUE', 5, 'DISTRIBUTION')).not.toBeNull();
    expect(cashEntryEffect('REVENUE', 5, 'DEPOSIT')).toBeNull();
    for (const kind of ['WITHDRAWAL_HELD', 'WITHDRAWAL_PAID', 'WITHDRAWAL_RELEASED'] as const) {
      expect(cashEntryEffect(kind, 5, 'WITHDRAWAL'), kind).not.toBeNull();
      expect(cashEntryEffect(kind, 5, 'ORDER'), kind).toBeNull();
    }
    expect(cashEntryEffect('REFUND', 5, 'ORDER')).not.toBeNull();
    expect(cashEntryEffect('REFUND', 5, 'DISTRIBUTION')).toBeNull();
    expect(cashEntryEffect('FEE', 5, 'WITHDRAWAL')).not.toBeNull();
    expect(cashEntryEffect('FEE', 5, 'DEPOSIT')).toBeNull();
    expect(cashEntryEffect('CORRECTION', -5, 'ADJUSTMENT')).not.toBeNull();
  });

  it('says when an effect would take a balance below zero', () => {
    expect(keepsBalanceNonNegative({ available: 100, held: 0 }, cashEntryEffect('PURCHASE', 100)!)).toBe(true);
    expect(keepsBalanceNonNegative({ available: 99, held: 0 }, cashEntryEffect('PURCHASE', 100)!)).toBe(false);
    expect(keepsBalanceNonNegative({ available: 0, held: 50 }, cashEntryEffect('WITHDRAWAL_PAID', 51)!)).toBe(false);
    expect(keepsBalanceNonNegative({ available: 0, held: 50 }, cashEntryEffect('WITHDRAWAL_RELEASED', 50)!)).toBe(true);
  });

  it('reads deposit references as typed, without look-alike characters', () => {
    expect(normalizeDepositReference(' moa-7k3f 9q ')).toBe('MOA7K3F9Q');
    expect(DEPOSIT_REFERENCE_PATTERN.test('MOA7K3F9Q')).toBe(true);
    expect(DEPOSIT_REFERENCE_PATTERN.test('MOA7K3F0Q')).toBe(false);
    expect(DEPOSIT_REFERENCE_PATTERN.test('MOA7K3FIQ')).toBe(false);
  });

  it('takes an order paid by transfer or from the balance, never both nor neither', () => {
    const parse = (body: unknown) => createOrderRequestSchema.safeParse(body).success;
    expect(parse({ quantity: 1, payMethodId: 3 })).toBe(true);
    expect(parse({ quantity: 1, payFrom: 'BALANCE' })).toBe(true);
    expect(parse({ quantity: 1, payFrom: 'BALANCE', payMethodId: 3 })).toBe(false);
    expect(parse({ quantity: 1 })).toBe(false);
    expect(parse({ quantity: 1, payFrom: 'CARD' })).toBe(false);
  });
});

describe('revenue withholding', () => {
  it('withholds whole minor units, rounded down, never more than the cap nor anything at zero', () => {
    expect(revenueWithheld(10_000, 0)).toBe(0);
    expect(revenueWithheld(10_000, 1_500)).toBe(1_500);
    // 15 % of 5,001 is 750.15: 750 withheld, 4,251 paid in.
    expect(revenueWithheld(5_001, 1_500)).toBe(750);
    // A share of one minor unit always pays in: nothing is withheld below a whole unit.
    expect(revenueWithheld(1, REVENUE_WITHHOLDING_MAX_BPS)).toBe(0);
    // Above the cap counts as the cap; exact for amounts where floating point would not be.
    expect(revenueWithheld(10_000, 20_000)).toBe(5_000);
    expect(revenueWithheld(Number.MAX_SAFE_INTEGER, 3)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 3n) / 10_000n));
    for (const gross of [1, 2, 99, 1_000, 123_457]) {
      for (const bps of [0, 1, 1_000, 3_333, REVENUE_WITHHOLDING_MAX_BPS]) {
        const withheld = revenueWithheld(gross, bps);
        expect(withheld).toBeGreaterThanOrEqual(0);
        expect(gross - withheld).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
