// The Follow-up modal's form: checked here first, with the server's messages,
// then turned into the POST /entries/{id}/followup body.
import type { FollowUpRequest } from '../api/schedule-followup';
import type { Entry } from '../api/types';
import { firstEmail, firstPhone, NO_EMAIL, NO_PHONE } from './shared/recipients';

/** Presets 1, 3, 7, 14, 30 days (3 by default), or custom. */
export const DAY_PRESETS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_DAYS = 3;
/** The server's limit: a follow-up at most a year ahead. */
export const MAX_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export const DAYS_MESSAGE = 'Please select a valid number of days';
export const CHANNEL_MESSAGE = 'Select at least one channel (Email or WhatsApp)';

export type FollowUpForm = {
  /** A preset as text, or 'custom'. */
  preset: string;
  customDays: string;
  note: string;
  email: boolean;
  emailTemplateId: string;
  subject: string;
  emailText: string;
  whatsapp: boolean;
  whatsappTemplateId: string;
  whatsappText: string;
  /** Urls of the entry's attachments to send again. */
  attachmentUrls: string[];
};

export const initialFollowUpForm = (entry: Entry): FollowUpForm => ({
  preset: String(DEFAULT_DAYS),
  customDays: '',
  note: '',
  email: false,
  emailTemplateId: '',
  subject: entry.dispatch.email?.subject ?? '',
  emailText: '',
  whatsapp: false,
  whatsappTemplateId: '',
  whatsappText: '',
  attachmentUrls: [],
});

export function followUpDays(form: FollowUpForm): number {
  return form.preset === 'custom' ? Number(form.customDays.trim() || NaN) : Number(form.preset);
}

/** The first rule the form breaks, as its message, or null. */
export function followUpError(form: FollowUpForm, entry: Entry): string | null {
  const days = followUpDays(form);
  if (!Number.isFinite(days) || days <= 0 || days > MAX_DAYS) return DAYS_MESSAGE;
  if (!form.email && !form.whatsapp) return CHANNEL_MESSAGE;
  if (form.email && !firstEmail(entry.customer)) return NO_EMAIL;
  if (form.whatsapp && !firstPhone(entry.customer)) return NO_PHONE;
  return null;
}

/** The request for a valid form, to the customer's first email and first phone. */
export function followUpRequest(
  form: FollowUpForm,
  entry: Entry,
  now = Date.now(),
): FollowUpRequest {
  const days = followUpDays(form);
  const text = (own: string) => own.trim() || form.note.trim();
  return {
    days,
    when: new Date(now + days * DAY_MS).toISOString(),
    note: form.note.trim(),
    send: {
      email: form.email
        ? {
            templateId: form.emailTemplateId.trim(),
            subject: form.subject.trim(),
            text: text(form.emailText),
            to: entry.customer.emails.slice(0, 1),
          }
        : null,
      whatsapp: form.whatsapp
        ? {
            templateId: form.whatsappTemplateId.trim(),
            text: text(form.whatsappText),
            to: entry.customer.phones.slice(0, 1),
          }
        : null,
    },
    attachments: entry.attachments
      .filter((a) => form.attachmentUrls.includes(a.url))
      .map((a) => ({ ...a, to: { email: form.email, whatsapp: form.whatsapp } })),
    entryId: entry._id,
  };
}
