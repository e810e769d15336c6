/**
 * The pure rules of a project's sale (spec §4 and §9), shared by the server, which computes
 * list cards and details from stored facts, and the client, which formats them.
 */
export const saleStatuses = ['SALE', 'SALE_END', 'SALE_BEFORE', 'CLOSING_SOON'] as const;
export type SaleStatus = (typeof saleStatuses)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A sale ends "soon" in its last week. */
export const CLOSING_SOON_DAYS = 7;

export interface SaleFacts {
  startsAt: string | null;
  endsAt: string | null;
  totalQuantity: number;
  remainingQuantity: number;
}

/** Tokens sold, kept inside 0…total whatever the stored remaining quantity says. */
export function soldQuantity({
  totalQuantity,
  remainingQuantity,
}: Pick<SaleFacts, 'totalQuantity' | 'remainingQuantity'>) {
  const remaining = Math.min(Math.max(remainingQuantity, 0), Math.max(totalQuantity, 0));
  return Math.max(totalQuantity, 0) - remaining;
}

/** Raised amount = price x (total quantity - remaining quantity), in minor units. */
export function raisedAmount(
  pricePerToken: number,
  facts: Pick<SaleFacts, 'totalQuantity' | 'remainingQuantity'>,
): number {
  return pricePerToken * soldQuantity(facts);
}

/** Raised amount over the target cap, times 100; 0 when there is no cap. Two decimals. */
export function raisedPercentage(raised: number, targetCap: number | null): number {
  if (!targetCap || targetCap <= 0) return 0;
  return Math.floor((raised / targetCap) * 100 * 100) / 100;
}

/** Whole days left until the end date (0 on the last day and after it); null without an end date. */
export function remainingDays(endsAt: string | null, now: Date): number | null {
  if (!endsAt) return null;
  const left = Date.parse(endsAt) - now.getTime();
  return left <= 0 ? 0 : Math.floor(left / DAY_MS);
}

export function isSoldOut(facts: Pick<SaleFacts, 'totalQuantity' | 'remainingQuantity'>): boolean {
  return facts.totalQuantity > 0 && soldQuantity(facts) >= facts.totalQuantity;
}

/**
 * SALE_BEFORE until the start, SALE_END once sold out or past the end, CLOSING_SOON in the
 * last week before the end, SALE otherwise.
 */
/** A sale ending at or before this moment is closing soon (its SQL twin filters by it). */
export function closingSoonUntil(now: Date): Date {
  return new Date(now.getTime() + CLOSING_SOON_DAYS * DAY_MS);
}

export function deriveSaleStatus(facts: SaleFacts, now: Date): SaleStatus {
  const at = now.getTime();
  if (facts.startsAt && at < Date.parse(facts.startsAt)) return 'SALE_BEFORE';
  if (isSoldOut(facts)) return 'SALE_END';
  if (facts.endsAt) {
    const end = Date.parse(facts.endsAt);
    if (at >= end) return 'SALE_END';
    if (end <= closingSoonUntil(now).getTime()) return 'CLOSING_SOON';
  }
  return 'SALE';
}

/** A request for SALE also returns SALE_BEFORE (spec §9). */
export function saleStatusesFor(requested: SaleStatus): SaleStatus[] {
  return requested === 'SALE' ? ['SALE', 'SALE_BEFORE'] : [requested];
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type Deadline = { day: number; month: (typeof monthNames)[number]; year: number } | '-';

/** The deadline as day, month name and year (UTC), or '-' without an end date. */
export function deadlineOf(endsAt: string | null): Deadline {
  if (!endsAt) return '-';
  const date = new Date(endsAt);
  if (Number.isNaN(date.getTime())) return '-';
  return { day: date.getUTCDate(), month: monthNames[date.getUTCMonth()]!, year: date.getUTCFullYear() };
}

export function formatDeadline(deadline: { day: number; month: string; year: number } | '-'): string {
  return deadline === '-' ? '-' : `${deadline.day} ${deadline.month} ${deadline.year}`;
}
