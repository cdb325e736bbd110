import { describe, expect, it } from 'vitest';
import { dateStamp, toCsv } from './download';

describe('download helpers', () => {
  it('writes RFC 4180 CSV, quoting only where needed', () => {
    expect(
      toCsv([
        ['line', 'message'],
        [3, 'No name, phone or email'],
        [4, 'Invalid "abc"'],
        [5, 'two\nlines'],
      ]),
    ).toBe(
      'line,message\r\n3,"No name, phone or email"\r\n4,"Invalid ""abc"""\r\n5,"two\nlines"\r\n',
    );
  });

  it("stamps the company's day as YYYY-MM-DD", () => {
    // 20:00 in London on 5 Jan is 01:30 on 6 Jan in India.
    expect(dateStamp(new Date('2025-01-05T20:00:00Z'))).toBe('2025-01-06');
    expect(dateStamp(new Date('2025-01-05T23:59:00+05:30'))).toBe('2025-01-05');
  });
});
