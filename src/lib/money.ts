import { getLocale } from './i18n';
import { numberFormat } from './intl';
import { isWholeAmount, minorUnitDigits, toMajorUnits } from '../domain/money';

/**
 * How the app's two languages write the common currencies' symbols. With them, an amount or a
 * count in these languages is written by string arithmetic on its integer (below) and no Intl
 * formatter is built: the first one a page load builds sets up the browser's number library,
 * some 45 ms of a desktop's processor and four times that on a phone, in the middle of the
 * page's first render. Both languages write an amount the same way around the symbol: the minus
 * sign, the symbol, the whole part grouped in thousands by commas, then a point and the fraction.
 * Any other currency or language goes through Intl. tests/lib/money.test.ts checks every entry
 * against the runtime's own formatter, amounts and counts alike.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'en-US': { USD: '$', KRW: '₩', EUR: '€', JPY: '¥', GBP: '£', CNY: 'CN¥', HKD: 'HK$', AUD: 'A$', CAD: 'CA$' },
  'ko-KR': { USD: 'US$', KRW: '₩', EUR: '€', JPY: 'JP¥', GBP: '£', CNY: 'CN¥', HKD: 'HK$', AUD: 'AU$', CAD: 'CA$' },
};

/** A whole number of any size in digits grouped by thousands: 1234567 -> "1,234,567". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * Minor units with every minor digit (`fraction`) or as a whole amount, in the current
 * language, or null when the currency or the language is not one written out above (or the
 * amount is not an exact integer, or a whole amount has a fraction).
 */
function writtenAmount(minor: number, currency: string, fraction: boolean): string | null {
  const symbol = CURRENCY_SYMBOLS[getLocale()]?.[currency];
  if (symbol === undefined || !Number.isSafeInteger(minor)) return null;
  const digits = minorUnitDigits(currency);
  const units = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = units.slice(0, units.length - digits);
  const cents = units.slice(units.length - digits);
  if (!fraction && /[1-9]/.test(cents)) return null;
  return `${minor < 0 ? '-' : ''}${symbol}${grouped(whole)}${fraction && digits > 0 ? `.${cents}` : ''}`;
}

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

/** How the current language writes the currency before an amount: "$", "US$", "₩", "CHF ". */
export function currencySymbol(currency: string): string {
  const symbol = CURRENCY_SYMBOLS[getLocale()]?.[currency];
  if (symbol !== undefined) return symbol;
  const parts = currencyFormatter(currency, 0).formatToParts(0);
  const at = parts.findIndex((part) => part.type === 'currency');
  if (at < 0) return `${currency} `;
  return `${parts[at]!.value}${parts[at + 1]?.type === 'literal' ? parts[at + 1]!.value : ''}`;
}

/** Minor units to a full amount: 2550 USD cents -> "$25.50", 2500 -> "$25", 2500 KRW -> "₩2,500". */
export function formatMoney(minor: number, currency: string): string {
  const whole = isWholeAmount(minor, currency);
  return (
    writtenAmount(minor, currency, !whole) ??
    currencyFormatter(currency, whole ? 0 : minorUnitDigits(currency)).format(toMajorUnits(minor, currency))
  );
}

/** Minor units to the exact amount to transfer, always with every minor digit: 2500 USD -> "$25.00". */
export function formatExactMoney(minor: number, currency: string): string {
  return (
    writtenAmount(minor, currency, true) ??
    currencyFormatter(currency, minorUnitDigits(currency)).format(toMajorUnits(minor, currency))
  );
}

/** A count (tokens, holders, votes) written the investor's way: 12,345. */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value) && CURRENCY_SYMBOLS[getLocale()]) {
    return `${value < 0 ? '-' : ''}${grouped(String(Math.abs(value)))}`;
  }
  return numberFormat(getLocale()).format(value);
}
