import { getLocale } from './i18n';
import { dateTimeFormat } from './intl';

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/**
 * A day or a moment written in one of the app's two languages (getLocale() gives 'en-US' or
 * 'ko-KR') from the date's own fields, as their calendars write them: "November 22, 2026",
 * "2026년 11월 22일", "Nov 22, 2026, 5:43 AM", "2026. 11. 22. 오전 5:43". No Intl formatter is
 * built: the first one of a page load sets up the browser's date library, some 40 ms of a
 * desktop's processor and four times that on a phone, in the middle of the page's first render
 * (src/lib/money.ts does the same for amounts). tests/lib/dates.test.ts holds them to Intl's.
 */
export function written(value: string | number | Date, withTime: boolean, utc?: boolean): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const [year, month, day] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
    : [date.getFullYear(), date.getMonth(), date.getDate()];
  const hours = date.getHours();
  const time = `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')}`;
  // getLocale() is 'en-US' or 'ko-KR' (src/lib/i18n): the app speaks these two.
  if (getLocale() === 'ko-KR') {
    return `${year}${withTime ? `. ${month + 1}. ${day}. ${hours < 12 ? '오전' : '오후'} ${time}` : `년 ${month + 1}월 ${day}일`}`;
  }
  return withTime
    ? `${MONTHS[month]!.slice(0, 3)} ${day}, ${year}, ${time} ${hours < 12 ? 'AM' : 'PM'}`
    : `${MONTHS[month]} ${day}, ${year}`;
}

/** A moment (an account event, when data was saved): "Nov 22, 2026, 5:43 AM". See src/lib/dates.ts. */
export function formatDateTime(value: string | number | Date): string {
  return (
    written(value, true) ??
    dateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
  );
}
