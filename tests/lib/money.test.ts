import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCompactMoney } from '../../src/features/projects/format';
import { COMMON_MINOR_UNIT_DIGITS, minorUnitDigits } from '../../src/domain/money';
import { getLocale, setLocale } from '../../src/lib/i18n';
import { formattersKept } from '../../src/lib/intl';
import { CURRENCY_SYMBOLS, currencySymbol, formatExactMoney, formatMoney, formatNumber } from '../../src/lib/money';
import { stubLanguageDevice } from '../helpers/device-language';

// Whole amounts, fractions, one minor unit, negatives, and past a million of every currency.
const AMOUNTS = [
  0, 1, 5, 99, 100, 2500, 2550, 100_000, 123_456, 1_000_000, 59_500_000, 1_234_567_891, -5, -2550, -1_234_567,
];
const COUNTS = [0, 7, 999, 1000, 12_345, 1_234_567, -1_234_567, 2 ** 53 - 1];

function intlAmount(minor: number, currency: string, locale: string, fraction: boolean): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction ? digits : 0,
    maximumFractionDigits: fraction ? digits : 0,
  }).format(minor / 10 ** digits);
}

describe('amounts and counts written without an Intl formatter', () => {
  beforeEach(() => void stubLanguageDevice());
  afterEach(async () => void (await setLocale('en')));

  it('list each common currency with the digits the runtime gives it', () => {
    for (const [currency, digits] of Object.entries(COMMON_MINOR_UNIT_DIGITS)) {
      const runtime = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions();
      expect(runtime.maximumFractionDigits, currency).toBe(digits);
    }
    // Any other currency is still read from the runtime.
    expect(minorUnitDigits('BHD')).toBe(3);
  });

  it('write every listed currency in both languages exactly as Intl does, and build no formatter', async () => {
    expect(Object.keys(CURRENCY_SYMBOLS).sort()).toEqual(['en-US', 'ko-KR']);
    for (const language of ['en', 'ko'] as const) {
      await setLocale(language);
      const locale = getLocale();
      const before = formattersKept();
      for (const currency of Object.keys(CURRENCY_SYMBOLS[locale]!)) {
        const digits = minorUnitDigits(currency);
        for (const minor of AMOUNTS) {
          const whole = minor % 10 ** digits === 0;
          expect(formatMoney(minor, currency), `${locale} ${currency} ${minor}`).toBe(
            intlAmount(minor, currency, locale, !whole),
          );
          expect(formatExactMoney(minor, currency), `${locale} ${currency} ${minor}`).toBe(
            intlAmount(minor, currency, locale, true),
          );
        }
        const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value;
        expect(currencySymbol(currency)).toBe(symbol);
      }
      for (const count of COUNTS) expect(formatNumber(count)).toBe(new Intl.NumberFormat(locale).format(count));
      expect(formattersKept(), 'no Intl formatter was built').toBe(before);
    }
  });

  it('leave other currencies and fractional counts to Intl, written the same way', async () => {
    await setLocale('en');
    const before = formattersKept();
    expect(formatMoney(2550, 'CHF')).toBe(intlAmount(2550, 'CHF', 'en-US', true));
    expect(formatMoney(1_500_000, 'BHD')).toBe(intlAmount(1_500_000, 'BHD', 'en-US', false));
    expect(formatExactMoney(1_500_001, 'BHD')).toBe(intlAmount(1_500_001, 'BHD', 'en-US', true));
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formattersKept()).toBeGreaterThan(before);
    // A symbol of letters keeps its (no-break) space before a short amount too.
    expect(formatCompactMoney(59_500_000, 'CHF')).toBe('CHF\u00a0595K');
    expect(formatCompactMoney(59_500_000, 'KRW')).toBe('₩59.5M');
  });
});
