// The quotation's tax rules, rounding and words, and the GSTIN check, table by table.
import { describe, expect, it } from 'vitest';
import {
  GST_RATES,
  gstinCheckChar,
  gstinProblem,
  stateCode,
  stateLabel,
} from '../../src/contract/gst';
import { lineMoney, quoteMoney, type LineMoneyInput } from '../../src/contract/quote-maths';
import { amountInWords } from '../../src/features/quotes/amount-words';

const line = (qty: number, rupees: number, gst: number, discount = 0): LineMoneyInput => ({
  qtyMilli: Math.round(qty * 1000),
  ratePaise: Math.round(rupees * 100),
  discountBp: Math.round(discount * 100),
  gstBp: Math.round(gst * 100),
});

describe('one line at every GST rate, ₹1,000.00 × 1', () => {
  // [rate %, tax paise, CGST, SGST] inside a state; across states IGST is the whole tax.
  it.each([
    [0, 0, 0, 0],
    [0.25, 250, 125, 125],
    [3, 3000, 1500, 1500],
    [5, 5000, 2500, 2500],
    [12, 12000, 6000, 6000],
    [18, 18000, 9000, 9000],
    [28, 28000, 14000, 14000],
  ])('%s %% inside the state: CGST + SGST, across: IGST', (rate, tax, cgst, sgst) => {
    const intra = lineMoney(line(1, 1000, rate), false);
    expect(intra).toEqual({
      gross: 100000,
      discount: 0,
      taxable: 100000,
      tax,
      cgst,
      sgst,
      igst: 0,
    });
    const inter = lineMoney(line(1, 1000, rate), true);
    expect(inter).toEqual({
      gross: 100000,
      discount: 0,
      taxable: 100000,
      tax,
      cgst: 0,
      sgst: 0,
      igst: tax,
    });
  });

  it('covers every rate the list offers', () => {
    expect([...GST_RATES]).toEqual([0, 0.25, 3, 5, 12, 18, 28]);
  });
});

describe('discounts and rounding at the paisa', () => {
  // [qty, rate ₹, discount %, GST %, gross, discount, taxable, tax, CGST, SGST]
  it.each([
    [3, 333.33, 0, 18, 99999, 0, 99999, 18000, 9000, 9000],
    [1, 99.99, 10, 18, 9999, 1000, 8999, 1620, 810, 810],
    [7, 12.35, 12.5, 5, 8645, 1081, 7564, 378, 189, 189],
    [1, 0.07, 0, 18, 7, 0, 7, 1, 1, 0],
    [1.5, 120.5, 0, 12, 18075, 0, 18075, 2169, 1085, 1084],
    [2.125, 47.9, 3.75, 28, 10179, 382, 9797, 2743, 1372, 1371],
    [1, 1000, 100, 18, 100000, 100000, 0, 0, 0, 0],
    [1, 3, 0, 0.25, 300, 0, 300, 1, 1, 0],
  ])(
    '%s × ₹%s less %s %% at %s %%',
    (qty, rate, disc, gst, gross, discount, taxable, tax, cgst, sgst) => {
      expect(lineMoney(line(qty, rate, gst, disc), false)).toEqual({
        gross,
        discount,
        taxable,
        tax,
        cgst,
        sgst,
        igst: 0,
      });
    },
  );

  it('keeps exact paise for amounts past 2^53 when multiplied', () => {
    const big = lineMoney(
      { qtyMilli: 99_999_999, ratePaise: 9_999_999_999, discountBp: 0, gstBp: 1800 },
      true,
    );
    // 99,999.999 × ₹9,99,99,999.99 = ₹9,99,99,99,899,000.00000001, rounded to the paisa.
    expect(big.gross).toBe(999999989900000);
    expect(big.igst).toBe(179999998182000);
  });
});

describe('the total, rounded to the rupee', () => {
  // [lines, inter-state, taxable, CGST, SGST, IGST, round off, total] in paise
  it.each([
    [[line(1, 100.4, 0)], false, 10040, 0, 0, 0, -40, 10000],
    [[line(1, 100.5, 0)], false, 10050, 0, 0, 0, 50, 10100],
    [[line(1, 100.49, 0)], true, 10049, 0, 0, 0, -49, 10000],
    [[line(2, 99.99, 18), line(1, 10, 5, 10)], false, 20898, 1823, 1822, 0, -43, 24500],
    [[line(2, 99.99, 18), line(1, 10, 5, 10)], true, 20898, 0, 0, 3645, -43, 24500],
    [[line(1, 100.5, 18)], true, 10050, 0, 0, 1809, 41, 11900],
  ])('%#', (lines, inter, taxable, cgst, sgst, igst, roundOff, total) => {
    const money = quoteMoney(lines, inter);
    expect(money).toMatchObject({ taxable, cgst, sgst, igst, roundOff, total });
    expect(money.beforeRounding + money.roundOff).toBe(money.total);
  });

  it('sums the tax by rate, lowest rate first', () => {
    const money = quoteMoney([line(1, 100, 18), line(1, 50, 5), line(2, 100, 18)], false);
    expect(money.byRate).toEqual([
      { gstBp: 500, taxable: 5000, cgst: 125, sgst: 125, igst: 0 },
      { gstBp: 1800, taxable: 30000, cgst: 2700, sgst: 2700, igst: 0 },
    ]);
  });

  it('is zero for no lines', () => {
    expect(quoteMoney([], false)).toMatchObject({ total: 0, roundOff: 0, byRate: [] });
  });
});

describe('the total in words (Indian system)', () => {
  it.each([
    [50, 'Fifty Paise Only'],
    [9900, 'Rupees Ninety-Nine Only'],
    [10000000, 'Rupees One Lakh Only'],
    [48500075, 'Rupees Four Lakh Eighty-Five Thousand and Seventy-Five Paise Only'],
    [
      1234567800,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only',
    ],
    [0, 'Rupees Zero Only'],
    [48500000, 'Rupees Four Lakh Eighty-Five Thousand Only'],
  ])('%s paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });
});

describe('GSTIN check', () => {
  it.each([
    ['27AAPFU0939F1ZV', null],
    ['29AAGCB7383J1Z4', null],
    ['27AAPFU0939F1ZW', 'The GSTIN check character does not match: check for a typing mistake'],
    ['27AAPFU0939F1Z', 'A GSTIN has 15 characters'],
    ['99AAPFU0939F1ZV', 'A GSTIN starts with a state code (01 to 38)'],
    ['27AAPF00939F1ZV', 'Characters 3 to 12 of a GSTIN are a PAN (like ABCDE1234F)'],
    ['27AAPFU0939F1XV', 'A GSTIN ends with an entity number, Z and a check character'],
    ['27AAPFU0939F0ZV', 'A GSTIN ends with an entity number, Z and a check character'],
  ])('%s', (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it('computes the check character from the first 14', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it('reads a state by code, label or name', () => {
    expect(stateCode('27')).toBe('27');
    expect(stateCode('27-Maharashtra')).toBe('27');
    expect(stateCode('  karnataka ')).toBe('29');
    expect(stateCode('Atlantis')).toBeNull();
    expect(stateCode('25')).toBeNull();
    expect(stateLabel('07')).toBe('07-Delhi');
  });
});
