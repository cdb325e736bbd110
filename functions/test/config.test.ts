import { describe, expect, it } from 'vitest';
import { getConfig } from '../src/config';

describe('getConfig', () => {
  it('defaults to Cloud Storage and the Asia/Kolkata time zone', () => {
    expect(getConfig({})).toEqual({ filesDir: undefined, timeZone: 'Asia/Kolkata' });
    expect(getConfig({ FILES_DIR: '  ', COMPANY_TIME_ZONE: '' })).toEqual({
      filesDir: undefined,
      timeZone: 'Asia/Kolkata',
    });
  });

  it('reads FILES_DIR and COMPANY_TIME_ZONE', () => {
    expect(getConfig({ FILES_DIR: '/srv/files', COMPANY_TIME_ZONE: 'Asia/Dubai' })).toEqual({
      filesDir: '/srv/files',
      timeZone: 'Asia/Dubai',
    });
  });

  it('refuses a time zone the runtime does not know', () => {
    expect(() => getConfig({ COMPANY_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'COMPANY_TIME_ZONE is not a known time zone: Mars/Olympus',
    );
  });
});
