// POST /entries/{id}/resend: queues the entry's messages again under the sending rules,
// optionally with other templates (and a description taken from a template), with an 'edited'
// history item, and answers the entry with the channels whose message did not go. When every
// chosen channel failed the answer is a 502 carrying the reasons, channel by channel.
import type { DocumentData } from 'firebase-admin/firestore';
import { runInTransaction } from '../../domain/writes/transaction';
import { entryRef, newHistoryItemRef } from '../../domain/entries/store';
import { HttpError } from '../../http/errors';
import { isEmail, toE164 } from '../../integrations/recipients';
import { timestampNow } from '../../timestamps';
import {
  emailContent,
  fillPlaceholders,
  planFor,
  deliverNow,
  type WhatsAppPlan,
} from '../messaging';
import { queueEmail, queueWhatsApp, type EmailContent } from '../../domain/messages';
import { readSettings } from '../../domain/settings/store';
import { RecordWriter } from '../../domain/writes/records';
import type { Actor } from '../../domain/entries/actor';
import { DEFAULT_MESSAGE, NOT_FOUND } from '../../domain/entries/constants';
import { answerAfterSending, defaultSubject, entryOwner, type SentChannel } from './create';
import { byActor, historyDoc } from '../../domain/entries/history';
import {
  attachmentsOf,
  customerCopy,
  derivedFields,
  snapshotOf,
  withoutUndefined,
} from '../../domain/entries/record';
import type { ResendInput } from './schemas';
import { getCustomerData } from '../../domain/customers/store';
import { textOf } from '../../stored-text';

export const NO_CHANNEL = 'Select at least one channel (Email or WhatsApp)';

const record = (value: unknown): DocumentData =>
  value && typeof value === 'object' ? (value as DocumentData) : {};
const LABEL: Record<SentChannel, string> = { whatsapp: 'WhatsApp', email: 'Email' };

export async function resendEntry(id: string, input: ResendInput, actor: Actor) {
  const ref = entryRef(id);
  const [snapshot, settings] = await Promise.all([ref.get(), readSettings()]);
  const data = snapshot.data();
  if (!data) throw new HttpError(404, NOT_FOUND);
  const wa = input.send?.whatsapp ?? undefined;
  const em = input.send?.email ?? undefined;
  if (!wa && !em) throw new HttpError(400, NO_CHANNEL);

  const customer = customerCopy(data.customer);
  const values = { name: customer.names[0] ?? 'Customer', company: settings.companyName };
  const previous = record(data.dispatch);
  const set: DocumentData = {};
  const template = input.descriptionTemplate;
  if (template?.templateContent?.trim()) {
    set.description = fillPlaceholders(template.templateContent, values).trim();
    set.templateRef = withoutUndefined({
      templateId: template.templateId,
      templateTitle: template.templateTitle,
    });
  }
  const description = (set.description as string | undefined) ?? textOf(data.description);
  const message = input.message?.trim() ?? '';
  /**
   * What a channel sends again: the message typed for this resend, else what it sent before,
   * else the entry's description. A generic line stored before write-once is not sent again
   * when the entry has a real description.
   */
  const again = (before: DocumentData) => {
    const stored = textOf(before.text);
    const sentBefore = stored.trim() && stored !== DEFAULT_MESSAGE ? stored : '';
    return message || sentBefore || description;
  };

  let whatsapp: { to: string; plan: WhatsAppPlan; planned: DocumentData } | undefined;
  if (wa) {
    const before = record(previous.whatsapp);
    const given = wa.to?.[0];
    const to = given ? toE164(given) : customer.phones[0];
    if (given && !to) throw new HttpError(400, `Not a phone number: ${given}`);
    if (!to) throw new HttpError(400, 'No customer phone found');
    const text = fillPlaceholders(wa.templateContent || again(before), values);
    const templateId = wa.templateId || textOf(before.templateId) || undefined;
    const attachments = attachmentsOf(before.attachments);
    const customerId = textOf(data.customerId);
    const customerData = customerId ? await getCustomerData(customerId) : undefined;
    const plan = await planFor({
      to,
      customer: customerData,
      customerName: values.name,
      text,
      attachments,
      templateId,
    });
    whatsapp = { to, plan, planned: { to: [to], templateId, text, attachments } };
  }
  let email: { content: EmailContent; planned: DocumentData } | undefined;
  if (em) {
    const before = record(previous.email);
    const given = (em.to ?? []).map((a) => a.toLowerCase());
    const bad = given.find((a) => !isEmail(a));
    if (bad) throw new HttpError(400, `Not an email address: ${bad}`);
    const content = emailContent({
      to: given.length > 0 ? given : customer.emails.slice(0, 1),
      subject: em.templateTitle || textOf(before.subject) || defaultSubject(settings.companyName),
      body: em.templateContent || again(before),
      values,
      attachments: attachmentsOf(before.attachments),
    });
    email = {
      content,
      planned: {
        to: content.to,
        subject: content.subject,
        templateId: em.templateId || textOf(before.templateId) || undefined,
        text: content.text,
        attachments: content.attachments,
      },
    };
  }

  const queued: string[] = [];
  let records: RecordWriter | undefined;
  await runInTransaction(async (tx) => {
    const fresh = (await tx.get(ref)).data();
    if (!fresh) throw new HttpError(404, NOT_FOUND);
    const dispatch: DocumentData = { ...record(fresh.dispatch) };
    if (whatsapp) {
      const sent = queueWhatsApp(tx, entryOwner(id), whatsapp.to, whatsapp.plan, whatsapp.planned);
      dispatch.whatsapp = withoutUndefined(sent.fields);
      if (sent.outboundId) queued.push(sent.outboundId);
    }
    if (email) {
      const sent = queueEmail(tx, entryOwner(id), email.content, email.planned);
      dispatch.email = withoutUndefined(sent.fields);
      if (sent.outboundId) queued.push(sent.outboundId);
    }
    const next = { ...fresh, ...set, dispatch, updatedAt: timestampNow() };
    const derived = derivedFields(next);
    const update = withoutUndefined({ ...set, dispatch, ...derived, updatedAt: next.updatedAt });
    // A description taken from a template shows in recent activity, once the messages went.
    records = RecordWriter.deferred(tx);
    records.updateEntry(ref, fresh, update, { ...next, ...derived });
    tx.create(
      newHistoryItemRef(id),
      historyDoc({
        type: 'edited',
        text: `Resent by ${[whatsapp && 'WhatsApp', email && 'email'].filter(Boolean).join(' and ')}`,
        by: byActor(actor),
        snapshot: snapshotOf(next),
        previous: snapshotOf(fresh),
      }),
    );
  });
  await deliverNow(queued);
  const chosen = [whatsapp && 'whatsapp', email && 'email'].filter(Boolean) as SentChannel[];
  const answer = await answerAfterSending(id, data, chosen);
  await records?.afterCommit();
  if (chosen.length > 0 && answer.failed.length === chosen.length) {
    const dispatch = record(answer.entry.dispatch);
    const lines = chosen.map((c) => `${LABEL[c]} failed (${textOf(record(dispatch[c]).error)})`);
    throw new ResendFailed(`Resend failed: ${lines.join('; ')}`, answer.entry, answer.failed);
  }
  return answer;
}

/** Every chosen channel failed: answered as a 502 with the entry and the failures. */
export class ResendFailed extends Error {
  constructor(
    message: string,
    readonly entry: Awaited<ReturnType<typeof answerAfterSending>>['entry'],
    readonly failed: SentChannel[],
  ) {
    super(message);
    this.name = 'ResendFailed';
  }
}
