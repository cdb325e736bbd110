// Quote requests: each bad value a 400 naming its field (lines.2.qty), checked before anything
// is read or a number is taken.
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { documentIdField } from '../../http/params';
import { isIsoDate } from '../../company-days';
import { MAX_QUOTE_LINES, QUOTE_STATUSES } from '../../contract/quotes';
import { PERCENT_SCALE, QTY_SCALE, toScaled } from '../../contract/quote-maths';
import { gstBpField, hasDecimals, hsnField, ratePaiseField, unitField } from '../products';

const MAX_QTY = 1_000_000;

const qty = z
  .number({ error: 'Quantity must be a number' })
  .refine((n) => n > 0, 'Quantity must be more than 0')
  .refine((n) => n <= MAX_QTY, `Quantity must be at most ${MAX_QTY.toLocaleString('en-IN')}`)
  .refine((n) => hasDecimals(n, 3), 'Quantity has at most 3 decimals')
  .transform((n) => toScaled(n, QTY_SCALE));

const discount = z
  .number({ error: 'Discount must be a per cent from 0 to 100' })
  .refine((n) => n >= 0 && n <= 100, 'Discount must be a per cent from 0 to 100')
  .refine((n) => hasDecimals(n, 2), 'Discount has at most 2 decimals')
  .transform((n) => toScaled(n, PERCENT_SCALE));

const lineText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .refine((v) => v.length <= max, `${label} must be at most ${max} characters`);

/** A line as sent: a product's id (its fields fill what is left out) or a free line. */
const lineBody = z
  .object({
    productId: documentIdField('Product').optional(),
    name: lineText(200, 'Name').optional(),
    description: lineText(1000, 'Description').optional(),
    hsn: hsnField.optional(),
    unit: unitField.optional(),
    qty,
    rate: ratePaiseField.optional(),
    discountPercent: discount.optional(),
    gstRate: gstBpField.optional(),
  })
  .superRefine((line, ctx) => {
    if (line.productId) return;
    const need = (field: 'name' | 'rate' | 'gstRate', message: string) => {
      if (line[field] === undefined || line[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], message });
    };
    need('name', 'A line without a product needs a name');
    need('rate', 'A line without a product needs a rate');
    need('gstRate', 'A line without a product needs a GST rate');
  });

export type LineBody = z.output<typeof lineBody>;

const lines = z
  .array(lineBody, { error: 'Lines must be a list' })
  .min(1, 'Add at least one line')
  .max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES} lines in one quote`);

const validUntil = z
  .string({ error: 'Valid until must be a date written YYYY-MM-DD' })
  .refine(isIsoDate, 'Valid until must be a date written YYYY-MM-DD');

const notes = lineText(2000, 'Notes');

export const createQuoteBody = bodySchema(
  'POST /quotes',
  z.object({
    customerId: documentIdField('Customer'),
    lines,
    validUntil: validUntil.optional(),
    notes: notes.optional(),
  }),
);
export type CreateQuoteInput = z.output<typeof createQuoteBody>;

/** POST /quotes/:id/revise: what is left out is taken from the version revised. */
export const reviseQuoteBody = bodySchema(
  'POST /quotes/:id/revise',
  z.object({
    lines: lines.optional(),
    validUntil: validUntil.optional(),
    notes: notes.optional(),
  }),
);
export type ReviseQuoteInput = z.output<typeof reviseQuoteBody>;

const param = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const listQuotesQuery = z.object({
  customerId: param(documentIdField('Customer')),
  status: param(z.enum(QUOTE_STATUSES, { error: `Status is one of ${QUOTE_STATUSES.join(', ')}` })),
  from: param(z.string().refine(isIsoDate, 'Use a date written YYYY-MM-DD')),
  to: param(z.string().refine(isIsoDate, 'Use a date written YYYY-MM-DD')),
  limit: param(z.coerce.number().int().min(1).max(200)),
  cursor: param(z.string().max(2000)),
});
