import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_TIME_ZONE, companyTimeZone, setCompanyTimeZone } from './company-time';
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

describe("dates as en-IN, on the company's clock", () => {
  const ist = (local: string) => new Date(`${local}+05:30`);
  const when = ist('2025-01-05T14:30:00');
  const sameYear = ist('2025-06-01T00:00:00');
  const nextYear = ist('2026-06-01T00:00:00');
  afterEach(() => setCompanyTimeZone(DEFAULT_COMPANY_TIME_ZONE));

  it('writes a day of this year without the year, of another year with it', () => {
    expect(formatDate(when, sameYear)).toBe('5 Jan');
    expect(formatDate(when.toISOString(), sameYear)).toBe('5 Jan');
    expect(formatDate(when, nextYear)).toBe('5 Jan 2025');
  });

  it('writes a day and time as "25 Nov, 7:47 pm"', () => {
    expect(formatDateTime(ist('2025-11-25T19:47:00'), sameYear)).toBe('25 Nov, 7:47 pm');
    expect(formatDateTime(when, nextYear)).toBe('5 Jan 2025, 2:30 pm');
    expect(formatTime(when)).toBe('2:30 pm');
  });

  it("reads India's time whatever the browser's zone, and the zone the settings name", () => {
    const newYearsEveInLondon = new Date('2025-12-31T20:00:00Z');
    expect(formatDateTime(newYearsEveInLondon, sameYear)).toBe('1 Jan 2026, 1:30 am');
    expect(formatDate(newYearsEveInLondon, nextYear)).toBe('1 Jan');
    setCompanyTimeZone('Europe/London');
    expect(formatDateTime(newYearsEveInLondon, nextYear)).toBe('31 Dec 2025, 8:00 pm');
    setCompanyTimeZone('Not/A_Zone');
    expect(companyTimeZone()).toBe('Europe/London');
  });

  it('writes a day written YYYY-MM-DD as it stands, in any zone', () => {
    setCompanyTimeZone('America/Los_Angeles');
    expect(formatDate('2025-01-05', sameYear)).toBe('5 Jan');
    expect(formatDate('2025-01-05', nextYear)).toBe('5 Jan 2025');
  });

  it("writes a chart's day key as '27 Oct', in any zone", () => {
    expect(formatDayKey('2026-10-27')).toBe('27 Oct');
    setCompanyTimeZone('America/Los_Angeles');
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
