// Request shapes, checked with zod; field paths in messages name the bad value
// ('phones.1: Invalid phone number: 12ab').
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { documentIdField, isDocumentId } from '../../http/params';
import { OWNER_FILTER } from '../../contract/customers';
import { gstinField, stateField } from '../../http/tax-fields';
import { getConfig } from '../../config';
import {
  DEFAULT_PAGE_SIZE,
  MAX_BULK_ROWS,
  MAX_MERGE_CUSTOMERS,
  MAX_NOTE_LENGTH,
  MAX_PAGE_SIZE,
} from '../../domain/customers/constants';
import { checkDateRange, isIsoDate, startOfDay } from '../../company-days';
import { TIMELINE_DEFAULT_LIMIT, TIMELINE_MAX_LIMIT } from '../../contract/customer-timeline';
import type { ListFilters, ListOrder } from './list-plan';
import { SORT_FIELDS } from './list-plan';
import {
  type CustomerFields,
  type CustomerInput,
  normalizeCustomerInput,
} from '../../domain/customers/normalize';

const RAW_LIST_MAX = 200;

/** A list of texts; one text is read as a list of one. */
const textList = z
  .union([z.string().max(1000), z.array(z.string().max(1000)).max(RAW_LIST_MAX)])
  .transform((v) => (typeof v === 'string' ? [v] : v));

const customerShape = {
  names: textList.optional(),
  phones: textList.optional(),
  emails: textList.optional(),
  categories: textList.optional(),
  potential: z.string().max(1000).optional(),
  note: z
    .string()
    .max(MAX_NOTE_LENGTH * 2)
    .optional(),
};

function normalized(input: CustomerInput, ctx: z.RefinementCtx): CustomerFields {
  const { fields, issues } = normalizeCustomerInput(input);
  for (const issue of issues)
    ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input });
  return fields;
}

/** The GST details POST and PUT /customers may carry beside the customer's fields. */
const taxBody = z.object({
  gstin: gstinField.optional(),
  billingState: stateField.optional(),
});

/**
 * POST /customers: the customer's fields (missing ones read as empty), then its GST details;
 * the details are read only once the fields pass.
 */
export const [createBody, createTaxBody] = bodySchema('POST /customers', [
  z.object(customerShape).transform(normalized),
  taxBody,
]);

/** PUT /customers/{id}: only the fields sent change; the GST details are read after them. */
export const [updateBody, updateTaxBody] = bodySchema('PUT /customers/:id', [
  z.object(customerShape).transform((input, ctx): CustomerInput => {
    const fields = normalized(input, ctx);
    const sent: CustomerInput = {};
    for (const key of Object.keys(customerShape) as (keyof CustomerFields)[])
      if (input[key] !== undefined) Object.assign(sent, { [key]: fields[key] });
    return sent;
  }),
  taxBody,
]);

const bulkRow = z
  .object({
    names: textList.optional(),
    phones: textList.optional(),
    emails: textList.optional(),
    note: z
      .string()
      .max(MAX_NOTE_LENGTH * 2)
      .optional(),
  })
  .transform(normalized);

export const bulkBody = bodySchema(
  'POST /customers/bulk',
  z
    .object({
      rows: z.array(bulkRow).min(1, 'Send at least one row').max(MAX_BULK_ROWS),
      defaultCategories: textList.optional(),
      defaultPotential: z.string().max(1000).optional(),
    })
    .transform((body, ctx) => {
      const defaults = normalized(
        { categories: body.defaultCategories, potential: body.defaultPotential },
        ctx,
      );
      return { rows: body.rows, categories: defaults.categories, potential: defaults.potential };
    }),
);

const id = documentIdField('Customer');

export const mergeBody = bodySchema(
  'POST /customers/merge',
  z
    .object({
      primaryId: id,
      mergeIds: z
        .array(id)
        .min(1, 'Pick at least one other customer')
        .max(MAX_MERGE_CUSTOMERS - 1, `At most ${MAX_MERGE_CUSTOMERS} customers merge at once`),
    })
    .superRefine((body, ctx) => {
      if (new Set(body.mergeIds).size !== body.mergeIds.length)
        ctx.addIssue({ code: 'custom', path: ['mergeIds'], message: 'A customer is listed twice' });
      if (body.mergeIds.includes(body.primaryId))
        ctx.addIssue({
          code: 'custom',
          path: ['mergeIds'],
          message: 'The primary customer cannot be merged into itself',
        });
    }),
);

// Query strings: an empty value is the same as none.
const param = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const date = z.string().refine(isIsoDate, 'Use a date written YYYY-MM-DD');

const listQueryShape = {
  q: param(z.string().max(200)),
  categories: param(z.string().max(2000)),
  potential: param(z.string().max(100)),
  from: param(date),
  to: param(date),
  owner: param(
    z
      .string()
      .max(200)
      .refine(
        (v) => v === OWNER_FILTER.none || isDocumentId(v),
        `Use an employee id, or ${OWNER_FILTER.none} for customers without an owner`,
      ),
  ),
  contactedFrom: param(date),
  contactedTo: param(date),
  tag: param(z.string().max(100)),
  sort: param(z.enum(SORT_FIELDS)),
  dir: param(z.enum(['asc', 'desc'])),
  limit: param(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)),
  cursor: param(z.string().max(4000)),
};

/** The list's query parameters; any of them makes GET /customers answer a page. */
export const LIST_PARAMS = Object.keys(listQueryShape);

// Open-ended date ranges run to Firestore's own time limits.
const EARLIEST = new Date(0);
const LATEST = new Date(Date.UTC(9999, 11, 31));

export const listQuery = z
  .object(listQueryShape)
  .superRefine(checkDateRange)
  .superRefine((query, ctx) =>
    checkDateRange({ from: query.contactedFrom, to: query.contactedTo }, ctx, 'contactedTo'),
  )
  .transform((query) => {
    const { timeZone } = getConfig();
    const sort = query.sort ?? 'createdAt';
    const filters: ListFilters = {
      q: query.q ?? '',
      categories: (query.categories ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
      potential: normalizePotentialParam(query.potential),
      range:
        query.from || query.to
          ? {
              start: query.from ? startOfDay(query.from, timeZone) : EARLIEST,
              end: query.to ? startOfDay(query.to, timeZone, 1) : LATEST,
            }
          : undefined,
      ...(query.owner && { owner: query.owner === OWNER_FILTER.none ? '' : query.owner }),
      ...(query.tag?.trim() && { tag: query.tag.trim() }),
      ...((query.contactedFrom || query.contactedTo) && {
        contacted: {
          start: query.contactedFrom ? startOfDay(query.contactedFrom, timeZone) : EARLIEST,
          end: query.contactedTo ? startOfDay(query.contactedTo, timeZone, 1) : LATEST,
        },
      }),
    };
    const order: ListOrder = { sort, dir: query.dir ?? (sort === 'createdAt' ? 'desc' : 'asc') };
    return { filters, order, limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
  });

function normalizePotentialParam(value: string | undefined): string {
  return value ? normalizeCustomerInput({ potential: value }).fields.potential : '';
}

/** GET /customers/:id/timeline: a page size and the previous page's cursor. */
export const timelineQuery = z.object({
  limit: param(z.coerce.number().int().min(1).max(TIMELINE_MAX_LIMIT)).transform(
    (limit) => limit ?? TIMELINE_DEFAULT_LIMIT,
  ),
  cursor: param(z.string().max(1000)),
});
