import { toMajorUnits } from '../../domain/money';
import { shortenNumber } from '../../domain/numbers';
import { currencyFormatter, formatMoney } from '../../lib/money';

export { formatMoney };

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
