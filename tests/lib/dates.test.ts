import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUtcDate } from '../../src/lib/dates';
import { setLocale } from '../../src/lib/i18n';
import { formattersKept } from '../../src/lib/intl';
import { stubLanguageDevice } from '../helpers/device-language';

// Every month, single and double digit days and hours, midnight and noon, both sides of a UTC day.
const MOMENTS = [
  '2026-01-01T00:00:00Z',
  '2026-02-09T09:05:00Z',
  '2026-03-15T11:59:00Z',
  '2026-04-30T12:00:00Z',
  '2026-05-31T12:30:00Z',
  '2026-06-01T13:07:00Z',
  '2026-07-04T23:59:59Z',
  '2026-08-20T07:45:00Z',
  '2026-09-09T18:00:00Z',
  '2026-10-10T10:10:00Z',
  '2026-11-22T05:43:00Z',
  '2026-12-31T22:15:00Z',
  '1999-12-31T23:30:00.000Z',
];

const day = (locale: string, extra: Intl.DateTimeFormatOptions = {}) =>
  new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', ...extra });

describe('days and moments written without an Intl formatter', () => {
  beforeEach(() => void stubLanguageDevice());
  afterEach(async () => void (await setLocale('en')));

  it('write English as Intl does, and build no formatter', async () => {
    await setLocale('en');
    const before = formattersKept();
    const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    for (const iso of MOMENTS) {
      const date = new Date(iso);
      expect(formatDate(iso), iso).toBe(day('en-US').format(date));
      expect(formatUtcDate(iso), iso).toBe(day('en-US', { timeZone: 'UTC' }).format(date));
      // Some runtimes put a narrow no-break space before AM/PM; the browser writes a plain one.
      expect(formatDateTime(iso), iso).toBe(moment.format(date).replace(/\u202f/g, ' '));
    }
    expect(formatDate(new Date('2026-11-22T12:00:00Z'))).toBe('November 22, 2026');
    expect(formatDateTime(Date.UTC(2026, 10, 2, 5, 3) + new Date().getTimezoneOffset() * 60_000)).toBe(
      'Nov 2, 2026, 5:03 AM',
    );
    expect(formattersKept()).toBe(before);
  });

  it('write Korean days as Intl does and moments as the browser does', async () => {
    await setLocale('ko');
    const before = formattersKept();
    for (const iso of MOMENTS) {
      const date = new Date(iso);
      expect(formatDate(iso), iso).toBe(day('ko-KR').format(date));
      expect(formatUtcDate(iso), iso).toBe(day('ko-KR', { timeZone: 'UTC' }).format(date));
      // The day part as Intl writes it; the half of the day in Korean words, as Chromium writes it.
      const dayPart = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium' }).format(date);
      const hours = date.getHours();
      const time = `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')}`;
      expect(formatDateTime(iso), iso).toBe(`${dayPart} ${hours < 12 ? '오전' : '오후'} ${time}`);
    }
    const local = (hours: number, minutes: number) => new Date(2026, 10, 22, hours, minutes);
    expect(formatDateTime(local(5, 43))).toBe('2026. 11. 22. 오전 5:43');
    expect(formatDateTime(local(0, 0))).toBe('2026. 11. 22. 오전 12:00');
    expect(formatDateTime(local(12, 5))).toBe('2026. 11. 22. 오후 12:05');
    expect(formatDateTime(local(23, 59))).toBe('2026. 11. 22. 오후 11:59');
    expect(formatDate(local(9, 0))).toBe('2026년 11월 22일');
    expect(formattersKept()).toBe(before);
  });

  it('still refuse a date that is not one', async () => {
    await setLocale('en');
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
  });
});
