import { describe, expect, it } from 'vitest';
import { companyDay } from './company-time';

describe('companyDay', () => {
  it("writes the company's day as YYYY-MM-DD", () => {
    // 20:00 in London on 5 Jan is 01:30 on 6 Jan in India.
    expect(companyDay(new Date('2025-01-05T20:00:00Z'))).toBe('2025-01-06');
    expect(companyDay(new Date('2025-01-05T23:59:00+05:30'))).toBe('2025-01-05');
  });
});
