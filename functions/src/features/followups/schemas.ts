// Follow-up request shapes and the messages a refused one answers with.
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { isTimeOfDay } from '../../company-days';
import { attachmentSchema } from '../entries';

export const DAYS_MESSAGE = 'Please select a valid number of days';
export const TIME_MESSAGE = 'Time must be a time of day like 10:00';
export const CHANNEL_MESSAGE = 'Select at least one channel (Email or WhatsApp)';
export const NO_EMAIL_MESSAGE = 'No customer email found';
export const NO_PHONE_MESSAGE = 'No customer phone found';
/** The presets are 1, 3, 7, 14, 30 (3 by default); custom days up to a year. */
export const DEFAULT_DAYS = 3;
export const MAX_DAYS = 365;

const days = z
  .union([z.number(), z.string(), z.null()], { error: DAYS_MESSAGE })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return DEFAULT_DAYS;
    const n = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
    if (!Number.isFinite(n) || n <= 0 || n > MAX_DAYS) {
      ctx.issues.push({ code: 'custom', message: DAYS_MESSAGE, input: value });
      return z.NEVER;
    }
    return n;
  });

const note = z.string({ error: 'Note must be text' }).trim().max(2000).optional();

/**
 * The time of day it goes (HH:MM, company time zone) on the day `days` ahead; left out, it
 * goes `days` after now.
 */
const time = z.string({ error: TIME_MESSAGE }).trim().refine(isTimeOfDay, TIME_MESSAGE).optional();

const recipients = z
  .union([z.string(), z.array(z.string())], { error: 'Recipients must be a list' })
  .transform((v) => (Array.isArray(v) ? v : v.split(/[,;]/)).map((s) => s.trim()).filter(Boolean));

const emailSend = z.object({
  templateId: z.string().trim().max(512).optional(),
  subject: z.string().trim().max(300).optional(),
  text: z.string().max(500_000).optional(),
  html: z.string().max(500_000).optional(),
  to: recipients.optional(),
  from: z.object({ email: z.string().optional(), name: z.string().optional() }).optional(),
});

const whatsappSend = z.object({
  templateId: z.string().trim().max(512).optional(),
  text: z.string().max(4096).optional(),
  to: recipients.optional(),
});

/** POST /entries/{id}/followup. */
export const followUpBody = bodySchema(
  'POST /entries/:id/followup',
  z.object({
    days,
    time,
    /** The client's own now + days; the server computes the due time itself. */
    when: z.unknown().optional(),
    note,
    send: z
      .object({
        email: z.union([z.null(), emailSend]).optional(),
        whatsapp: z.union([z.null(), whatsappSend]).optional(),
      })
      .optional(),
    attachments: z
      .array(
        attachmentSchema.extend({
          to: z
            .object({ email: z.boolean().optional(), whatsapp: z.boolean().optional() })
            .optional(),
        }),
      )
      .max(10, 'At most 10 attachments')
      .optional(),
    entryId: z.unknown().optional(),
  }),
);
export type FollowUpInput = z.output<typeof followUpBody>;

/** POST /entries/{id}/followup-days: the simple fallback, a reminder without messages. */
export const followUpDaysBody = bodySchema(
  'POST /entries/:id/followup-days',
  z.object({ days, time, note }),
);
