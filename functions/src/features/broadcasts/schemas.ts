// POST /broadcasts and POST /broadcasts/audience: each field checked with its own message.
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { BROADCAST_PARAM_FIELDS, TEMPLATE_CATEGORIES } from '../../contract/broadcasts';
import { OWNER_FILTER } from '../../contract/customers';

/** A CSV of 10,000 phones, and room for a few lines more. */
export const MAX_PHONES = 20_000;
const MAX_PARAMS = 20;

const day = z
  .string({ error: 'A date written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date written YYYY-MM-DD');

const filters = z
  .object(
    {
      q: z.string({ error: 'Search must be text' }).max(200).optional(),
      categories: z
        .array(z.string({ error: 'A category is text' }).trim().min(1).max(100), {
          error: 'Categories must be a list',
        })
        .max(50, 'At most 50 categories')
        .optional(),
      potential: z.string({ error: 'Potential must be text' }).max(100).optional(),
      from: day.optional(),
      to: day.optional(),
      // Checked as the customer list checks it (an employee id, or 'none'); a broadcast is
      // counted again at its start, maybe by someone else: "mine" is named by its id.
      owner: z
        .string({ error: 'Owner must be text' })
        .max(200)
        .refine((v) => v !== OWNER_FILTER.mine, 'Name the owner by their employee id')
        .optional(),
      contactedFrom: day.optional(),
      contactedTo: day.optional(),
      tag: z.string({ error: 'A tag is text' }).max(100).optional(),
    },
    { error: 'Filters must be an object' },
  )
  .strict()
  .refine((f) => !(f.from && f.to && f.from > f.to), {
    error: 'The first date must not be after the last',
    path: ['to'],
  })
  .refine((f) => !(f.contactedFrom && f.contactedTo && f.contactedFrom > f.contactedTo), {
    error: 'The first date must not be after the last',
    path: ['contactedTo'],
  });

export const audienceSchema = z.union(
  [
    z.object({ filters }).strict(),
    z
      .object({
        phones: z
          .array(z.string({ error: 'A phone is text' }).max(40), {
            error: 'Phones must be a list',
          })
          .min(1, 'List at least one phone')
          .max(MAX_PHONES, `At most ${MAX_PHONES} phones`),
      })
      .strict(),
  ],
  { error: 'The audience is { filters: {…} } or { phones: [...] }' },
);

const param = z.union(
  [
    z
      .object({
        field: z.enum(BROADCAST_PARAM_FIELDS, {
          error: `A field is one of ${BROADCAST_PARAM_FIELDS.join(', ')}`,
        }),
        fallback: z.string().trim().max(200).optional(),
      })
      .strict(),
    z
      .object({
        text: z
          .string({ error: 'A fixed text is text' })
          .trim()
          .min(1, 'A fixed text cannot be empty')
          .max(1024, 'A parameter is at most 1024 characters')
          .refine((t) => !/[\n\t]| {5,}/.test(t), {
            error: 'WhatsApp refuses a parameter with a line break, a tab or 5 spaces in a row',
          }),
      })
      .strict(),
  ],
  { error: 'A parameter is { field } or { text }' },
);

export const templateRefSchema = z.object(
  {
    name: z.string({ error: 'The template name is required' }).trim().min(1).max(512),
    language: z.string({ error: 'The template language is required' }).trim().min(1).max(16),
  },
  { error: 'The template is { name, language }' },
);

/** The file in the template's media header: an uploaded file by its url, or a quote's PDF. */
const headerSchema = z.union(
  [
    z
      .object({
        fileUrl: z
          .string({ error: 'The file url is text' })
          .trim()
          .min(1, 'The file url is required')
          .max(2000),
      })
      .strict(),
    z
      .object({
        quoteId: z
          .string({ error: 'The quote id is text' })
          .trim()
          .min(1, 'The quote id is required')
          .max(200),
      })
      .strict(),
  ],
  { error: "The header is { fileUrl } (an uploaded file) or { quoteId } (a quote's PDF)" },
);

export const createBroadcastSchema = bodySchema(
  'POST /broadcasts',
  z.object({
    name: z
      .string({ error: 'A name is required' })
      .trim()
      .min(1, 'A name is required')
      .max(120, 'A name is at most 120 characters'),
    template: templateRefSchema,
    params: z.array(param, { error: 'Parameters must be a list' }).max(MAX_PARAMS).default([]),
    /** Needed when the template has a DOCUMENT or IMAGE header, refused when it has none. */
    header: headerSchema.nullable().optional(),
    audience: audienceSchema,
    /**
     * When to start: an ISO time with its offset, or a date and time of day (YYYY-MM-DDTHH:MM) on
     * the company's clocks; none or null: when started.
     */
    sendAt: z
      .union(
        [
          z.iso.datetime({ offset: true }),
          z.string().regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/),
        ],
        { error: 'A time like 2026-12-01T10:00 (company time) or 2026-12-01T10:00:00+05:30' },
      )
      .nullable()
      .optional(),
  }),
);

export type CreateBroadcastInput = z.output<typeof createBroadcastSchema>;

export const countAudienceSchema = bodySchema(
  'POST /broadcasts/audience',
  z.object({
    audience: audienceSchema,
    /** The template's category, for the cost estimate. */
    category: z
      .enum(TEMPLATE_CATEGORIES, { error: 'The category is MARKETING, UTILITY or AUTHENTICATION' })
      .default('MARKETING'),
  }),
);
