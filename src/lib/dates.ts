import { getLocale } from './i18n';

/**
 * One format per purpose, in the current language (ISO strings on the wire):
 * - formatDate: a calendar day (a post, a deadline, a document's update): "November 22, 2026".
 * - formatDateTime: a moment (an account event, when data was saved): "Nov 22, 2026, 5:43 AM".
 * Every date on screen goes through one of these.
 */
export function formatDate(value: string | number | Date): string {
  return new Intl.DateTimeFormat(getLocale(), { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(value),
  );
}

export function formatDateTime(value: string | number | Date): string {
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** A calendar day fixed in UTC (a sale's end date is the same day for everyone). */
export function formatUtcDate(value: string | number | Date): string {
  return new Intl.DateTimeFormat(getLocale(), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(value));
}
