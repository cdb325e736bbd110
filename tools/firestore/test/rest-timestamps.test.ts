// An import reads an export's timestamps (`2026-01-01T10:11:12.123456789Z`) without a regular
// expression or a date parse for each (timestampFromRest's fast path): it must read every one
// exactly as the general parse does, and leave every other form to it.
import { describe, expect, it } from 'vitest';
import { timestampFromRest, timestampToRest } from '../src/model/rest-json.ts';
import { random } from './helpers.ts';

/** The general parse: the date parse of the text without its fraction, then the fraction. */
function parsed(s: string) {
  const m = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(s)!;
  return {
    seconds: String(Math.floor(Date.parse(`${m[1]}Z`) / 1000)),
    nanos: Number((m[2] ?? '').padEnd(9, '0')),
  };
}

describe('timestamps read from an export', () => {
  it('reads the form exports write as the date parse does, over every era', () => {
    const rnd = random(7);
    // Firestore's range: years 1 to 9999.
    const [first, last] = [-62_135_596_800, 253_402_300_799];
    const edges = [first, -1, 0, 1, 951_782_400, last];
    const seconds = [
      ...edges,
      ...Array.from({ length: 2_000 }, () => first + Math.floor(rnd() * (last - first))),
    ];
    for (const s of seconds) {
      const nanos = Math.floor(rnd() * 1e9);
      const text = timestampToRest({ seconds: String(s), nanos });
      expect(timestampFromRest(text)).toEqual({ seconds: String(s), nanos });
      expect(timestampFromRest(text)).toEqual(parsed(text));
    }
  });

  it('leaves other forms to the general parse', () => {
    for (const text of [
      '2026-01-01T10:11:12Z',
      '2026-01-01T10:11:12.5Z',
      '2026-01-01T10:11:12.123456Z',
      '2026-01-01T23:59:60.000000000Z',
      '2026-01-01T24:00:00.000000000Z',
    ])
      expect(timestampFromRest(text)).toEqual(parsed(text));
    expect(() => timestampFromRest('2026-01-01T10:11:12.12345678x')).toThrow('Invalid timestamp');
  });
});
