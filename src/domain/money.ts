/**
 * Money is stored and sent as integer minor units of the platform currency. How many digits
 * the minor unit has is the currency's (ISO 4217: USD cents 2, KRW and JPY 0, BHD 3). The common
 * currencies are listed here, so a page that shows amounts builds no Intl formatter to learn
 * them (src/lib/money.ts says why); any other is read from the runtime's own currency data.
 * tests/domain/rules.test.ts checks the list against that data.
 */
export const COMMON_MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CNY: 2,
  HKD: 2,
  AUD: 2,
  CAD: 2,
  KRW: 0,
  JPY: 0,
};

const digitsByCurrency = new Map<string, number>(Object.entries(COMMON_MINOR_UNIT_DIGITS));

export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Minor units to the amount in whole currency units: 2550 USD -> 25.5, 2550 KRW -> 2550. */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

/** Major units back to integer minor units (a chart axis tick): 25.5 USD -> 2550, 2550 KRW -> 2550. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** minorUnitDigits(currency));
}

/** Whether an amount in minor units is a whole number of major units (shown without decimals). */
export function isWholeAmount(minor: number, currency: string): boolean {
  return minor % 10 ** minorUnitDigits(currency) === 0;
}

/**
 * The one formatter for plain amounts (what is copied into a bank transfer, written to a CSV
 * cell or printed by the command line): minor units as a decimal numeral in major units with
 * the currency's digits, by integer arithmetic (no rounding), no symbol and no grouping:
 * 2550 USD -> "25.50", -5 USD -> "-0.05", 2550 KRW -> "2550". Never `minor / 100`: the
 * divisor is the currency's (tests/domain/money-division.test.ts fails on it).
 */
export function toMajorUnitsNumeral(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${sign}${whole}`;
  const padded = whole.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Minor units written in a language with the currency's own digits: 1234567 USD in 'ko' →
 * "US$12,345.67", 2500 KRW in 'en' → "₩2,500".
 */
export function formatMinorUnitsIn(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(toMajorUnits(minor, currency));
}

/** A plain amount with its currency code, for texts outside the app (command line, demo data): "25.50 USD". */
export function formatPlainAmount(minor: number, currency: string): string {
  return `${toMajorUnitsNumeral(minor, currency)} ${currency}`;
}

/**
 * An amount typed in major units ("25.5", "1,000") to integer minor units, by string arithmetic
 * (no floating point): "25.5" USD -> 2550, "1,000" KRW -> 1000. Null when it is not a positive
 * amount the currency can hold: more decimals than its minor unit ("10.5" KRW, "1.005" USD),
 * signs, letters, or beyond what an integer holds exactly.
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replace(/,/g, '');
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/**
 * A decimal numeral in major units, as a person or a bank writes it, to integer minor units by
 * string arithmetic (never through a float): "25.5" USD -> 2550, "1,234,000" KRW -> 1234000.
 * Thousands separators (`,`, spaces, `'`) and a leading `+` are accepted; more fraction digits
 * than the currency has, a sign other than `+`, or anything else answers null.
 */
export function parseMajorUnitsNumeral(text: string, currency: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s,']/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const digits = minorUnitDigits(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const minor = Number(`${match[1]}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}
