// POST /entries: the entry is saved (pending) with its 'created' history item and its
// messages queued, one per channel on, to the customer's first phone and first email, under
// the sending rules (messaging/whatsapp-plan.ts). The answer waits for the first tries, so it
// can name the channels whose message did not go; the entry stays whatever the providers say.
import type { DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { timestampNow } from '../../timestamps';
import { CUSTOMERS } from '../customers/constants';
import { applyEntryChange } from '../dashboard/contributions';
import { recentWriter } from '../dashboard/recent-activity';
import { FOR_ADMINS } from '../notifications/audience';
import { addNotification } from '../notifications/notice';
import { readSettings } from '../settings/store';
import { emailContent, fillPlaceholders, planFor, plainText } from '../messaging/compose';
import type { OwnerField } from '../messaging/outbound-doc';
import { deliverNow } from '../messaging/outbound-worker';
import { NOT_DELIVERED, queueEmail, queueWhatsApp } from '../messaging/queue-channel';
import { actorOf } from './actor';
import { resolveAttachments } from './attachments';
import { DEFAULT_MESSAGE, DEFAULT_SUBJECT, ENTRIES, type Channel } from './constants';
import { historyDoc, historyRef, byActor } from './history';
import {
  buildEntryDoc,
  customerCopy,
  toEntry,
  withoutUndefined,
  type CustomerCopy,
} from './record';
import type { CreateInput } from './schemas';

export type SentChannel = 'whatsapp' | 'email';

export function channelOf(whatsapp: boolean, email: boolean, fallback?: Channel): Channel {
  if (whatsapp && email) return 'multiple';
  if (whatsapp) return 'whatsapp';
  if (email) return 'email';
  return fallback === 'other' ? 'other' : 'manual';
}

/** No phone to send to: the spec's words. */
export const NO_PHONE = 'No customer phone found';

export function defaultSubject(companyName: string): string {
  return DEFAULT_SUBJECT.replace('{company}', companyName.trim() || 'our team');
}

export async function readCustomerCopy(customerId: string): Promise<CustomerCopy> {
  const snapshot = await getDb().collection(CUSTOMERS).doc(customerId).get();
  const data = snapshot.data();
  if (!data) throw new HttpError(400, 'Customer not found', { customer: 'Customer not found' });
  return customerCopy(data);
}

/** Where an entry's channel shows its message's state. */
export const dispatchField = (entryId: string, channel: SentChannel): OwnerField => ({
  path: `${ENTRIES}/${entryId}`,
  field: `dispatch.${channel}`,
});

/** The files WhatsApp should carry: the list given, else the one media URL of the old form. */
function whatsappFiles(part: NonNullable<CreateInput['whatsapp']>) {
  if (part.attachments) return part.attachments;
  if (!part.mediaUrl) return [];
  const image = part.mediaType === 'image';
  return [{ name: 'media', url: part.mediaUrl, mimetype: image ? 'image/jpeg' : '', size: 0 }];
}

export async function createEntry(input: CreateInput, session: Session) {
  const db = getDb();
  const [customer, customerData, actor, settings] = await Promise.all([
    readCustomerCopy(input.customerId),
    db
      .collection(CUSTOMERS)
      .doc(input.customerId)
      .get()
      .then((s) => s.data()),
    actorOf(session),
    readSettings(),
  ]);
  const [attachments, waAttachments, emailAttachments] = await Promise.all([
    resolveAttachments(input.attachments),
    resolveAttachments(input.whatsapp ? whatsappFiles(input.whatsapp) : [], 'whatsapp.attachments'),
    resolveAttachments(input.email?.attachments ?? [], 'email.attachments'),
  ]);
  const values = { name: customer.names[0] ?? 'Customer', company: settings.companyName };
  const phone = customer.phones[0];

  const waText = input.whatsapp
    ? fillPlaceholders(input.whatsapp.body ?? input.whatsapp.text ?? '', values)
    : '';
  // The rules run before anything is stored: a chosen template Meta would refuse is a 400.
  const waPlan =
    input.whatsapp && phone
      ? await planFor({
          to: phone,
          customer: customerData,
          customerName: values.name,
          text: waText,
          attachments: waAttachments,
          templateId: input.whatsapp.templateId,
          language: input.whatsapp.language,
        })
      : undefined;
  const emailBody = input.email?.html ?? input.email?.body ?? '';
  const email =
    input.email &&
    emailContent({
      to: customer.emails.slice(0, 1),
      subject: input.email.subject || defaultSubject(settings.companyName),
      body: emailBody.trim() ? emailBody : DEFAULT_MESSAGE,
      values,
      attachments: emailAttachments,
    });
  const channel = channelOf(Boolean(input.whatsapp), Boolean(email), input.channel);
  let description = input.description;
  if (!description) {
    if (input.whatsapp && !email && waText.trim()) description = waText.trim();
    else if (email && !input.whatsapp && plainText(fillPlaceholders(emailBody, values)))
      description = plainText(fillPlaceholders(emailBody, values));
    else description = DEFAULT_MESSAGE;
  }

  const createdAt = timestampNow();
  const employee = { _id: actor.uid, name: actor.name, email: actor.email };
  const ref = db.collection(ENTRIES).doc();
  const queued: string[] = [];
  // A transaction: recent activity is read before the entry is written beside it; each
  // message is queued with it, so an entry never exists without its messages or the reverse.
  const doc = await db.runTransaction(async (tx) => {
    const applyRecent = recentWriter(tx, db);
    const dispatch: DocumentData = {};
    if (input.whatsapp) {
      const planned = {
        to: phone ? [phone] : [],
        templateId: input.whatsapp.templateId || undefined,
        text: waText,
        attachments: waAttachments,
      };
      const sent = waPlan
        ? queueWhatsApp(tx, dispatchField(ref.id, 'whatsapp'), phone!, waPlan, planned)
        : { fields: { ...planned, status: 'not_sent', error: NO_PHONE, at: new Date() } };
      dispatch.whatsapp = withoutUndefined(sent.fields);
      if (sent.outboundId) queued.push(sent.outboundId);
    }
    if (email) {
      const planned = {
        to: email.to,
        subject: email.subject,
        templateId: input.email?.templateId || undefined,
        text: email.text,
        attachments: emailAttachments,
      };
      const sent = queueEmail(tx, dispatchField(ref.id, 'email'), email, planned);
      dispatch.email = withoutUndefined(sent.fields);
      if (sent.outboundId) queued.push(sent.outboundId);
    }
    const entry = buildEntryDoc({
      customerId: input.customerId,
      customer,
      description,
      tags: input.tags,
      attachments,
      category: input.category,
      amount: input.amount,
      currency: input.currency,
      process: input.process,
      extraNote: input.extraNote,
      channel,
      status: 'pending',
      employee,
      createdBy: actor.uid,
      createdByName: actor.name,
      source: 'employee',
      createdAt,
      dispatch,
    });
    tx.create(ref, entry);
    applyEntryChange(tx, null, { id: ref.id, data: entry });
    applyRecent({ entries: [{ id: ref.id, data: entry }] });
    tx.create(
      historyRef(db, ref.id),
      historyDoc({ type: 'created', text: 'Entry created', by: byActor(actor) }),
    );
    // The admins' live panel hears of the new pending entry (and their dashboard refreshes).
    const notice = `${actor.name} added an entry for ${values.name}: ${description.slice(0, 120)}`;
    addNotification(tx, {
      to: FOR_ADMINS,
      type: 'entry.pending',
      title: 'New pending entry',
      message: notice,
      about: { entryId: ref.id },
    });
    return entry;
  });

  await deliverNow(queued);
  return answerAfterSending(ref.id, doc);
}

/** The entry as stored after the first tries, with the channels whose message did not go. */
export async function answerAfterSending(id: string, fallback: DocumentData) {
  const data = (await getDb().collection(ENTRIES).doc(id).get()).data() ?? fallback;
  const dispatch = (data.dispatch ?? {}) as Record<string, { status?: unknown } | undefined>;
  const failed = (['whatsapp', 'email'] as const).filter((c) =>
    NOT_DELIVERED.has(String(dispatch[c]?.status)),
  );
  return { entry: toEntry(id, data), failed };
}
