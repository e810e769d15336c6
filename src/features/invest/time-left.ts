import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n';

/** Milliseconds until `iso`, never below zero. */
export function msUntil(iso: string, now: number): number {
  return Math.max(0, new Date(iso).getTime() - now);
}

/** "2 d 4 h", "3 h 12 min", "4 min 05 s": enough precision to act on, never a wall of digits. */
export function formatTimeLeft(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return t('time.daysHours', { days, hours });
  if (hours > 0) return t('time.hoursMinutes', { hours, minutes: String(minutes).padStart(2, '0') });
  return t('time.minutesSeconds', { minutes, seconds: String(seconds).padStart(2, '0') });
}

/** The current time, ticking every `intervalMs` while mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
