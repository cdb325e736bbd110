// Product fields from callers: rupees with at most 2 decimals (kept in paise), a GST rate from
// the list, an HSN/SAC code of 4 to 8 digits; each refusal names its field.
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { GST_RATES, isGstRate } from '../../contract/gst';
import { PERCENT_SCALE, toScaled } from '../../contract/quote-maths';
import type { ProductFields } from '../../domain/products/store';

/** ₹10 crore: above any one line's rate. */
export const MAX_RATE_RUPEES = 100_000_000;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .refine((v) => v.length <= max, `${label} must be at most ${max} characters`);

/** Whether `value` has at most `decimals` decimals. */
export const hasDecimals = (value: number, decimals: number): boolean => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** A number, or text holding one (as a CSV cell or a form field sends it). */
const numeric = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : Number(value.replace(/[₹,\s]/g, ''));
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

/** Rupees → paise: not negative, at most 2 decimals. */
export const ratePaiseField = numeric('Rate must be an amount in rupees').transform((n, ctx) => {
  if (n < 0 || n > MAX_RATE_RUPEES || !hasDecimals(n, 2)) {
    ctx.addIssue({
      code: 'custom',
      message: `Rate must be from ₹0 to ₹${MAX_RATE_RUPEES.toLocaleString('en-IN')}, with at most 2 decimals`,
    });
    return z.NEVER;
  }
  return toScaled(n, 100);
});

/** GST per cent → basis points, one of the listed rates. */
export const gstBpField = numeric('GST rate must be a number').transform((n, ctx) => {
  if (!isGstRate(n)) {
    ctx.addIssue({ code: 'custom', message: `GST rate must be one of ${GST_RATES.join(', ')} %` });
    return z.NEVER;
  }
  return toScaled(n, PERCENT_SCALE);
});

export const hsnField = z
  .union([z.string(), z.number()], { error: 'HSN/SAC must be a code of 4 to 8 digits' })
  .transform((v) => String(v).replace(/\s+/g, ''))
  .refine((v) => v === '' || /^\d{4,8}$/.test(v), 'HSN/SAC must be a code of 4 to 8 digits');

export const unitField = text(20, 'Unit').refine((v) => v !== '', 'Unit is required');

const productShape = {
  name: text(200, 'Name').refine((v) => v !== '', 'Name is required'),
  description: text(1000, 'Description'),
  hsn: hsnField,
  unit: unitField,
  rate: ratePaiseField,
  gstRate: gstBpField,
  active: z.boolean({ error: 'Active must be true or false' }),
};

const toFields = (p: {
  name: string;
  description?: string;
  hsn: string;
  unit: string;
  rate: number;
  gstRate: number;
  active?: boolean;
}): ProductFields => ({
  name: p.name,
  description: p.description ?? '',
  hsn: p.hsn,
  unit: p.unit,
  ratePaise: p.rate,
  gstBp: p.gstRate,
  active: p.active ?? true,
});

/** POST /products. */
export const createProductBody = bodySchema(
  'POST /products',
  z
    .object({
      ...productShape,
      description: productShape.description.optional(),
      active: productShape.active.optional(),
    })
    .transform(toFields),
);

/** PUT /products/:id: only the fields sent change. */
export const updateProductBody = bodySchema(
  'PUT /products/:id',
  z
    .object({
      name: productShape.name.optional(),
      description: productShape.description.optional(),
      hsn: productShape.hsn.optional(),
      unit: productShape.unit.optional(),
      rate: productShape.rate.optional(),
      gstRate: productShape.gstRate.optional(),
      active: productShape.active.optional(),
    })
    .transform((p): Partial<ProductFields> => {
      const change: Partial<ProductFields> = {};
      if (p.name !== undefined) change.name = p.name;
      if (p.description !== undefined) change.description = p.description;
      if (p.hsn !== undefined) change.hsn = p.hsn;
      if (p.unit !== undefined) change.unit = p.unit;
      if (p.rate !== undefined) change.ratePaise = p.rate;
      if (p.gstRate !== undefined) change.gstBp = p.gstRate;
      if (p.active !== undefined) change.active = p.active;
      return change;
    }),
);

/** A CSV row: every cell is text; active is yes/no. */
export const productCsvRow = z
  .object({
    ...productShape,
    description: productShape.description.optional(),
    active: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const value = (v ?? '').trim().toLowerCase();
        if (['', 'yes', 'true', '1', 'active'].includes(value)) return true;
        if (['no', 'false', '0', 'inactive'].includes(value)) return false;
        ctx.addIssue({ code: 'custom', message: 'Active must be yes or no' });
        return z.NEVER;
      }),
  })
  .transform(toFields);
