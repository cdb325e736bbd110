// A quotation's money, in integer paise. Each line: quantity × rate, less its discount, is the
// taxable value; its tax at the line's GST rate is rounded to the paisa. Inside one state the tax
// is split into CGST (half, rounded) and SGST (the rest); across states it is all IGST. The
// total is rounded to the rupee with a round-off line. Shared by the server (what is stored and
// printed) and the web app (the totals as people type), so both agree to the paisa. Plain
// TypeScript without imports, like everything in contract/.

/** Quantities are kept in thousandths (3 decimals: kilograms, litres). */
export const QTY_SCALE = 1000;
/** Discount and GST rates are kept in basis points (2 decimals of a per cent). */
export const PERCENT_SCALE = 100;

export interface LineMoneyInput {
  /** Quantity in thousandths (1.5 Kg = 1500). */
  qtyMilli: number;
  ratePaise: number;
  /** Discount in basis points (12.5 % = 1250). */
  discountBp: number;
  /** GST rate in basis points (18 % = 1800, 0.25 % = 25). */
  gstBp: number;
}

export interface LineMoney {
  /** Quantity × rate. */
  gross: number;
  discount: number;
  taxable: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface RateSummary {
  gstBp: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface QuoteMoney {
  lines: LineMoney[];
  subtotal: number;
  discount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Total before rounding to the rupee. */
  beforeRounding: number;
  /** What rounding to the rupee added (negative when it took away). */
  roundOff: number;
  total: number;
  /** Taxable value and tax per GST rate, lowest rate first. */
  byRate: RateSummary[];
}

/** round(a × b / c) for non-negative integers, half up, exact however large a × b gets. */
export function mulDivRound(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** One line's money; `interState`: the place of supply is another state than the seller's. */
export function lineMoney(line: LineMoneyInput, interState: boolean): LineMoney {
  const gross = mulDivRound(line.qtyMilli, line.ratePaise, QTY_SCALE);
  const discount = mulDivRound(gross, line.discountBp, 100 * PERCENT_SCALE);
  const taxable = gross - discount;
  const tax = mulDivRound(taxable, line.gstBp, 100 * PERCENT_SCALE);
  if (interState) return { gross, discount, taxable, tax, cgst: 0, sgst: 0, igst: tax };
  const cgst = mulDivRound(tax, 1, 2);
  return { gross, discount, taxable, tax, cgst, sgst: tax - cgst, igst: 0 };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The whole quotation's money from its lines. */
export function quoteMoney(lines: readonly LineMoneyInput[], interState: boolean): QuoteMoney {
  const money = lines.map((line) => lineMoney(line, interState));
  const of = (field: keyof LineMoney) => sum(money.map((m) => m[field]));
  const taxable = of('taxable');
  const cgst = of('cgst');
  const sgst = of('sgst');
  const igst = of('igst');
  const beforeRounding = taxable + cgst + sgst + igst;
  const total = mulDivRound(beforeRounding, 1, 100) * 100;
  const rates = [...new Set(lines.map((l) => l.gstBp))].sort((a, b) => a - b);
  const byRate = rates.map((gstBp) => {
    const at = money.filter((_, i) => lines[i].gstBp === gstBp);
    const part = (field: keyof LineMoney) => sum(at.map((m) => m[field]));
    return {
      gstBp,
      taxable: part('taxable'),
      cgst: part('cgst'),
      sgst: part('sgst'),
      igst: part('igst'),
    };
  });
  return {
    lines: money,
    subtotal: of('gross'),
    discount: of('discount'),
    taxable,
    cgst,
    sgst,
    igst,
    beforeRounding,
    roundOff: total - beforeRounding,
    total,
    byRate,
  };
}

/** A decimal amount scaled to an integer (₹12.34 → 1234 paise at scale 100), rounded. */
export const toScaled = (value: number, scale: number): number => Math.round(value * scale);

/** Paise as rupees, a number with at most 2 decimals (the API's amounts). */
export const paiseToRupees = (paise: number): number => paise / 100;

const RUPEES = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Paise as Indian rupees, grouped in lakhs and crores: 48500075 → '₹4,85,000.75'. */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  return `${sign}₹${RUPEES.format(Math.abs(paise) / 100)}`;
}
