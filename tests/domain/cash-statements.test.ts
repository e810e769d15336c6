import { describe, expect, it } from 'vitest';
import { cashEntryEffect, cashEntryKinds, type CashEntryKind } from '../../src/domain/cash';
import {
  cashPeriodOf,
  cashStatementFigures,
  cashStatementPeriods,
  type CashStatementEntry,
} from '../../src/domain/cash-statements';

const NOW = new Date('2026-11-25T10:00:00Z');

function entry(kind: CashEntryKind, amount: number, at: string, productId: number | null = null): CashStatementEntry {
  const effect = cashEntryEffect(kind, amount)!;
  return { kind, availableChange: effect.available, heldChange: effect.held, productId, at };
}

/** A small seeded generator, so a failure names the sequence that broke the rule. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('cash statement periods', () => {
  it.each([
    ['2026', { kind: 'YEAR', from: '2026-01-01', to: '2026-11-25', isToDate: true }],
    ['2025', { kind: 'YEAR', from: '2025-01-01', to: '2025-12-31', isToDate: false }],
    ['2026-11', { kind: 'MONTH', from: '2026-11-01', to: '2026-11-25', isToDate: true }],
    ['2026-02', { kind: 'MONTH', from: '2026-02-01', to: '2026-02-28', isToDate: false }],
    ['2024-02', { kind: 'MONTH', from: '2024-02-01', to: '2024-02-29', isToDate: false }],
  ])('%s covers its calendar days up to today', (key, expected) => {
    expect(cashPeriodOf(key, NOW)).toEqual({ key, ...expected });
  });

  it.each(['2026-12', '2027', '1999', '2026-13', '2026-00', '2026-1', '26', '2026-11-01', ' 2026'])(
    '%s is not a statement period',
    (key) => {
      expect(cashPeriodOf(key, NOW)).toBeNull();
    },
  );

  it('lists each month with an entry and its year, newest year first, each year before its months', () => {
    const entries = [
      entry('DEPOSIT', 100, '2025-12-31T23:59:59.000Z'),
      entry('DEPOSIT', 100, '2026-01-01T00:00:00.000Z'),
      entry('PURCHASE', 50, '2026-11-03T08:00:00.000Z'),
      entry('DEPOSIT', 10, '2026-11-04T08:00:00.000Z'),
    ];
    expect(cashStatementPeriods(NOW, entries).map((period) => period.key)).toEqual([
      '2026',
      '2026-11',
      '2026-01',
      '2025',
      '2025-12',
    ]);
    expect(cashStatementPeriods(NOW, [])).toEqual([]);
  });
});

describe('cash statement figures', () => {
  it('sums each kind of movement of the period and carries what came before as the opening balance', () => {
    const entries = [
      entry('DEPOSIT', 100_000, '2026-10-02T09:00:00.000Z'),
      entry('PURCHASE', 30_000, '2026-10-20T09:00:00.000Z'),
      // November
      entry('DEPOSIT', 50_000, '2026-11-01T00:00:00.000Z'),
      entry('REVENUE', 1_234, '2026-11-02T00:00:00.000Z', 7),
      entry('REVENUE', 766, '2026-11-09T00:00:00.000Z', 7),
      entry('REVENUE', 99, '2026-11-10T00:00:00.000Z', 3),
      entry('PURCHASE', 20_000, '2026-11-11T00:00:00.000Z'),
      entry('REFUND', 5_000, '2026-11-12T00:00:00.000Z'),
      entry('WITHDRAWAL_HELD', 40_000, '2026-11-13T00:00:00.000Z'),
      entry('WITHDRAWAL_PAID', 40_000, '2026-11-14T00:00:00.000Z'),
      entry('WITHDRAWAL_HELD', 10_000, '2026-11-15T00:00:00.000Z'),
      entry('FEE', 500, '2026-11-16T00:00:00.000Z'),
      entry('CORRECTION', -1, '2026-11-17T00:00:00.000Z'),
      // December: not in November's statement.
      entry('DEPOSIT', 9_999, '2026-12-01T00:00:00.000Z'),
    ];
    const figures = cashStatementFigures({ from: '2026-11-01', to: '2026-11-30' }, entries);
    expect(figures).toEqual({
      opening: 70_000,
      deposits: 50_000,
      purchases: 20_000,
      revenue: [
        { productId: 3, gross: 99, withheld: 0, net: 99 },
        { productId: 7, gross: 2_000, withheld: 0, net: 2_000 },
      ],
      revenueTotal: { gross: 2_099, withheld: 0, net: 2_099 },
      refunds: 5_000,
      marketBought: 0,
      marketSold: 0,
      withdrawals: 40_000,
      fees: 500,
      other: -1,
      // 70,000 + 50,000 + 2,099 + 5,000 - 1 - 20,000 - 40,000 - 500
      closing: 66_598,
      heldAtEnd: 10_000,
    });
  });

  it('shows a project’s withholding as gross, withheld and net; the balance moves by the net', () => {
    // A share of 10,000 with 15 % withheld pays in 8,500; another project withholds nothing.
    const entries: CashStatementEntry[] = [
      { ...entry('REVENUE', 8_500, '2026-11-02T00:00:00.000Z', 7), withheld: 1_500 },
      { ...entry('REVENUE', 4_251, '2026-11-09T00:00:00.000Z', 7), withheld: 750 },
      entry('REVENUE', 300, '2026-11-10T00:00:00.000Z', 3),
    ];
    const figures = cashStatementFigures({ from: '2026-11-01', to: '2026-11-30' }, entries);
    expect(figures.revenue).toEqual([
      { productId: 3, gross: 300, withheld: 0, net: 300 },
      { productId: 7, gross: 15_001, withheld: 2_250, net: 12_751 },
    ]);
    expect(figures.revenueTotal).toEqual({ gross: 15_301, withheld: 2_250, net: 13_051 });
    expect(figures.closing).toBe(13_051);
  });

  it('keeps closing = opening + every movement for any sequence, and each closing the next opening', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const next = random(seed);
      let available = 0;
      let held = 0;
      const entries: CashStatementEntry[] = [];
      for (let index = 0; index < 40; index += 1) {
        const kind = cashEntryKinds[Math.floor(next() * cashEntryKinds.length)]!;
        const amount = 1 + Math.floor(next() * 10_000) * (kind === 'CORRECTION' && next() < 0.5 ? -1 : 1);
        const effect = cashEntryEffect(kind, amount);
        // The database refuses what would take a balance below zero: so does the sequence.
        if (!effect || available + effect.available < 0 || held + effect.held < 0) continue;
        available += effect.available;
        held += effect.held;
        const day = `2026-${String(1 + Math.floor(next() * 10)).padStart(2, '0')}-1${Math.floor(next() * 9)}`;
        entries.push({ ...entry(kind, amount, `${day}T12:00:00.000Z`), productId: Math.floor(next() * 3) });
      }
      entries.sort((a, b) => (a.at < b.at ? -1 : 1));
      const year = cashStatementFigures({ from: '2026-01-01', to: '2026-12-31' }, entries);
      expect(year.opening, `seed ${seed}`).toBe(0);
      expect(year.closing, `seed ${seed}`).toBe(available + held);
      expect(year.heldAtEnd, `seed ${seed}`).toBe(held);
      let opening = 0;
      for (let month = 1; month <= 12; month += 1) {
        const key = `2026-${String(month).padStart(2, '0')}`;
        const period = cashPeriodOf(key, new Date('2027-01-01T00:00:00Z'))!;
        const figures = cashStatementFigures(period, entries);
        expect(figures.opening, `seed ${seed} ${key}`).toBe(opening);
        expect(figures.closing, `seed ${seed} ${key}`).toBe(
          figures.opening +
            figures.deposits +
            figures.revenueTotal.net +
            figures.refunds +
            figures.marketSold +
            figures.other -
            figures.purchases -
            figures.marketBought -
            figures.withdrawals -
            figures.fees,
        );
        opening = figures.closing;
      }
      expect(opening, `seed ${seed}`).toBe(available + held);
    }
  });
});
