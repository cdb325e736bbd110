import type {
  Attachment,
  CreateEntryBody,
  EntryChannel,
  EntryCustomer,
} from '../../../../resources/entries';
import { amountValue } from '../../model/shared/amount';
import { firstEmail, firstPhone } from '../../model/shared/recipients';

/** What the Add Entry modal's fields hold. */
export type EntryForm = {
  description: string;
  category: string;
  /** As typed: validated on save. */
  amount: string;
  process: string;
  tags: string[];
  extraNote: string;
  whatsappOn: boolean;
  /**
   * An app WhatsApp template linked to an approved one (its id) or an approved template's name;
   * empty: the text inside the customer's 24-hour window, the company default template outside.
   */
  whatsappTemplateId: string;
  /** "Different text" opened for WhatsApp: whatsappText goes instead of the message. */
  whatsappOwnText: boolean;
  whatsappText: string;
  emailOn: boolean;
  /** The email template picked, if any. */
  emailTemplateId: string;
  /** Empty: the server's default subject. */
  emailSubject: string;
  /** "Different text" opened for email: emailBody goes instead of the message. */
  emailOwnText: boolean;
  emailBody: string;
  saveAsTemplate: boolean;
};

export const EMPTY_FORM: EntryForm = {
  description: '',
  category: '',
  amount: '',
  process: '',
  tags: [],
  extraNote: '',
  whatsappOn: false,
  whatsappTemplateId: '',
  whatsappOwnText: false,
  whatsappText: '',
  emailOn: false,
  emailTemplateId: '',
  emailSubject: '',
  emailOwnText: false,
  emailBody: '',
  saveAsTemplate: false,
};

/** The switches that are on and can send (the customer has the phone / email). */
export function activeChannels(form: EntryForm, customer: EntryCustomer) {
  return {
    whatsapp: form.whatsappOn && firstPhone(customer) !== '',
    email: form.emailOn && firstEmail(customer) !== '',
  };
}

/** Both on = multiple, one of them, none = manual. */
export function channelOf(whatsapp: boolean, email: boolean): EntryChannel {
  if (whatsapp && email) return 'multiple';
  if (whatsapp) return 'whatsapp';
  if (email) return 'email';
  return 'manual';
}

/** Write once: the text a channel sends, its own when "different text" is open. */
export function channelText(
  form: Pick<
    EntryForm,
    'description' | 'whatsappOwnText' | 'whatsappText' | 'emailOwnText' | 'emailBody'
  >,
  channel: 'whatsapp' | 'email',
): string {
  const own = channel === 'whatsapp' ? form.whatsappOwnText : form.emailOwnText;
  const text = channel === 'whatsapp' ? form.whatsappText : form.emailBody;
  return own && text.trim() ? text : form.description;
}

/**
 * What an empty message falls back to, which the server applies: the WhatsApp text or
 * the email body when only that channel is on (and has its own), else its default message line.
 */
export function descriptionFallback(
  form: EntryForm,
  customer: EntryCustomer,
): 'whatsapp' | 'email' | 'default' {
  const on = activeChannels(form, customer);
  if (on.whatsapp && !on.email && form.whatsappOwnText && form.whatsappText.trim())
    return 'whatsapp';
  if (on.email && !on.whatsapp && form.emailOwnText && form.emailBody.trim()) return 'email';
  return 'default';
}

const FALLBACK_HINT = {
  whatsapp: 'Left empty, the entry takes the WhatsApp text.',
  email: 'Left empty, the entry takes the email body.',
  default: 'Left empty, the entry and its messages take a default line.',
} as const;

export const descriptionHint = (form: EntryForm, customer: EntryCustomer): string => {
  const on = activeChannels(form, customer);
  const fallback = FALLBACK_HINT[descriptionFallback(form, customer)];
  if (!on.whatsapp && !on.email) return fallback;
  return `Sent on every channel that is on, unless you open "Different text" for one. ${fallback}`;
};

/**
 * The body of POST /entries. Recipients are the customer's first phone and email; the server
 * fills the defaults (description, email subject) and applies the sending rules.
 */
export function entryBody(
  form: EntryForm,
  customer: EntryCustomer,
  attachments: Attachment[],
): CreateEntryBody {
  const on = activeChannels(form, customer);
  const amount = amountValue(form.amount);
  return {
    customer: customer._id,
    description: form.description.trim(),
    tags: form.tags,
    attachments,
    category: form.category,
    ...(amount !== undefined && { amount }),
    process: form.process,
    extraNote: form.extraNote.trim(),
    channel: channelOf(on.whatsapp, on.email),
    ...(on.whatsapp && {
      whatsapp: {
        to: [firstPhone(customer)],
        // Empty: the server sends the message (write once).
        body: form.whatsappOwnText ? form.whatsappText : '',
        ...(form.whatsappTemplateId.trim() && { templateId: form.whatsappTemplateId.trim() }),
        attachments,
      },
    }),
    ...(on.email && {
      email: {
        to: [firstEmail(customer)],
        body: form.emailOwnText ? form.emailBody : '',
        ...(form.emailSubject.trim() && { subject: form.emailSubject.trim() }),
        ...(form.emailTemplateId && { templateId: form.emailTemplateId }),
        attachments,
      },
    }),
  };
}
