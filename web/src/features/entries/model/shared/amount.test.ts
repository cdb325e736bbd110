import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGE, amountError, amountValue } from './amount';

describe('amountError', () => {
  it('accepts empty, zero and positive amounts with decimals', () => {
    expect(amountError('')).toBeNull();
    expect(amountError('  ')).toBeNull();
    expect(amountError('0')).toBeNull();
    expect(amountError('1250.75')).toBeNull();
  });

  it("refuses negatives and non-numbers: 'Amount should be a positive number'", () => {
    expect(AMOUNT_MESSAGE).toBe('Amount should be a positive number');
    expect(amountError('-1')).toBe(AMOUNT_MESSAGE);
    expect(amountError('12abc')).toBe(AMOUNT_MESSAGE);
  });
});

describe('amountValue', () => {
  it('reads a typed amount as a number, an empty one as not given', () => {
    expect(amountValue(' 1500.5 ')).toBe(1500.5);
    expect(amountValue('0')).toBe(0);
    expect(amountValue('  ')).toBeUndefined();
  });
});
