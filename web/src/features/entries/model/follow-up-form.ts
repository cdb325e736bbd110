// The Follow-up modal's form: checked here first, with the server's messages,
// then turned into the POST /entries/{id}/followup body.
import type { Entry, FollowUpRequest } from '../../../resources/entries';
import { firstEmail, firstPhone, NO_EMAIL, NO_PHONE } from './shared/recipients';

/** Presets 1, 3, 7, 14, 30 days (3 by default), or custom. */
export const DAY_PRESETS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_DAYS = 3;
/** The server's limit: a follow-up at most a year ahead. */
export const MAX_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

export const DAYS_MESSAGE = 'Please select a valid number of days';
export const TIME_MESSAGE = 'Please enter a time like 10:00';
/** When in the day a follow-up goes (company time zone) unless changed. */
export const DEFAULT_TIME = '10:00';
export const CHANNEL_MESSAGE = 'Select at least one channel (Email or WhatsApp)';

export type FollowUpForm = {
  /** A preset as text, or 'custom'. */
  preset: string;
  customDays: string;
  /** HH:MM, company time zone. */
  time: string;
  /** The message (write once): sent on each channel ticked, and kept as the note. */
  note: string;
  email: boolean;
  emailTemplateId: string;
  subject: string;
  emailOwnText: boolean;
  emailText: string;
  whatsapp: boolean;
  whatsappTemplateId: string;
  whatsappOwnText: boolean;
  whatsappText: string;
  /** Urls of the entry's attachments to send again. */
  attachmentUrls: string[];
};

export const initialFollowUpForm = (entry: Entry): FollowUpForm => ({
  preset: String(DEFAULT_DAYS),
  customDays: '',
  time: DEFAULT_TIME,
  note: '',
  email: false,
  emailTemplateId: '',
  subject: entry.dispatch.email?.subject ?? '',
  emailOwnText: false,
  emailText: '',
  whatsapp: false,
  whatsappTemplateId: '',
  whatsappOwnText: false,
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
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time)) return TIME_MESSAGE;
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
  // Write once: a channel sends the message (the note) unless its "Different text" is open.
  const text = (open: boolean, own: string) => (open && own.trim()) || form.note.trim();
  return {
    days,
    time: form.time,
    when: new Date(now + days * DAY_MS).toISOString(),
    note: form.note.trim(),
    send: {
      email: form.email
        ? {
            templateId: form.emailTemplateId.trim(),
            subject: form.subject.trim(),
            text: text(form.emailOwnText, form.emailText),
            to: entry.customer.emails.slice(0, 1),
          }
        : null,
      whatsapp: form.whatsapp
        ? {
            templateId: form.whatsappTemplateId.trim(),
            text: text(form.whatsappOwnText, form.whatsappText),
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
