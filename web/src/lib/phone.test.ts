import { describe, expect, it } from 'vitest';
import { formatPhone, whatsAppDigits } from './phone';

describe('formatPhone', () => {
  it('writes E.164 numbers as people do, in their own country’s grouping', () => {
    expect(formatPhone('+919810245489')).toBe('+91 98102 45489');
    expect(formatPhone('+912223456789')).toBe('+91 22 2345 6789');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
  });

  it('shows what does not parse unchanged', () => {
    expect(formatPhone('12ab')).toBe('12ab');
    expect(formatPhone('')).toBe('');
  });

  it('keeps only digits for wa.me links', () => {
    expect(whatsAppDigits('+91 98102 45489')).toBe('919810245489');
  });
});
