import { toMajorUnits } from '../../domain/money';
import { shortenNumber } from '../../domain/numbers';
import { currencySymbol, formatMoney, formatNumber } from '../../lib/money';

export { formatMoney };

/** Minor units to a short amount for cards: 59_500_000 cents -> "$595K". */
export function formatCompactMoney(minor: number, currency: string): string {
  return `${currencySymbol(currency)}${shortenNumber(toMajorUnits(minor, currency))}`;
}

export function formatCount(value: number): string {
  return formatNumber(value);
}

/**
 * The one rule for percentages: one decimal below 10 %, whole numbers from 10 %, always rounded
 * down, so a goal never shows as reached before it is, and anything raised never shows as 0 %.
 */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0%';
  const digits = value < 10 ? 1 : 0;
  const factor = 10 ** digits;
  const shown = Math.max(Math.floor(value * factor) / factor, 1 / factor);
  return `${shown.toFixed(digits).replace(/\.0$/, '')}%`;
}

/** A token contract address as people check it: valid (0x and 40 hex digits) and shortened. */
export function isContractAddress(value: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(value);
}

export function shortenAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
