import { describe, expect, it } from 'vitest';
import { toCsv } from './download';

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
});
