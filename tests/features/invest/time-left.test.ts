import { describe, expect, it } from 'vitest';
import { formatTimeLeft, msUntil } from '../../../src/features/invest/time-left';

describe('time left before a deadline', () => {
  it('never goes below zero once the deadline has passed', () => {
    const deadline = '2026-11-25T06:00:00.000Z';
    expect(msUntil(deadline, Date.parse('2026-11-25T05:59:00.000Z'))).toBe(60_000);
    expect(msUntil(deadline, Date.parse('2026-11-25T07:00:00.000Z'))).toBe(0);
  });

  it('shows days and hours, then hours and minutes, then minutes and seconds', () => {
    expect(formatTimeLeft((2 * 86_400 + 23 * 3600 + 59 * 60) * 1000)).toBe('2 d 23 h');
    expect(formatTimeLeft((5 * 3600 + 7 * 60 + 30) * 1000)).toBe('5 h 07 min');
    expect(formatTimeLeft((4 * 60 + 5) * 1000 + 999)).toBe('4 min 05 s');
    expect(formatTimeLeft(0)).toBe('0 min 00 s');
  });
});
