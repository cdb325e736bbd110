import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { hasHiddenCharacter, HIDDEN_CHARACTER_MESSAGE } from '../../hidden-characters';

export const TEMPLATE_TYPES = ['text', 'whatsapp', 'email'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const MAX_TITLE = 200;
export const MAX_SUBJECT = 300;
export const MAX_CONTENT = 20_000;

const type = z.enum(TEMPLATE_TYPES, { error: 'Type must be text, whatsapp or email' });
const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(MAX_TITLE, `Title must be at most ${MAX_TITLE} characters`)
  .refine((value) => !hasHiddenCharacter(value), `Title ${HIDDEN_CHARACTER_MESSAGE}`);
const content = z
  .string({ error: 'Content is required' })
  .refine((value) => value.trim() !== '', 'Content is required')
  .refine(
    (value) => value.length <= MAX_CONTENT,
    `Content must be at most ${MAX_CONTENT} characters`,
  );
const subject = z
  .string({ error: 'Subject must be text' })
  .trim()
  .max(MAX_SUBJECT, `Subject must be at most ${MAX_SUBJECT} characters`);

const param = z
  .number({ error: 'A parameter is a number from 1 to 20' })
  .int('A parameter is a number from 1 to 20')
  .min(1, 'A parameter is a number from 1 to 20')
  .max(20, 'A parameter is a number from 1 to 20')
  .nullable()
  .default(null);

/**
 * WhatsApp templates only: the approved Meta template this one sends, and which of its body
 * parameters take the typed text and the customer's name. null unlinks it.
 */
const approved = z
  .object(
    {
      name: z.string({ error: 'Template name must be text' }).trim().min(1).max(512),
      language: z.string({ error: 'Language must be text' }).trim().max(16).default(''),
      textParam: param,
      nameParam: param,
    },
    { error: 'The approved template must be an object' },
  )
  .refine(
    (t) => t.textParam === null || t.textParam !== t.nameParam,
    'The text and the name need different parameters',
  )
  .nullable();

/** POST /admin/templates: type defaults to text. */
export const createTemplateSchema = bodySchema(
  'POST /admin/templates',
  z.object({
    type: type.default('text'),
    title,
    content,
    subject: subject.optional(),
    approved: approved.optional(),
  }),
);

/** PUT /admin/templates/:id: the fields sent replace the stored ones, by the same rules. */
export const updateTemplateSchema = bodySchema(
  'PUT /admin/templates/:id',
  z.object({
    type: type.optional(),
    title: title.optional(),
    content: content.optional(),
    subject: subject.optional(),
    approved: approved.optional(),
  }),
);

export type CreateTemplateInput = z.output<typeof createTemplateSchema>;
export type UpdateTemplateInput = z.output<typeof updateTemplateSchema>;
