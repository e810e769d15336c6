import { describe, expect, it } from 'vitest';
import {
  deadlineOf,
  deriveSaleStatus,
  formatDeadline,
  isSoldOut,
  raisedAmount,
  raisedPercentage,
  remainingDays,
  saleStatusesFor,
  type SaleFacts,
} from '../../src/domain/sale';

const now = new Date('2026-11-22T12:00:00.000Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString();
const open: SaleFacts = { startsAt: days(-10), endsAt: days(30), totalQuantity: 1000, remainingQuantity: 400 };

describe('raised amount and percentage', () => {
  it('raised = price x (total - remaining)', () => {
    expect(raisedAmount(2500, open)).toBe(2500 * 600);
  });
  it('clamps impossible stored quantities instead of going negative or above total', () => {
    expect(raisedAmount(100, { totalQuantity: 10, remainingQuantity: 15 })).toBe(0);
    expect(raisedAmount(100, { totalQuantity: 10, remainingQuantity: -5 })).toBe(1000);
  });
  it('percentage is against the target cap, 0 without one', () => {
    expect(raisedPercentage(1_500_000, 2_000_000)).toBe(75);
    expect(raisedPercentage(1, 3)).toBe(33.33);
    expect(raisedPercentage(500, null)).toBe(0);
    expect(raisedPercentage(500, 0)).toBe(0);
  });
  it('can pass 100 when a sale raises more than its cap', () => {
    expect(raisedPercentage(3000, 2000)).toBe(150);
  });
});

describe('remaining days', () => {
  it('counts whole days to the end date', () => {
    expect(remainingDays(days(30), now)).toBe(30);
    expect(remainingDays(days(1.5), now)).toBe(1);
  });
  it('is 0 on the last day and after the end, null without an end date', () => {
    expect(remainingDays(days(0.2), now)).toBe(0);
    expect(remainingDays(days(-3), now)).toBe(0);
    expect(remainingDays(null, now)).toBeNull();
  });
});

describe('sale status', () => {
  it('is SALE while open and more than a week from the end', () => {
    expect(deriveSaleStatus(open, now)).toBe('SALE');
  });
  it('is SALE with no end date at all', () => {
    expect(deriveSaleStatus({ ...open, endsAt: null }, now)).toBe('SALE');
  });
  it('is SALE_BEFORE until the start', () => {
    expect(deriveSaleStatus({ ...open, startsAt: days(2) }, now)).toBe('SALE_BEFORE');
  });
  it('is CLOSING_SOON in the last 7 days', () => {
    expect(deriveSaleStatus({ ...open, endsAt: days(7) }, now)).toBe('CLOSING_SOON');
    expect(deriveSaleStatus({ ...open, endsAt: days(7.01) }, now)).toBe('SALE');
  });
  it('is SALE_END after the end date or when sold out', () => {
    expect(deriveSaleStatus({ ...open, endsAt: days(-1) }, now)).toBe('SALE_END');
    expect(deriveSaleStatus({ ...open, remainingQuantity: 0 }, now)).toBe('SALE_END');
    expect(isSoldOut({ totalQuantity: 10, remainingQuantity: 0 })).toBe(true);
    expect(isSoldOut({ totalQuantity: 10, remainingQuantity: 1 })).toBe(false);
  });
  it('a request for SALE also covers SALE_BEFORE', () => {
    expect(saleStatusesFor('SALE')).toEqual(['SALE', 'SALE_BEFORE']);
    expect(saleStatusesFor('SALE_END')).toEqual(['SALE_END']);
  });
});

describe('deadline', () => {
  it('is day, month name and year in UTC', () => {
    expect(deadlineOf('2026-12-31T23:30:00.000Z')).toEqual({ day: 31, month: 'December', year: 2026 });
    expect(formatDeadline(deadlineOf('2027-01-05T00:00:00.000Z'))).toBe('5 January 2027');
  });
  it("is '-' without an end date or with a broken one", () => {
    expect(deadlineOf(null)).toBe('-');
    expect(deadlineOf('not a date')).toBe('-');
    expect(formatDeadline('-')).toBe('-');
  });
});
