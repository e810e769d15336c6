import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, displayNames, FORMATTERS_KEPT, formattersKept, numberFormat } from '../../src/lib/intl';

describe('Intl formatters', () => {
  it('are built once per language and options, and written as a fresh one would write', () => {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
    const english = dateTimeFormat('en', options);
    expect(dateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' })).toBe(english);
    expect(dateTimeFormat('ko', options)).not.toBe(english);
    expect(dateTimeFormat('en', { ...options, timeZone: 'UTC' })).not.toBe(english);
    const day = new Date('2026-11-22T12:00:00Z');
    expect(english.format(day)).toBe(new Intl.DateTimeFormat('en', options).format(day));
    expect(dateTimeFormat('ko', options).format(day)).toBe('2026년 11월 22일');

    const won = numberFormat('ko', { style: 'currency', currency: 'KRW' });
    expect(numberFormat('ko', { style: 'currency', currency: 'KRW' })).toBe(won);
    expect(numberFormat('ko', { style: 'currency', currency: 'USD' })).not.toBe(won);
    expect(won.format(2500)).toBe('₩2,500');
    expect(numberFormat('en').format(12345)).toBe('12,345');

    const regions = displayNames('en', { type: 'region' });
    expect(displayNames('en', { type: 'region' })).toBe(regions);
    expect(regions.of('KR')).toBe('South Korea');
  });

  it('are built in one place only: the app never builds one per call', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const builders = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => `src/${file.split(path.sep).join('/')}`)
      .filter((file) =>
        /new Intl\.(DateTimeFormat|NumberFormat|DisplayNames)\(/.test(readFileSync(path.join(root, file), 'utf8')),
      )
      .sort();
    // The minor-unit lookup in the domain keeps its one formatter per currency itself.
    expect(builders).toEqual(['src/domain/money.ts', 'src/lib/intl.ts']);
  });

  it('keeps at most their bound however many different ones are asked for', () => {
    const first = numberFormat('en', { minimumIntegerDigits: 1 });
    for (let digits = 1; digits <= 21; digits += 1) {
      for (const locale of ['en', 'ko', 'ja', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'pl']) {
        numberFormat(locale, { minimumIntegerDigits: digits });
      }
    }
    expect(formattersKept()).toBe(FORMATTERS_KEPT);
    // The one built longest ago went; asking again builds a new one that writes the same.
    const again = numberFormat('en', { minimumIntegerDigits: 1 });
    expect(again).not.toBe(first);
    expect(again.format(7)).toBe(first.format(7));
    expect(formattersKept()).toBe(FORMATTERS_KEPT);
  });
});
