import { z } from 'zod';
import { wholeNumberParam } from './fields';
import { STATEMENT_FIRST_YEAR, STATEMENT_LAST_YEAR } from './limits';

/**
 * Yearly statements: per calendar year (UTC) in which the investor held tokens or was paid
 * revenue, the holdings at the start and end of the year, how they moved and the revenue paid
 * per project. The current year's statement runs to the day it is asked for ("year to date").
 * Money is integer minor units of `currency`; token counts are whole numbers.
 *
 *   GET /api/v1/users/me/statements             → myStatementsResponse
 *   GET /api/v1/users/me/statements/{year}.pdf  → the PDF in the investor's language (owner only)
 *
 * A year that is not four digits or lies outside STATEMENT_FIRST_YEAR…the current year is
 * VALIDATION_FAILED (400); a year without holdings or revenue is NOT_FOUND (404).
 */

export const statementYearParamsSchema = z.object({
  year: wholeNumberParam('validation.statementYear', { min: STATEMENT_FIRST_YEAR, max: STATEMENT_LAST_YEAR }),
});

export const statementSummarySchema = z.object({
  year: z.number().int(),
  /** First and last day covered (UTC dates); the last is today's for the current year. */
  from: z.string(),
  to: z.string(),
  isYearToDate: z.boolean(),
  projectCount: z.number().int(),
  revenueGross: z.number().int(),
  currency: z.string(),
  downloadUrl: z.string(),
  fileName: z.string(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const myStatementsResponseSchema = z.object({ statements: z.array(statementSummarySchema) });
export type MyStatementsResponse = z.infer<typeof myStatementsResponseSchema>;

/** A ledger entry of the investor's holdings (signed quantity) as the statement reads it. */
export interface StatementEntry {
  productId: number;
  quantity: number;
  reason:
    | 'OPENING_BALANCE'
    | 'ORDER_CONFIRMED'
    | 'ORDER_REFUNDED'
    | 'DISTRIBUTION'
    | 'CORRECTION'
    | 'MARKET_BUY'
    | 'MARKET_SALE';
  at: string;
}

/** A revenue share paid to the investor (only shares whose payment date has passed). */
export interface StatementShare {
  productId: number;
  amount: number;
  paysAt: string;
}

export interface StatementLine {
  productId: number;
  startQuantity: number;
  bought: number;
  /** Tokens that left the holding: refunds of confirmed orders (and sales once there are any). */
  sold: number;
  /** Tokens received without a purchase (distributions). */
  gifted: number;
  /** Opening balances and corrections. */
  adjusted: number;
  endQuantity: number;
  revenueGross: number;
  /** No tax is withheld yet; the column is kept so a statement's shape does not change when it is. */
  revenueWithheld: number;
  revenueNet: number;
}

export interface StatementFigures {
  year: number;
  lines: StatementLine[];
  totals: Pick<
    StatementLine,
    'bought' | 'sold' | 'gifted' | 'adjusted' | 'revenueGross' | 'revenueWithheld' | 'revenueNet'
  >;
}

const yearOf = (at: string) => Number(at.slice(0, 4));

/**
 * The figures of one year's statement, from every ledger entry and paid share of the investor
 * (entries after the year are ignored). A project appears when it was held at some time in the
 * year or paid revenue in it; projects come in id order.
 */
export function statementFigures(year: number, entries: readonly StatementEntry[], shares: readonly StatementShare[]) {
  const lines = new Map<number, StatementLine>();
  const lineOf = (productId: number) => {
    let line = lines.get(productId);
    if (!line) {
      line = {
        productId,
        startQuantity: 0,
        bought: 0,
        sold: 0,
        gifted: 0,
        adjusted: 0,
        endQuantity: 0,
        revenueGross: 0,
        revenueWithheld: 0,
        revenueNet: 0,
      };
      lines.set(productId, line);
    }
    return line;
  };
  const moved = new Set<number>();
  for (const entry of entries) {
    const entryYear = yearOf(entry.at);
    if (entryYear > year) continue;
    const line = lineOf(entry.productId);
    if (entryYear < year) {
      line.startQuantity += entry.quantity;
      line.endQuantity += entry.quantity;
      continue;
    }
    moved.add(entry.productId);
    line.endQuantity += entry.quantity;
    if (entry.reason === 'ORDER_CONFIRMED' || entry.reason === 'MARKET_BUY') line.bought += entry.quantity;
    else if (entry.reason === 'ORDER_REFUNDED' || entry.reason === 'MARKET_SALE') line.sold -= entry.quantity;
    else if (entry.reason === 'DISTRIBUTION') line.gifted += entry.quantity;
    else line.adjusted += entry.quantity;
  }
  const paid = new Set<number>();
  for (const share of shares) {
    if (yearOf(share.paysAt) !== year) continue;
    const line = lineOf(share.productId);
    paid.add(share.productId);
    line.revenueGross += share.amount;
    line.revenueNet += share.amount;
  }
  const kept = [...lines.values()]
    .filter((line) => line.startQuantity > 0 || moved.has(line.productId) || paid.has(line.productId))
    .sort((a, b) => a.productId - b.productId);
  const sum = (key: keyof StatementFigures['totals']) => kept.reduce((total, line) => total + line[key], 0);
  return {
    year,
    lines: kept,
    totals: {
      bought: sum('bought'),
      sold: sum('sold'),
      gifted: sum('gifted'),
      adjusted: sum('adjusted'),
      revenueGross: sum('revenueGross'),
      revenueWithheld: sum('revenueWithheld'),
      revenueNet: sum('revenueNet'),
    },
  } satisfies StatementFigures;
}

/** The years (newest first, up to `currentYear`) that have a statement: holdings or revenue in them. */
export function statementYears(
  currentYear: number,
  entries: readonly StatementEntry[],
  shares: readonly StatementShare[],
): number[] {
  const first = Math.min(...entries.map((entry) => yearOf(entry.at)), ...shares.map((share) => yearOf(share.paysAt)));
  const years: number[] = [];
  for (let year = currentYear; year >= Math.max(first, STATEMENT_FIRST_YEAR); year -= 1) {
    if (statementFigures(year, entries, shares).lines.length) years.push(year);
  }
  return years;
}
