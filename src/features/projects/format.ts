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

/** Minor units to a full amount: 2500 USD cents -> "$25.00". */
export function formatMoney(minor: number, currency: string): string {
  const whole = minor % 100 === 0;
  return currencyFormatter(currency, whole ? 0 : 2).format(minor / 100);
}

/** Minor units to a short amount for cards: 59_500_000 cents -> "$595K". */
export function formatCompactMoney(minor: number, currency: string): string {
  const symbol = currencyFormatter(currency, 0)
    .formatToParts(0)
    .find((part) => part.type === 'currency')?.value;
  return `${symbol ?? `${currency} `}${shortenNumber(minor / 100)}`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
