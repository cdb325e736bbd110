// The Edit Entry modal's form: lists are typed one a line (or comma separated), as on the
// customer forms, and sent as the PUT /entries/{id} body.
import { isChannel } from '@contract/entries';
import { splitValues } from '../../../lib/split-values';
import type { Entry, EntryUpdate } from '../../../resources/entries';
import { amountValue } from './shared/amount';

export type EditForm = {
  description: string;
  category: string;
  /** As typed: checked on save like Add Entry's (./shared/amount). */
  amount: string;
  channel: string;
  tags: string;
  process: string;
  extraNote: string;
  /** Urls of the attachments kept. */
  keptUrls: string[];
  names: string;
  phones: string;
  emails: string;
};

export const initialEditForm = (entry: Entry): EditForm => ({
  description: entry.description,
  category: entry.category,
  // No amount is stored as 0: shown empty, as on Add Entry.
  amount: entry.amount ? String(entry.amount) : '',
  channel: entry.channel || 'manual',
  tags: entry.tags.join(', '),
  process: entry.process,
  extraNote: entry.extraNote,
  keptUrls: entry.attachments.map((a) => a.url),
  names: entry.customer.names.join('\n'),
  phones: entry.customer.phones.join('\n'),
  emails: entry.customer.emails.join('\n'),
});

export const NEEDS_CONTACT = 'Please add at least a name/phone/email';

/** The customer must keep at least one name, phone or email; else the message. */
export function editError(form: EditForm): string | null {
  const contacts = [form.names, form.phones, form.emails].flatMap(splitValues);
  return contacts.length === 0 ? NEEDS_CONTACT : null;
}

/** What the modal sends: every field, but a channel only when it is one of CHANNELS. */
export type EditUpdate = Omit<EntryUpdate, 'channel'> & Partial<Pick<EntryUpdate, 'channel'>>;

export function editUpdate(form: EditForm, entry: Entry): EditUpdate {
  return {
    description: form.description.trim(),
    category: form.category.trim(),
    // Emptied, the amount goes back to 0 (what the server stores for none).
    amount: amountValue(form.amount) ?? 0,
    // A word of older data that is none of CHANNELS is not sent: the entry keeps it.
    ...(isChannel(form.channel) && { channel: form.channel }),
    tags: splitValues(form.tags),
    process: form.process,
    extraNote: form.extraNote.trim(),
    attachments: entry.attachments.filter((a) => form.keptUrls.includes(a.url)),
    customer: {
      names: splitValues(form.names),
      phones: splitValues(form.phones),
      emails: splitValues(form.emails),
    },
  };
}
