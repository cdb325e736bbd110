// POST /entries: the entry is saved (pending) with its 'created' history item and its
// messages queued, one per channel on, to the customer's first phone and first email, under
// the sending rules (messaging/whatsapp-plan.ts). The answer waits for the first tries, so it
// can name the channels whose message did not go; the entry stays whatever the providers say.
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { runInTransaction } from '../../domain/writes/transaction';
import { entryRef, getEntryData } from '../../domain/entries/store';
import { storeNewEntry } from '../../domain/entries/create';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { timestampNow } from '../../timestamps';
import { CUSTOMER_NOT_FOUND, getCustomerData } from '../../domain/customers/store';
import { FOR_ADMINS } from '../../domain/notifications/audience';
import { formatPhone } from '../../domain/identity/phone';
import { RecordWriter } from '../../domain/writes/records';
import { readSettings } from '../../domain/settings/store';
import {
  emailContent,
  fillPlaceholders,
  messageFor,
  planFor,
  plainText,
  deliverNow,
  type WhatsAppPlan,
} from '../messaging';
import {
  NOT_DELIVERED,
  queueEmail,
  queueWhatsApp,
  type EmailContent,
  type MessageOwner,
} from '../../domain/messages';
import { actorOf } from '../../domain/entries/actor';
import { resolveAttachments } from './attachments';
import { DEFAULT_MESSAGE, DEFAULT_SUBJECT, type Channel } from '../../domain/entries/constants';
import { byActor } from '../../domain/entries/history';
import {
  buildEntryDoc,
  customerCopy,
  toEntry,
  withoutUndefined,
} from '../../domain/entries/record';
import type { CreateInput } from './schemas';
import type { QuoteLink } from '../../contract/entries';

export type SentChannel = 'whatsapp' | 'email';

export function channelOf(whatsapp: boolean, email: boolean, fallback?: Channel): Channel {
  if (whatsapp && email) return 'multiple';
  if (whatsapp) return 'whatsapp';
  if (email) return 'email';
  return fallback === 'other' ? 'other' : 'manual';
}

/** No phone to send to: what the entry's WhatsApp line says. */
export const NO_PHONE = 'No customer phone found';

export function defaultSubject(companyName: string): string {
  return DEFAULT_SUBJECT.replace('{company}', companyName.trim() || 'our team');
}

/** The customer as stored; a customer that does not exist is a 400 on the entry's field. */
async function readCustomer(customerId: string): Promise<DocumentData> {
  const data = await getCustomerData(customerId);
  if (!data) throw new HttpError(400, CUSTOMER_NOT_FOUND, { customer: CUSTOMER_NOT_FOUND });
  return data;
}

/** Where an entry's channel shows its message's state. */
/** An entry's messages belong to it; it shows each channel's under `dispatch.<channel>`. */
export const entryOwner = (entryId: string): MessageOwner => ({ kind: 'entry', id: entryId });

/** The files WhatsApp should carry: the list given, else the one file `mediaUrl` names. */
function whatsappFiles(part: NonNullable<CreateInput['whatsapp']>) {
  if (part.attachments) return part.attachments;
  if (!part.mediaUrl) return [];
  const image = part.mediaType === 'image';
  return [{ name: 'media', url: part.mediaUrl, mimetype: image ? 'image/jpeg' : '', size: 0 }];
}

/** The messages of a new entry, checked and filled in before anything is stored. */
interface PlannedMessages {
  phone: string | undefined;
  whatsapp?: { text: string; plan?: WhatsAppPlan; planned: DocumentData };
  email?: { content: EmailContent; planned: DocumentData };
  channel: Channel;
  description: string;
}

interface EntryFiles {
  attachments: Awaited<ReturnType<typeof resolveAttachments>>;
  whatsapp: Awaited<ReturnType<typeof resolveAttachments>>;
  email: Awaited<ReturnType<typeof resolveAttachments>>;
}

async function entryFiles(input: CreateInput): Promise<EntryFiles> {
  const [attachments, whatsapp, email] = await Promise.all([
    resolveAttachments(input.attachments),
    resolveAttachments(input.whatsapp ? whatsappFiles(input.whatsapp) : [], 'whatsapp.attachments'),
    resolveAttachments(input.email?.attachments ?? [], 'email.attachments'),
  ]);
  return { attachments, whatsapp, email };
}

/** The entry's text: the one given, else the only message's text, else the default. */
function descriptionOf(input: CreateInput, whatsappText: string, emailText: string): string {
  if (input.description) return input.description;
  if (input.whatsapp && !input.email && whatsappText.trim()) return whatsappText.trim();
  if (input.email && !input.whatsapp && emailText) return emailText;
  return DEFAULT_MESSAGE;
}

/**
 * Write once: the message every channel on sends (the description; without one, the text
 * typed for a channel), unless a channel has its own text.
 */
function typedMessage(input: CreateInput, whatsappOwn: string, emailOwn: string): string {
  return input.description || whatsappOwn.trim() || emailOwn.trim();
}

