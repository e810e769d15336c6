import { getLocale } from './i18n';
import { numberFormat } from './intl';
import { isWholeAmount, minorUnitDigits, toMajorUnits } from '../domain/money';

/**
 * The formatter for a currency and number of decimals in the investor's language. The currency
 * is the platform's; only how it is written follows the language.
 */
export function currencyFormatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  return numberFormat(getLocale(), {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
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
  return numberFormat(getLocale()).format(value);
}
