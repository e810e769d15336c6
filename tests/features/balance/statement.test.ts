import { beforeAll, describe, expect, it } from 'vitest';
import type { CashEntry } from '../../../src/domain/cash';
import {
  balanceCover,
  checkWithdrawalAmount,
  entryChange,
  recentMonths,
} from '../../../src/features/balance/statement';
import { balanceEntriesCsv } from '../../../src/features/balance/csv';
import { loadTexts } from '../../../src/lib/i18n';

// The header row is the reader's: English here unless a test switches.
beforeAll(async () => {
  await loadTexts(['account']);
});

const entry = (overrides: Partial<CashEntry>): CashEntry => ({
  id: 1,
  kind: 'DEPOSIT',
  reason: 'DEPOSIT',
  actor: 'OPERATOR',
  currency: 'USD',
  availableChange: 2550,
  heldChange: 0,
  availableAfter: 2550,
  heldAfter: 0,
  orderId: null,
  orderReference: null,
  withdrawalId: null,
  distributionId: null,
  productId: null,
  productName: null,
  bankReference: null,
  note: null,
  createdAt: '2026-11-03T10:00:00.000Z',
  ...overrides,
});

describe('the month filter', () => {
  it('offers the months up to now, newest first, across a new year', () => {
    expect(recentMonths(new Date('2026-02-15T00:00:00Z'), 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });
});

describe('an entry’s change', () => {
  it('is the available change, or the held change of a paid withdrawal', () => {
    expect(entryChange(entry({ kind: 'PURCHASE', availableChange: -500 }))).toEqual({ amount: -500, isHeld: false });
    expect(entryChange(entry({ kind: 'WITHDRAWAL_HELD', availableChange: -700, heldChange: 700 }))).toEqual({
      amount: -700,
      isHeld: false,
    });
    expect(entryChange(entry({ kind: 'WITHDRAWAL_PAID', availableChange: 0, heldChange: -700 }))).toEqual({
      amount: -700,
      isHeld: true,
    });
  });
});

describe('the entries CSV', () => {
  it('writes amounts in major units by the currency and neutralises formulas in text', () => {
    const csv = balanceEntriesCsv([
      entry({ bankReference: '=HYPERLINK("http://x")', note: '+1 call me', availableChange: -5, availableAfter: 2545 }),
      entry({ currency: 'KRW', availableChange: 50000, availableAfter: 50000, productName: '@Project' }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'date,kind,reason,order,project,withdrawal,currency,available change,held change,available after,held after,bank reference,note',
    );
    expect(lines[1]).toBe(
      `2026-11-03T10:00:00.000Z,DEPOSIT,DEPOSIT,,,,USD,-0.05,0.00,25.45,0.00,"'=HYPERLINK(""http://x"")",'+1 call me`,
    );
    expect(lines[2]).toContain(",'@Project,,KRW,50000,0,50000,0,,");
    expect(lines).toHaveLength(4);
  });
});

describe('paying from the balance', () => {
  it('covers an order up to the available amount and says what is missing', () => {
    expect(balanceCover({ available: 10_000, currency: 'KRW' }, 10_000, 'KRW')).toEqual({ covers: true, shortfall: 0 });
    expect(balanceCover({ available: 4_000, currency: 'KRW' }, 10_000, 'KRW')).toEqual({
      covers: false,
      shortfall: 6_000,
    });
    expect(balanceCover({ available: 99_999, currency: 'USD' }, 10_000, 'KRW')).toEqual({
      covers: false,
      shortfall: 10_000,
    });
  });
});

describe('a withdrawal amount', () => {
  const balance = { available: 10_050, currency: 'USD', withdrawalDailyRemaining: 10_000 };
  it('is minor units of what is typed', () => {
    expect(checkWithdrawalAmount('25.5', balance)).toEqual({ amount: 2550, error: null });
    expect(checkWithdrawalAmount('100', balance)).toEqual({ amount: 10_000, error: null });
  });
  it('is refused when invalid, above the available balance or above today’s limit', () => {
    expect(checkWithdrawalAmount('1.005', balance).error).toBe('invalid');
    expect(checkWithdrawalAmount('0', balance).error).toBe('invalid');
    expect(checkWithdrawalAmount('100.51', balance).error).toBe('overAvailable');
    expect(checkWithdrawalAmount('100.01', balance).error).toBe('overDailyLimit');
    expect(checkWithdrawalAmount('10.5', { ...balance, currency: 'KRW' }).error).toBe('invalid');
  });
});
