import type { time as english } from '../en/time';

/** 남은 시간 표시("2일 4시간"). */
export const time = {
  'time.daysHours': '{days}일 {hours}시간',
  'time.hoursMinutes': '{hours}시간 {minutes}분',
  'time.minutesSeconds': '{minutes}분 {seconds}초',
} satisfies Record<keyof typeof english, string>;
