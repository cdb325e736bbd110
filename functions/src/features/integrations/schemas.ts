import { z } from 'zod';
import { bodySchema } from '../../http/validate';

const MAX_ATTACHMENTS = 10;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/** POST /integrations/whatsapp/send: to, text, templateId, optional media. */
export const whatsappSendSchema = bodySchema(
  'POST /integrations/whatsapp/send',
  z
    .object({
      to: z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required'),
      text: optionalText(4096, 'Text'),
      /** The name of an approved WhatsApp (Meta) template. */
      templateId: optionalText(512, 'Template id'),
      language: optionalText(16, 'Language'),
      parameters: z
        .array(z.string({ error: 'Each parameter must be text' }).max(1024), {
          error: 'Parameters must be a list',
        })
        .max(20, 'At most 20 parameters')
        .optional(),
      mediaUrl: z
        .string({ error: 'Media URL must be text' })
        .trim()
        .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Media URL must be an http(s) URL')
        .optional(),
      mediaType: z
        .enum(['image', 'video', 'document'], {
          error: 'Media type must be image, video or document',
        })
        .optional(),
      filename: optionalText(256, 'File name'),
    })
    .refine(
      (m) => Boolean(m.text?.trim() || m.templateId?.trim() || m.mediaUrl),
      'Give a text, a template id or a media URL',
    ),
);

export const emailSendSchema = bodySchema(
  'POST /integrations/email/send',
  z.object({
    to: z
      .union([z.string(), z.array(z.string())], { error: 'Recipient is required' })
      .transform((to) =>
        (Array.isArray(to) ? to : to.split(/[,;]/)).map((v) => v.trim()).filter(Boolean),
      )
      .refine((to) => to.length > 0, 'Recipient is required')
      .refine((to) => to.length <= 50, 'At most 50 recipients'),
    subject: z
      .string({ error: 'Subject is required' })
      .trim()
      .min(1, 'Subject is required')
      .max(300),
    html: z
      .string({ error: 'Message is required' })
      .refine((v) => v.trim() !== '', 'Message is required')
      .refine((v) => v.length <= 500_000, 'Message is too long'),
    text: optionalText(500_000, 'Text'),
    attachments: z
      .array(
        z.object({
          filename: z
            .string({ error: 'File name is required' })
            .trim()
            .min(1, 'File name is required')
            .max(256),
          path: z.string({ error: 'Path is required' }).trim().min(1, 'Path is required').max(2048),
        }),
        { error: 'Attachments must be a list' },
      )
      .max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`)
      .optional(),
  }),
);

export const whatsappTestSchema = bodySchema(
  'POST /integrations/whatsapp/test',
  z.object({
    /** Send this approved template instead of a text (e.g. hello_world outside the 24 h window). */
    template: optionalText(512, 'Template'),
    language: optionalText(16, 'Language'),
  }),
);
