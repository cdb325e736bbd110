// Request shapes, checked with zod; field paths in messages name the bad value.
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import {
  hasHiddenCharacter,
  HIDDEN_CHARACTER_MESSAGE,
  withoutHiddenCharacters,
} from '../../hidden-characters';
import { now } from '../../clock';
import { getConfig } from '../../config';
import { checkDateRange, isIsoDate, startOfDay } from '../../company-days';
import { ENTRY_FILTERS, type EntryFilterName } from '../../contract/entries';
import { documentIdField } from '../../http/params';
import {
  AMOUNT_MESSAGE,
  CHANNELS,
  DEFAULT_CURRENCY,
  DEFAULT_PAGE_SIZE,
  MAX_AMOUNT,
  MAX_ATTACHMENTS,
  MAX_CATEGORY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PAGE_SIZE,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  PROCESSES,
  STATUSES,
} from '../../domain/entries/constants';

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`);

/** Free text: control and direction characters taken out (hidden-characters.ts). */
const freeText = (max: number, label: string) =>
  text(max, label).transform((value) => withoutHiddenCharacters(value).trim());

/** A short label shown as a name (a category): one holding such a character is refused. */
const shownName = (max: number, name: string) =>
  text(max, name)
    .trim()
    .refine((value) => !hasHiddenCharacter(value), `${name} ${HIDDEN_CHARACTER_MESSAGE}`);

/** A list given as an array or as text split on commas, semicolons and line breaks. */
const textList = (maxItems: number, maxLength: number, label: string) =>
  z
    .union([z.string().max(maxItems * (maxLength + 2)), z.array(z.string()).max(maxItems * 2)], {
      error: `${label} must be a list`,
    })
    .transform((v) =>
      (typeof v === 'string' ? v.split(/[,;\r\n]+/) : v).map((s) => s.trim()).filter(Boolean),
    );

/** Trimmed, empty dropped, duplicates (any case) dropped, at most MAX_TAGS. */
export function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const t = tag.replace(/\s+/g, ' ').trim().slice(0, MAX_TAG_LENGTH);
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out.slice(0, MAX_TAGS);
}

const tags = textList(MAX_TAGS, MAX_TAG_LENGTH, 'Tags').transform(cleanTags);

const url = z
  .string({ error: 'URL is required' })
  .trim()
  .max(2048)
  .refine(
    (v) => /^https?:\/\/\S+$/i.test(v) || /^\/api\/files\/\S+$/.test(v),
    'URL must be a file of this app (/api/files/…) or an http(s) URL',
  );

export const attachmentSchema = z.object({
  name: text(256, 'File name').trim().default('file'),
  url,
  mimetype: text(128, 'Type').default(''),
  size: z.number({ error: 'Size must be a number' }).int().min(0).default(0),
});
export type AttachmentInput = z.output<typeof attachmentSchema>;

const attachments = z
  .array(attachmentSchema, { error: 'Attachments must be a list' })
  .max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`);

const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** If filled, a number and not negative. Empty reads as 0. */
export const amountSchema = z
  .union([z.number(), z.string(), z.null()], { error: AMOUNT_MESSAGE })
  .transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return 0;
    // Decimal digits only: Number() would also read '0x10' as 16, '1e5' and 'Infinity'.
    const n =
      typeof value === 'number' ? value : DECIMAL.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isFinite(n) || n < 0 || n > MAX_AMOUNT) {
      ctx.issues.push({ code: 'custom', message: AMOUNT_MESSAGE, input: value });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

const currency = z
  .string({ error: 'Currency must be text' })
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^[A-Z]{3}$/.test(v), 'Currency must be a 3-letter code like INR')
  .transform((v) => v || DEFAULT_CURRENCY);

const processSchema = z
  .string({ error: 'Process must be text' })
  .trim()
  .transform((value, ctx) => {
    if (!value) return '';
    const listed = PROCESSES.find((p) => p.toLowerCase() === value.toLowerCase());
    if (!listed) {
      ctx.issues.push({
        code: 'custom',
        message: `Process must be one of: ${PROCESSES.join(', ')}`,
        input: value,
      });
      return z.NEVER;
    }
    return listed;
  });

const channel = z.enum(CHANNELS, { error: `Channel must be one of: ${CHANNELS.join(', ')}` });

const recipients = z
  .union([z.string(), z.array(z.string())], { error: 'Recipients must be a list' })
  .transform((v) => (Array.isArray(v) ? v : v.split(/[,;]/)).map((s) => s.trim()).filter(Boolean));

