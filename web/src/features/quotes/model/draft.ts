// The builder's lines as typed, their money worked out as the server will (the same maths
// from @contract/quote-maths, in paise), and the request they make.
import { PERCENT_SCALE, QTY_SCALE, quoteMoney, toScaled } from '@contract/quote-maths';
import type { Product } from '@contract/products';
import type { QuoteRequest } from '@contract/quotes';

export type { QuoteRequest } from '@contract/quotes';

export type DraftLine = {
  key: number;
  productId: string;
  name: string;
  hsn: string;
  unit: string;
  qty: string;
  rate: string;
  discountPercent: string;
  gstRate: string;
};

let nextKey = 1;

export const emptyLine = (): DraftLine => ({
  key: nextKey++,
  productId: '',
  name: '',
  hsn: '',
  unit: 'Nos',
  qty: '1',
  rate: '',
  discountPercent: '',
  gstRate: '18',
});

export const lineFromProduct = (line: DraftLine, product: Product): DraftLine => ({
  ...line,
  productId: product._id,
  name: product.name,
  hsn: product.hsn,
  unit: product.unit,
  rate: String(product.rate),
  gstRate: String(product.gstRate),
});

/** A typed number, or 0 when the text is not one (the server names it when sent). */
const num = (text: string) => {
  const n = Number(text.replace(/[₹,\s]/g, ''));
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

/** The lines' money as typed, in paise. */
export function draftMoney(lines: readonly DraftLine[]) {
  return quoteMoney(
    lines.map((l) => ({
      qtyMilli: toScaled(num(l.qty), QTY_SCALE),
      ratePaise: toScaled(num(l.rate), 100),
      discountBp: toScaled(num(l.discountPercent), PERCENT_SCALE),
      gstBp: toScaled(num(l.gstRate), PERCENT_SCALE),
    })),
    false,
  );
}

/** The request for POST /quotes: a product line sends what was changed from the product too. */
export function quoteRequest(
  customerId: string,
  lines: readonly DraftLine[],
  validUntil: string,
  notes: string,
): QuoteRequest {
  return {
    customerId,
    lines: lines.map((l) => ({
      ...(l.productId ? { productId: l.productId } : {}),
      name: l.name.trim() || undefined,
      hsn: l.hsn.trim() || undefined,
      unit: l.unit.trim() || undefined,
      qty: Number(l.qty),
      rate: l.rate.trim() === '' ? undefined : Number(l.rate),
      discountPercent: l.discountPercent.trim() === '' ? undefined : Number(l.discountPercent),
      gstRate: l.gstRate.trim() === '' ? undefined : Number(l.gstRate),
    })),
    ...(validUntil ? { validUntil } : {}),
    ...(notes.trim() ? { notes: notes.trim() } : {}),
  };
}
