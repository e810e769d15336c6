import { getLocale } from './i18n';
import { isWholeAmount, minorUnitDigits, toMajorUnits } from '../domain/money';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * One cached Intl formatter per language, currency and number of decimals. The currency is the
 * platform's; only how it is written follows the investor's language.
 */
export function currencyFormatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const locale = getLocale();
  const key = `${locale}:${currency}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
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

/** Minor units to the exact amount to transfer, always with every minor digit: 2500 USD -> "$25.00". */
export function formatExactMoney(minor: number, currency: string): string {
  return currencyFormatter(currency, minorUnitDigits(currency)).format(toMajorUnits(minor, currency));
}

/** A count (tokens, holders, votes) written the investor's way: 12,345. */
export function formatNumber(value: number): string {
  return value.toLocaleString(getLocale());
}
