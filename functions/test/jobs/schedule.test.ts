import { describe, expect, it } from 'vitest';
import { cronMatches, parseSchedule } from '../../src/jobs/schedule';

describe('job schedules', () => {
  it('reads intervals', () => {
    expect(parseSchedule('every 15 minutes')).toEqual({ kind: 'interval', everyMs: 900_000 });
    expect(parseSchedule('every 1 hours')).toEqual({ kind: 'interval', everyMs: 3_600_000 });
  });

  it('matches a daily cron in the company time zone', () => {
    const morning = parseSchedule('30 8 * * *');
    // 08:30 in Kolkata is 03:00 UTC.
    expect(cronMatches(morning, new Date('2026-11-21T03:00:00Z'), 'Asia/Kolkata')).toBe(true);
    expect(cronMatches(morning, new Date('2026-11-21T08:30:00Z'), 'Asia/Kolkata')).toBe(false);
  });

  it('supports steps, lists and weekdays', () => {
    const quarterHours = parseSchedule('*/15 * * * *');
    expect(cronMatches(quarterHours, new Date('2026-11-21T10:45:00Z'), 'UTC')).toBe(true);
    expect(cronMatches(quarterHours, new Date('2026-11-21T10:50:00Z'), 'UTC')).toBe(false);
    const weekdays = parseSchedule('0 9 * * 1,2,3,4,5');
    expect(cronMatches(weekdays, new Date('2026-11-20T09:00:00Z'), 'UTC')).toBe(true); // a Friday
    expect(cronMatches(weekdays, new Date('2026-11-21T09:00:00Z'), 'UTC')).toBe(false); // a Saturday
  });

  it('refuses what it cannot honour', () => {
    expect(() => parseSchedule('every day')).toThrow(/Unsupported schedule/);
    expect(() => parseSchedule('0 25 * * *')).toThrow(/Unsupported cron field/);
  });
});
