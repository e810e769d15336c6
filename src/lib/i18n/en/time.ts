/** Short durations shown on counters ("2 d 4 h"): enough precision to act on. */
export const time = {
  'time.daysHours': '{days} d {hours} h',
  'time.hoursMinutes': '{hours} h {minutes} min',
  'time.minutesSeconds': '{minutes} min {seconds} s',
} as const;
