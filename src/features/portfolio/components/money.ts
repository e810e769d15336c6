import { getLocale } from '../../../lib/i18n';
import { dateTimeFormat } from '../../../lib/intl';

/** Minor units as money in the investor's language. */
export { formatMoney } from '../../../lib/money';

export function formatMonth(date: string): string {
  return dateTimeFormat(getLocale(), { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