async function planMessages(
  input: CreateInput,
  customerData: DocumentData,
  companyName: string,
  files: EntryFiles,
): Promise<PlannedMessages> {
  const customer = customerCopy(customerData);
  const values = { name: customer.names[0] ?? 'Customer', company: companyName };
  const phone = customer.phones[0];
  const whatsappOwn = fillPlaceholders(input.whatsapp?.body ?? input.whatsapp?.text ?? '', values);
  const emailOwn = input.email?.html ?? input.email?.body ?? '';
  const message = typedMessage(input, whatsappOwn, plainText(emailOwn));
  const text = input.whatsapp
    ? messageFor(whatsappOwn, fillPlaceholders(message, values), DEFAULT_MESSAGE)
    : '';
  // The rules run before anything is stored: a template Meta would refuse, or one with a
  // parameter nothing fills, is a 400.
  const plan =
    input.whatsapp && phone
      ? await planFor({
          to: phone,
          customer: customerData,
          customerName: values.name,
          text,
          attachments: files.whatsapp,
          templateId: input.whatsapp.templateId,
          language: input.whatsapp.language,
        })
      : undefined;
  const content =
    input.email &&
    emailContent({
      to: customer.emails.slice(0, 1),
      subject: input.email.subject || defaultSubject(companyName),
      body: messageFor(emailOwn, message, DEFAULT_MESSAGE),
      values,
      attachments: files.email,
    });
  return {
    phone,
    whatsapp: input.whatsapp && {
      text,
      plan,
      planned: {
        to: phone ? [phone] : [],
        templateId: input.whatsapp.templateId || undefined,
        text,
        attachments: files.whatsapp,
      },
    },
    email: content
      ? {
          content,
          planned: {
            to: content.to,
            subject: content.subject,
            templateId: input.email?.templateId || undefined,
            text: content.text,
            attachments: files.email,
          },
        }
      : undefined,
    channel: channelOf(Boolean(input.whatsapp), Boolean(content), input.channel),
    description: descriptionOf(input, whatsappOwn, plainText(fillPlaceholders(emailOwn, values))),
  };
}

/**
 * Queues each planned message in `tx`, beside the entry; answers the entry's dispatch field and
 * adds the queued message ids to `queued`. A WhatsApp message with no phone is not sent.
 */
function queueMessages(
  tx: Transaction,
  entryId: string,
  messages: PlannedMessages,
  queued: string[],
): DocumentData {
  const dispatch: DocumentData = {};
  const { whatsapp, email, phone } = messages;
  if (whatsapp) {
    const sent = whatsapp.plan
      ? queueWhatsApp(tx, entryOwner(entryId), phone!, whatsapp.plan, whatsapp.planned)
      : { fields: { ...whatsapp.planned, status: 'not_sent', error: NO_PHONE, at: new Date() } };
    dispatch.whatsapp = withoutUndefined(sent.fields);
    if ('outboundId' in sent && sent.outboundId) queued.push(sent.outboundId);
  }
  if (email) {
    const sent = queueEmail(tx, entryOwner(entryId), email.content, email.planned);
    dispatch.email = withoutUndefined(sent.fields);
    if (sent.outboundId) queued.push(sent.outboundId);
  }
  return dispatch;
}

/** What a caller adds to a new entry: a link to its quotation, its own writes beside it. */
export interface EntryAdditions {
  quote?: QuoteLink;
  /** Runs first in the entry's transaction (its reads, then its writes); a throw stores nothing. */
  alongside?: (tx: Transaction, entryId: string) => Promise<void>;
}

export async function createEntry(
  input: CreateInput,
  session: Session,
  additions: EntryAdditions = {},
) {
  const [customerData, actor, settings] = await Promise.all([
    readCustomer(input.customerId),
    actorOf(session),
    readSettings(),
  ]);
  const files = await entryFiles(input);
  const customer = customerCopy(customerData);
  const messages = await planMessages(input, customerData, settings.companyName, files);
  const createdAt = timestampNow();
  const ref = entryRef();
  const queued: string[] = [];
  // A transaction: recent activity is read before the entry is written beside it; each
  // message is queued with it, so an entry never exists without its messages or the reverse.
  const doc = await runInTransaction(async (tx) => {
    await additions.alongside?.(tx, ref.id);
    const records = await RecordWriter.inTransaction(tx);
    const dispatch = queueMessages(tx, ref.id, messages, queued);
    const entry = buildEntryDoc({
      customerId: input.customerId,
      customer,
      description: messages.description,
      tags: input.tags,
      attachments: files.attachments,
      category: input.category,
      amount: input.amount,
      currency: input.currency,
      process: input.process,
      extraNote: input.extraNote,
      channel: messages.channel,
      status: 'pending',
      employee: { _id: actor.uid, name: actor.name, email: actor.email },
      createdBy: actor.uid,
      createdByName: actor.name,
      source: 'employee',
      createdAt,
      dispatch,
      quote: additions.quote,
    });
    storeNewEntry(tx, records, ref, entry, { text: 'Entry created', by: byActor(actor) });
    // The admins' live panel hears of the new pending entry (and their dashboard refreshes).
    const phone = customer.phones[0];
    const name = customer.names[0] ?? (phone ? formatPhone(phone) : 'Customer');
    records.notify({
      to: FOR_ADMINS,
      type: 'entry.pending',
      title: 'New pending entry',
      message: `${actor.name} added an entry for ${name}: ${messages.description.slice(0, 120)}`,
      about: { entryId: ref.id },
    });
    return entry;
  });

  await deliverNow(queued);
  return answerAfterSending(ref.id, doc);
}

/**
 * The entry as stored after the first tries, with the channels whose message did not go, of
 * those `sent` now (a resend of one channel is not judged by the other's earlier failure).
 */
export async function answerAfterSending(
  id: string,
  fallback: DocumentData,
  sent: readonly SentChannel[] = ['whatsapp', 'email'],
) {
  const data = (await getEntryData(id)) ?? fallback;
  const dispatch = (data.dispatch ?? {}) as Record<string, { status?: unknown } | undefined>;
  const failed = sent.filter((c) => NOT_DELIVERED.has(String(dispatch[c]?.status)));
  return { entry: toEntry(id, data), failed };
}
