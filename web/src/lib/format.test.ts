import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatINR } from './format';

describe('formatINR', () => {
  it.each([
    [1234567.5, '₹12,34,567.50'],
    [0, '₹0.00'],
    [999.999, '₹1,000.00'],
    [-2500, '-₹2,500.00'],
    ['1500', '₹1,500.00'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatINR(value)).toBe(expected);
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('shows a dash for %s', (value) => {
    expect(formatINR(value)).toBe('—');
  });
});

describe('dates', () => {
  const when = new Date(2025, 0, 5, 14, 30);

  it('formats a day as en-IN', () => {
    expect(formatDate(when)).toBe('05 Jan 2025');
    expect(formatDate(when.toISOString())).toBe('05 Jan 2025');
  });

  it('formats a day and time as en-IN', () => {
    // ICU may put a narrow no-break space before am/pm.
    expect(formatDateTime(when).replace(/\s/g, ' ')).toBe('05 Jan 2025, 2:30 pm');
  });

  it.each([null, undefined, '', 'not a date'])('shows a dash for %s', (value) => {
    expect(formatDate(value)).toBe('—');
    expect(formatDateTime(value)).toBe('—');
  });
});
