import { t } from '../../lib/i18n';

/** How long something has waited: "2 d 4 h", "3 h 12 min", "4 min 05 s". */
export function formatAge(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('time.daysHours', { days, hours });
  if (hours > 0) return t('time.hoursMinutes', { hours, minutes: String(minutes).padStart(2, '0') });
  return t('time.minutesSeconds', { minutes, seconds: String(seconds % 60).padStart(2, '0') });
}
