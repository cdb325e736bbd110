import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayKey,
  formatINR,
  formatTime,
  onFirstUse,
} from './format';

describe('formatINR', () => {
  it.each([
    [1234567.5, '₹12,34,567.50'],
    [492314, '₹4,92,314'],
    [0, '₹0'],
    [999.999, '₹1,000'],
    [10.05, '₹10.05'],
    [-2500, '-₹2,500'],
    ['1500', '₹1,500'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatINR(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('shows a dash for %s', (value) => {
    expect(formatINR(value)).toBe('—');
  });
});

describe('dates as en-IN', () => {
  const when = new Date(2025, 0, 5, 14, 30);
  const sameYear = new Date(2025, 5, 1);
  const nextYear = new Date(2026, 5, 1);

  it('writes a day of this year without the year, of another year with it', () => {
    expect(formatDate(when, sameYear)).toBe('5 Jan');
    expect(formatDate(when.toISOString(), sameYear)).toBe('5 Jan');
    expect(formatDate(when, nextYear)).toBe('5 Jan 2025');
  });

  it('writes a day and time as "25 Nov, 7:47 pm"', () => {
    expect(formatDateTime(new Date(2025, 10, 25, 19, 47), sameYear)).toBe('25 Nov, 7:47 pm');
    expect(formatDateTime(when, nextYear)).toBe('5 Jan 2025, 2:30 pm');
    expect(formatTime(when)).toBe('2:30 pm');
  });

  it("writes a chart's day key as '27 Oct'", () => {
    expect(formatDayKey('2026-10-27')).toBe('27 Oct');
    expect(formatDayKey('2026-10')).toBe('2026-10');
  });

  it.each([null, undefined, '', 'not a date'])('shows a dash for %s', (value) => {
    expect(formatDate(value)).toBe('—');
    expect(formatDateTime(value)).toBe('—');
  });
});

describe('a formatter made on first use', () => {
  it('is made once, when first asked for, not when its module loads', () => {
    let made = 0;
    const formatter = onFirstUse(() => {
      made += 1;
      return new Intl.NumberFormat('en-IN');
    });
    expect(made).toBe(0);
    expect(formatter().format(1234567)).toBe('12,34,567');
    expect(formatter()).toBe(formatter());
    expect(made).toBe(1);
  });
});
