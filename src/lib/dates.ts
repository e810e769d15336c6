import { getLocale } from './i18n';
import { dateTimeFormat } from './intl';
import { written } from './moments';

export { formatDateTime } from './moments';

/**
 * One format per purpose, in the current language (ISO strings on the wire):
 * - formatDate: a calendar day (a post, a deadline, a document's update): "November 22, 2026".
 * - formatDateTime (src/lib/moments.ts, which the first page needs alone): a moment (an account
 *   event, when data was saved): "Nov 22, 2026, 5:43 AM".
 * Every date on screen goes through one of these.
 */
export function formatDate(value: string | number | Date): string {
  return (
    written(value, false) ??
    dateTimeFormat(getLocale(), { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(value))
  );
}

/** A calendar day fixed in UTC (a sale's end date is the same day for everyone). */
export function formatUtcDate(value: string | number | Date): string {
  return (
    written(value, false, true) ??
    dateTimeFormat(getLocale(), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(value),
    )
  );
}

/**
 * How the browser's own date field asks for a date ("MM/DD/YYYY" in the US, "DD/MM/YYYY" in the
 * UK), so a hint beside it names the same order. The field follows the browser's language.
 */
export function dateInputPattern(locale = typeof navigator === 'undefined' ? getLocale() : navigator.language): string {
  const names: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'DD', month: 'MM', year: 'YYYY' };
  return dateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(Date.UTC(2000, 11, 31)))
    .map((part) => names[part.type] ?? part.value)
    .join('');
}
