import { z } from 'zod';
import type { CashEntryKind } from './cash';

/**
 * Monthly and annual statements of the cash balance (docs/decisions/1816): what came in and went
 * out over a calendar month or year, from the cash ledger's entries alone. Pure, so the figures
 * the PDF prints are the figures these tests prove.
 */

/** A statement's period: a year (`2026`) or a month (`2026-11`). */
export const CASH_PERIOD_PATTERN = /^(\d{4})(?:-(0[1-9]|1[0-2]))?$/;

export interface CashPeriod {
  /** `2026` or `2026-11` */
  key: string;
  kind: 'YEAR' | 'MONTH';
  /** First and last day covered (YYYY-MM-DD, UTC). */
  from: string;
  to: string;
  /** The period has not ended yet: figures run to today. */
  isToDate: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period a key names, or null when it is not one (bad text, before 2000, or not begun by `now`). */
export function cashPeriodOf(key: string, now: Date): CashPeriod | null {
  const found = CASH_PERIOD_PATTERN.exec(key);
  if (!found) return null;
  const year = Number(found[1]);
  const month = found[2] === undefined ? null : Number(found[2]);
  if (year < 2000) return null;
  const from = month === null ? `${year}-01-01` : `${year}-${pad(month)}-01`;
  const end = month === null ? `${year}-12-31` : `${year}-${pad(month)}-${pad(lastDayOfMonth(year, month))}`;
  const today = now.toISOString().slice(0, 10);
  if (from > today) return null;
  const isToDate = end >= today;
  return { key, kind: month === null ? 'YEAR' : 'MONTH', from, to: isToDate ? today : end, isToDate };
}

/** What a statement reads of each entry. */
export interface CashStatementEntry {
  kind: CashEntryKind;
  /** Signed changes of the available and held balances. */
  availableChange: number;
  heldChange: number;
  productId: number | null;
  /** ISO timestamp. */
  at: string;
  /** For a REVENUE entry: what the project withheld of the share (the entry pays in the net). */
  withheld?: number;
}

export interface CashRevenueLine {
  productId: number;
  gross: number;
  withheld: number;
  net: number;
}

export interface CashStatementFigures {
  /** The whole balance (available and held) at the start of the first day and the end of the last. */
  opening: number;
  closing: number;
  deposits: number;
  purchases: number;
  revenue: CashRevenueLine[];
  revenueTotal: { gross: number; withheld: number; net: number };
  refunds: number;
  /** Tokens bought and sold on the market (a resting buy order's money is still the investor's, held). */
  marketBought: number;
  marketSold: number;
  /** Withdrawals paid out (a pending one is still the investor's, held). */
  withdrawals: number;
  fees: number;
  /** Corrections and any other movement, signed. */
  other: number;
  /** Held at the end of the period (pending withdrawals), part of `closing`. */
  heldAtEnd: number;
}

const dayOf = (at: string) => at.slice(0, 10);

/**
 * The figures of one period. Every movement of the whole balance in the period falls in exactly
 * one figure, so closing = opening + deposits + revenue net + refunds + market sales + other −
 * purchases − market buys − withdrawals − fees, always (the tests hold it to that). Withholding is zero until a project sets
 * one, so revenue's net is its gross.
 */
export function cashStatementFigures(
  period: Pick<CashPeriod, 'from' | 'to'>,
  entries: readonly CashStatementEntry[],
): CashStatementFigures {
  const figures: CashStatementFigures = {
    opening: 0,
    closing: 0,
    deposits: 0,
    purchases: 0,
    revenue: [],
    revenueTotal: { gross: 0, withheld: 0, net: 0 },
    refunds: 0,
    marketBought: 0,
    marketSold: 0,
    withdrawals: 0,
    fees: 0,
    other: 0,
    heldAtEnd: 0,
  };
  const revenue = new Map<number, CashRevenueLine>();
  for (const entry of entries) {
    const day = dayOf(entry.at);
    const change = entry.availableChange + entry.heldChange;
    if (day < period.from) {
      figures.opening += change;
      figures.heldAtEnd += entry.heldChange;
      continue;
    }
    if (day > period.to) continue;
    figures.heldAtEnd += entry.heldChange;
    switch (entry.kind) {
      case 'DEPOSIT':
        figures.deposits += change;
        break;
      case 'PURCHASE':
        figures.purchases -= change;
        break;
      case 'REVENUE': {
        const productId = entry.productId ?? 0;
        const line = revenue.get(productId) ?? { productId, gross: 0, withheld: 0, net: 0 };
        const withheld = entry.withheld ?? 0;
        line.gross += change + withheld;
        line.withheld += withheld;
        line.net += change;
        revenue.set(productId, line);
        break;
      }
      case 'REFUND':
        figures.refunds += change;
        break;
      case 'MARKET_BUY':
        figures.marketBought -= change;
        break;
      case 'MARKET_SALE':
        figures.marketSold += change;
        break;
      case 'WITHDRAWAL_PAID':
        figures.withdrawals -= change;
        break;
      case 'FEE':
        figures.fees -= change;
        break;
      default:
        // A withdrawal or a buy order held or released moves money between available and held: zero here.
        figures.other += change;
    }
  }
  figures.revenue = [...revenue.values()].sort((a, b) => a.productId - b.productId);
  for (const line of figures.revenue) {
    figures.revenueTotal.gross += line.gross;
    figures.revenueTotal.withheld += line.withheld;
    figures.revenueTotal.net += line.net;
  }
  figures.closing =
    figures.opening +
    figures.deposits +
    figures.revenueTotal.net +
    figures.refunds +
    figures.marketSold +
    figures.other -
    figures.purchases -
    figures.marketBought -
    figures.withdrawals -
    figures.fees;
  return figures;
}

/**
 * The periods an investor has statements for: each month with an entry and each of those months'
 * years, up to `now`; newest year first, each year's annual statement before its months, newest
 * month first.
 */
export function cashStatementPeriods(now: Date, entries: readonly Pick<CashStatementEntry, 'at'>[]): CashPeriod[] {
  const months = new Set<string>();
  for (const entry of entries) months.add(entry.at.slice(0, 7));
  const keys = new Set<string>();
  for (const month of months) {
    keys.add(month);
    keys.add(month.slice(0, 4));
  }
  return [...keys]
    .map((key) => cashPeriodOf(key, now))
    .filter((period): period is CashPeriod => period !== null)
    .sort((a, b) => {
      const year = b.key.slice(0, 4).localeCompare(a.key.slice(0, 4));
      if (year) return year;
      if (a.kind !== b.kind) return a.kind === 'YEAR' ? -1 : 1;
      return b.key.localeCompare(a.key);
    });
}

// Wire

export const cashStatementSummarySchema = z.object({
  period: z.string(),
  kind: z.enum(['YEAR', 'MONTH']),
  from: z.string(),
  to: z.string(),
  isToDate: z.boolean(),
  currency: z.string(),
  opening: z.number().int(),
  closing: z.number().int(),
  downloadUrl: z.string(),
  fileName: z.string(),
});
export type CashStatementSummary = z.infer<typeof cashStatementSummarySchema>;

export const myCashStatementsResponseSchema = z.object({ statements: z.array(cashStatementSummarySchema) });
export type MyCashStatementsResponse = z.infer<typeof myCashStatementsResponseSchema>;

export const cashStatementParamsSchema = z.strictObject({
  period: z
    .string()
    .regex(/^\d{4}(?:-\d{2})?\.pdf$/, 'Ask for a year (2026.pdf) or a month (2026-11.pdf).')
    .transform((value) => value.slice(0, -'.pdf'.length)),
});
