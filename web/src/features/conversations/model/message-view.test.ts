import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_TIME_ZONE, setCompanyTimeZone } from '../../../lib/company-time';
import { messageTime } from './message-view';

describe("a message's time", () => {
  afterEach(() => setCompanyTimeZone(DEFAULT_COMPANY_TIME_ZONE));
  // 11:00 pm on 30 Nov in India; a browser in London reads it as 5:30 pm on 30 Nov.
  const now = new Date('2026-11-30T23:00:00+05:30');

  it("shows only the time for the company's today, the day as well before it", () => {
    expect(messageTime('2026-11-30T00:10:00+05:30', now)).toBe('12:10 am');
    expect(messageTime('2026-11-29T23:50:00+05:30', now)).toBe('29 Nov, 11:50 pm');
  });

  it("counts today by the company's clock, not the browser's", () => {
    // 20:00 in London on 29 Nov is already 30 Nov in India: today.
    expect(messageTime('2026-11-29T20:00:00Z', now)).toBe('1:30 am');
    setCompanyTimeZone('Europe/London');
    expect(messageTime('2026-11-29T20:00:00Z', now)).toBe('29 Nov, 8:00 pm');
  });

  it('is empty for a time that cannot be read', () => {
    expect(messageTime('not a time', now)).toBe('');
  });
});
