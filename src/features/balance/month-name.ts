import { getLocale } from '../../lib/i18n';
import { dateTimeFormat } from '../../lib/intl';

/** "2026-11" as the investor reads a month: "November 2026", "2026년 11월". */
export function formatMonthName(month: string): string {
  return dateTimeFormat(getLocale(), { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}
