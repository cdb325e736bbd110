import { describe, expect, it } from 'vitest';
import { getConfig } from '../src/config';

describe('getConfig', () => {
  it('defaults to the Asia/Kolkata time zone and 280 s streams', () => {
    const defaults = {
      timeZone: 'Asia/Kolkata',
      notificationStreamMaxMs: 280_000,
    };
    expect(getConfig({})).toEqual(defaults);
    expect(getConfig({ COMPANY_TIME_ZONE: '', NOTIFICATION_STREAM_MAX_MS: ' ' })).toEqual(defaults);
  });

  it('reads COMPANY_TIME_ZONE and NOTIFICATION_STREAM_MAX_MS', () => {
    expect(
      getConfig({
        COMPANY_TIME_ZONE: 'Asia/Dubai',
        NOTIFICATION_STREAM_MAX_MS: '30000',
      }),
    ).toEqual({ timeZone: 'Asia/Dubai', notificationStreamMaxMs: 30_000 });
  });

  it('refuses a stream lifetime that is not a whole number of ms up to 280 s', () => {
    for (const value of ['0', '-5', '1.5', '30s', '280001'])
      expect(() => getConfig({ NOTIFICATION_STREAM_MAX_MS: value })).toThrow(
        `NOTIFICATION_STREAM_MAX_MS must be a whole number of milliseconds from 1 to 280000: ${value}`,
      );
  });

  it('refuses a time zone the runtime does not know', () => {
    expect(() => getConfig({ COMPANY_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'COMPANY_TIME_ZONE is not a known time zone: Mars/Olympus',
    );
  });
});