/** A channel switch's sub-object: null or `enabled: false` means off. */
const switched = <T extends z.ZodTypeAny>(shape: T) => z.union([z.null(), shape]).optional();

const whatsappPart = z.object({
  enabled: z.boolean().optional(),
  to: recipients.optional(),
  body: text(4096, 'WhatsApp text').optional(),
  text: text(4096, 'WhatsApp text').optional(),
  templateId: text(512, 'Template id').trim().optional(),
  language: text(16, 'Language').trim().optional(),
  mediaUrl: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/api\/files\/\S+$/.test(v), {
      message: 'Media URL must be an http(s) URL or a file of this app',
    })
    .optional(),
  mediaType: z.enum(['image', 'video', 'document']).optional(),
  attachments: attachments.optional(),
});

const emailPart = z.object({
  enabled: z.boolean().optional(),
  to: recipients.optional(),
  subject: text(300, 'Subject').trim().optional(),
  body: text(500_000, 'Email text').optional(),
  html: text(500_000, 'Email text').optional(),
  templateId: text(512, 'Template id').trim().optional(),
  attachments: attachments.optional(),
});

export type WhatsAppPart = z.output<typeof whatsappPart>;
export type EmailPart = z.output<typeof emailPart>;

/** A customer's id, or the customer itself ({ _id }) as the screen has it. */
const customerRef = z
  .preprocess(
    (value) =>
      typeof value === 'object' && value !== null && '_id' in value
        ? (value as { _id: unknown })._id
        : value,
    documentIdField('Customer'),
  )
  .optional();

/** POST /entries. */
export const createBody = bodySchema(
  'POST /entries',
  z
    .object({
      customer: customerRef,
      customerId: documentIdField('Customer').optional(),
      description: freeText(MAX_DESCRIPTION_LENGTH, 'Description').optional(),
      tags: tags.optional(),
      labels: tags.optional(),
      tag: z.string().max(MAX_TAG_LENGTH).optional(),
      attachments: attachments.optional(),
      category: shownName(MAX_CATEGORY_LENGTH, 'Category').optional(),
      amount: amountSchema.optional(),
      currency: currency.optional(),
      process: processSchema.optional(),
      extraNote: freeText(MAX_NOTE_LENGTH, 'Extra note').optional(),
      channel: channel.optional(),
      whatsapp: switched(whatsappPart),
      email: switched(emailPart),
    })
    .transform((body, ctx) => {
      const customerId = body.customer ?? body.customerId;
      if (!customerId) {
        ctx.issues.push({
          code: 'custom',
          message: 'Customer is required',
          path: ['customer'],
          input: body,
        });
        return z.NEVER;
      }
      const whatsapp = body.whatsapp && body.whatsapp.enabled !== false ? body.whatsapp : undefined;
      const email = body.email && body.email.enabled !== false ? body.email : undefined;
      return {
        customerId,
        description: (body.description ?? '').trim(),
        tags: cleanTags([
          ...(body.tags ?? []),
          ...(body.labels ?? []),
          ...(body.tag ? [body.tag] : []),
        ]),
        attachments: body.attachments ?? [],
        category: body.category ?? '',
        amount: body.amount ?? 0,
        currency: body.currency ?? DEFAULT_CURRENCY,
        process: body.process ?? '',
        extraNote: (body.extraNote ?? '').trim(),
        channel: body.channel,
        whatsapp,
        email,
      };
    }),
);
export type CreateInput = z.output<typeof createBody>;

/** PUT /entries/{id}: only the fields sent change. */
export const updateBody = bodySchema(
  'PUT /entries/:id',
  z.object({
    description: freeText(MAX_DESCRIPTION_LENGTH, 'Description').optional(),
    category: shownName(MAX_CATEGORY_LENGTH, 'Category').optional(),
    channel: channel.optional(),
    tags: tags.optional(),
    process: processSchema.optional(),
    extraNote: freeText(MAX_NOTE_LENGTH, 'Extra note').optional(),
    attachments: attachments.optional(),
    amount: amountSchema.optional(),
    currency: currency.optional(),
    customer: z
      .object({
        names: textList(50, 200, 'Names').optional(),
        phones: textList(50, 40, 'Phones').optional(),
        emails: textList(50, 254, 'Emails').optional(),
      })
      .optional(),
  }),
);
export type UpdateInput = z.output<typeof updateBody>;

