import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('shows one decimal under 10 KB, never rounding a small file to 0 or 1 KB', () => {
    expect(fileSize(512)).toBe('0.5 KB');
    expect(fileSize(20)).toBe('0.1 KB');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(2048)).toBe('2 KB');
    expect(fileSize(10_189)).toBe('10 KB');
  });

  it('shows whole KB from 10 KB, grouped the Indian way', () => {
    expect(fileSize(123_456)).toBe('121 KB');
    expect(fileSize(150_000 * 1024)).toBe('1,50,000 KB');
  });

  it('shows an unknown size as a dash', () => {
    expect(fileSize(0)).toBe('—');
    expect(fileSize(Number.NaN)).toBe('—');
  });
});
