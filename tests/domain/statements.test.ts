import { describe, expect, it } from 'vitest';
import { formatMinorUnitsIn } from '../../src/domain/money';
import { statementFigures, statementYears, type StatementEntry } from '../../src/domain/statements';

const entries: StatementEntry[] = [
  { productId: 2, quantity: 10, reason: 'OPENING_BALANCE', at: '2024-05-01T00:00:00.000Z' },
  { productId: 2, quantity: -10, reason: 'CORRECTION', at: '2024-08-01T00:00:00.000Z' },
  { productId: 1, quantity: 50, reason: 'ORDER_CONFIRMED', at: '2025-02-01T00:00:00.000Z' },
  { productId: 1, quantity: -5, reason: 'ORDER_REFUNDED', at: '2025-03-01T00:00:00.000Z' },
  { productId: 1, quantity: 3, reason: 'DISTRIBUTION', at: '2026-01-10T00:00:00.000Z' },
];
const shares = [
  { productId: 1, amount: 700, paysAt: '2025-12-14T00:00:00.000Z' },
  { productId: 2, amount: 90, paysAt: '2026-01-14T00:00:00.000Z' },
];

describe('yearly statements', () => {
  it('sums the start, the movements by kind, the end and the revenue of each project in the year', () => {
    const figures = statementFigures(2025, entries, shares);
    expect(figures.lines).toEqual([
      {
        productId: 1,
        startQuantity: 0,
        bought: 50,
        sold: 5,
        gifted: 0,
        adjusted: 0,
        endQuantity: 45,
        revenueGross: 700,
        revenueWithheld: 0,
        revenueNet: 700,
      },
    ]);
    expect(figures.totals).toMatchObject({ revenueGross: 700, revenueNet: 700, revenueWithheld: 0 });
  });

  it('keeps a project held at the start, or paid in the year though no longer held', () => {
    const figures = statementFigures(2026, entries, shares);
    expect(figures.lines.map((line) => [line.productId, line.startQuantity, line.gifted, line.endQuantity])).toEqual([
      [1, 45, 3, 48],
      [2, 0, 0, 0],
    ]);
    expect(figures.totals.revenueGross).toBe(90);
  });

  it('lists the years with holdings or revenue, newest first, and none for an empty account', () => {
    expect(statementYears(2026, entries, shares)).toEqual([2026, 2025, 2024]);
    expect(statementYears(2026, [], [])).toEqual([]);
  });

  it('writes minor units with the currency’s digits in the language asked for', () => {
    expect(formatMinorUnitsIn(123_456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMinorUnitsIn(2_500, 'KRW', 'ko-KR')).toBe('₩2,500');
  });
});