const dateParam = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isIsoDate(v), `${label} must be a date like 2026-03-01`);

const optionalParam = z.string().trim().max(200).optional();

/** GET /entries query parameters: the filters (contract/entries.ts) and the page's. */
export const LIST_PARAMS: readonly string[] = [...ENTRY_FILTERS, 'limit', 'cursor'];
/** The filters' rules, one for each name the contract gives (and no other). */
const filterShape = {
  q: optionalParam,
  name: optionalParam,
  phone: optionalParam,
  email: optionalParam,
  tag: optionalParam,
  employee: optionalParam,
  channel: z
    .union([z.literal(''), channel], {
      error: `Channel must be one of: ${CHANNELS.join(', ')}`,
    })
    .optional(),
  status: z
    .union([z.literal(''), z.enum(STATUSES)], {
      error: `Status must be one of: ${STATUSES.join(', ')}`,
    })
    .optional(),
  from: dateParam('From').optional(),
  to: dateParam('To').optional(),
} satisfies Record<EntryFilterName, z.ZodType>;

export const listQuery = z
  .object({
    ...filterShape,
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
    cursor: z.string().max(2000).optional(),
  })
  .superRefine(checkDateRange)
  .transform((query) => {
    const timeZone = getConfig().timeZone;
    const range =
      query.from || query.to
        ? {
            start: query.from ? startOfDay(query.from, timeZone) : undefined,
            end: query.to ? startOfDay(query.to, timeZone, 1) : undefined,
          }
        : undefined;
    return {
      ...query,
      range,
      channel: query.channel || undefined,
      status: query.status || undefined,
    };
  });

/** How far a comment's `when` may be from the server's clock: a device's clock drifts a little. */
export const COMMENT_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * POST /entries/{id}/history/comment. History is a record of what happened when: a comment is
 * stamped with the server's time, and a `when` (the screen sends its own clock) further from it
 * than a device's clock drifts is refused rather than backdating the history.
 */
export const commentBody = bodySchema(
  'POST /entries/:id/history/comment',
  z.object({
    when: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined || value === null || value === '') return;
        const date = new Date(value);
        if (Number.isNaN(date.getTime())) {
          ctx.addIssue({ code: 'custom', message: 'When must be a date and time' });
        } else if (Math.abs(date.getTime() - now()) > COMMENT_CLOCK_SKEW_MS) {
          ctx.addIssue({
            code: 'custom',
            message: `When must be the current time (a comment cannot be dated more than ${COMMENT_CLOCK_SKEW_MS / 60_000} minutes away)`,
          });
        }
      })
      .transform(() => undefined),
    text: z
      .string({ error: 'Comment is required' })
      .trim()
      .min(1, 'Comment is required')
      .max(MAX_NOTE_LENGTH, `Comment must be at most ${MAX_NOTE_LENGTH} characters`),
  }),
);

/** PUT /admin/entries/{id}/assign-employee: an approved user's id, or null to unassign. */
export const assignBody = bodySchema(
  'PUT /admin/entries/:id/assign-employee',
  z.object({
    employeeId: z.union([documentIdField('Employee'), z.null()], {
      error: 'employeeId is required (null to unassign)',
    }),
  }),
);

const templateChoice = z.object({
  to: recipients.optional(),
  templateId: text(512, 'Template id').trim().optional(),
  templateTitle: text(300, 'Template title').trim().optional(),
  templateContent: text(500_000, 'Template content').optional(),
});

/**
 * POST /entries/{id}/resend: only the channels in `send` go. `message` (write once) goes on
 * each of them unless a channel has its own templateContent; without one, each channel's
 * message goes again.
 */
export const resendBody = bodySchema(
  'POST /entries/:id/resend',
  z.object({
    message: text(MAX_DESCRIPTION_LENGTH, 'Message').optional(),
    descriptionTemplate: z
      .union([
        z.null(),
        z.object({
          templateId: text(512, 'Template id').trim().optional(),
          templateTitle: text(300, 'Template title').trim().optional(),
          templateContent: text(MAX_DESCRIPTION_LENGTH, 'Template content').optional(),
        }),
      ])
      .optional(),
    send: z
      .object({
        whatsapp: z.union([z.null(), templateChoice]).optional(),
        email: z.union([z.null(), templateChoice]).optional(),
      })
      .optional(),
  }),
);
export type ResendInput = z.output<typeof resendBody>;
