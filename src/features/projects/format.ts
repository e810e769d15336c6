import { isWholeAmount, minorUnitDigits, toMajorUnits } from '../../domain/money';
import { shortenNumber } from '../../domain/numbers';

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Minor units to a full amount: 2550 USD cents -> "$25.50", 2500 -> "$25", 2500 KRW -> "₩2,500". */
export function formatMoney(minor: number, currency: string): string {
  const digits = isWholeAmount(minor, currency) ? 0 : minorUnitDigits(currency);
  return currencyFormatter(currency, digits).format(toMajorUnits(minor, currency));
}

/** Minor units to a short amount for cards: 59_500_000 cents -> "$595K". */
export function formatCompactMoney(minor: number, currency: string): string {
  const symbol = currencyFormatter(currency, 0)
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value;
  return `${symbol ?? `${currency} `}${shortenNumber(toMajorUnits(minor, currency))}`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
