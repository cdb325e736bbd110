// POST /entries (spec §5): the entry is saved first (pending, with each chosen channel marked
// 'sending') together with its 'created' history item; then the WhatsApp and email messages go
// out in parallel to the customer's first phone and first email, and each outcome is stored on
// the entry. The entry stays whatever the providers answer; the answer names the failed sends.
import type { Request } from 'express';
import { getDb } from '../../firebase';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { timestampNow } from '../../timestamps';
import { CUSTOMERS } from '../customers/constants';
import { applyEntryChange } from '../dashboard/contributions';
import { readRecent } from '../dashboard/recent-activity';
import { applyHeldWhatsAppStatus } from '../inbound/whatsapp-statuses';
import { FOR_ADMINS } from '../notifications/audience';
import { addNotification } from '../notifications/notice';
import { readSettings } from '../settings/store';
import { publicBaseUrl } from '../uploads/files';
import { actorOf } from './actor';
import { resolveAttachments } from './attachments';
import {
  DEFAULT_MESSAGE,
  DEFAULT_SUBJECT,
  ENTRIES,
  PRESET_WHATSAPP_TEMPLATE,
  type Channel,
} from './constants';
import {
  fillPlaceholders,
  sendEmailMessage,
  sendWhatsAppMessage,
  storedOutcome,
  toHtml,
  type Outcome,
} from './dispatch';
import { historyDoc, historyRef, byActor } from './history';
import {
  buildEntryDoc,
  customerCopy,
  toEntry,
  withoutUndefined,
  type Attachment,
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

/** Plain text of an HTML body (for a description taken from an email). */
export function plainText(body: string): string {
  return body
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function defaultSubject(companyName: string): string {
  return DEFAULT_SUBJECT.replace('{company}', companyName.trim() || 'our team');
}

export async function readCustomerCopy(customerId: string): Promise<CustomerCopy> {
  const snapshot = await getDb().collection(CUSTOMERS).doc(customerId).get();
  const data = snapshot.data();
  if (!data) throw new HttpError(400, 'Customer not found', { customer: 'Customer not found' });
  return customerCopy(data);
}

interface PlannedWhatsApp {
  to: string[];
  templateId: string;
  language?: string;
  text: string;
  attachments: Attachment[];
}

interface PlannedEmail {
  to: string[];
  subject: string;
  templateId?: string;
  text: string;
  html: string;
  attachments: Attachment[];
}

export async function createEntry(input: CreateInput, session: Session, req: Request) {
  const db = getDb();
  const [customer, actor, settings] = await Promise.all([
    readCustomerCopy(input.customerId),
    actorOf(session),
    readSettings(),
  ]);
  const [attachments, waAttachments, emailAttachments] = await Promise.all([
    resolveAttachments(input.attachments),
    resolveAttachments(
      input.whatsapp?.attachments ??
        (input.whatsapp?.mediaUrl
          ? [
              {
                name: 'media',
                url: input.whatsapp.mediaUrl,
                mimetype: input.whatsapp.mediaType === 'image' ? 'image/jpeg' : '',
                size: 0,
              },
            ]
          : []),
      'whatsapp.attachments',
    ),
    resolveAttachments(input.email?.attachments ?? [], 'email.attachments'),
  ]);
  const values = { name: customer.names[0] ?? 'Customer', company: settings.companyName };

  const whatsapp: PlannedWhatsApp | undefined = input.whatsapp && {
    to: customer.phones.slice(0, 1),
    templateId: input.whatsapp.templateId || PRESET_WHATSAPP_TEMPLATE,
    language: input.whatsapp.language,
    text: fillPlaceholders(input.whatsapp.body ?? input.whatsapp.text ?? '', values),
    attachments: waAttachments,
  };
  const emailBody = fillPlaceholders(input.email?.html ?? input.email?.body ?? '', values);
  const email: PlannedEmail | undefined = input.email && {
    to: customer.emails.slice(0, 1),
    subject: input.email.subject || defaultSubject(settings.companyName),
    templateId: input.email.templateId || undefined,
    text: plainText(emailBody),
    html: toHtml(emailBody.trim() ? emailBody : DEFAULT_MESSAGE),
    attachments: emailAttachments,
  };
  const channel = channelOf(Boolean(whatsapp), Boolean(email), input.channel);
  let description = input.description;
  if (!description) {
    if (whatsapp && !email && whatsapp.text.trim()) description = whatsapp.text.trim();
    else if (email && !whatsapp && email.text.trim()) description = email.text.trim();
    else description = DEFAULT_MESSAGE;
  }

  const createdAt = timestampNow();
  const sending = { status: 'sending', at: createdAt.toDate() };
  const dispatch = withoutUndefined({
    ...(whatsapp && {
      whatsapp: {
        to: whatsapp.to,
        templateId: whatsapp.templateId,
        text: whatsapp.text,
        attachments: whatsapp.attachments,
        ...sending,
      },
    }),
    ...(email && {
      email: {
        to: email.to,
        subject: email.subject,
        templateId: email.templateId,
        text: email.text,
        attachments: email.attachments,
        ...sending,
      },
    }),
  });
  const employee = { _id: actor.uid, name: actor.name, email: actor.email };
  const doc = buildEntryDoc({
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
  const ref = db.collection(ENTRIES).doc();
  // A transaction: recent activity is read before the entry is written beside it.
  await db.runTransaction(async (tx) => {
    const applyRecent = await readRecent(tx, db);
    tx.create(ref, doc);
    applyEntryChange(tx, null, { id: ref.id, data: doc });
    applyRecent({ entries: [{ id: ref.id, data: doc }] });
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
  });

  const baseUrl = publicBaseUrl(req);
  const [waOutcome, emailOutcome] = await Promise.all([
    whatsapp &&
      sendWhatsAppMessage({
        to: whatsapp.to[0],
        templateId: whatsapp.templateId,
        language: whatsapp.language,
        text: whatsapp.text,
        attachments: whatsapp.attachments,
        baseUrl,
      }),
    email &&
      sendEmailMessage({
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        attachments: email.attachments,
      }),
  ]);
  const outcomes = await recordOutcomes(ref.id, doc.dispatch, {
    whatsapp: waOutcome,
    email: emailOutcome,
  });
  const entry = toEntry(ref.id, { ...doc, dispatch: outcomes.dispatch });
  return { entry, failed: outcomes.failed };
}

/** Stores each send's outcome on the entry's dispatch; answers the dispatch and the failures. */
export async function recordOutcomes(
  entryId: string,
  dispatch: Record<string, Record<string, unknown>>,
  outcomes: Partial<Record<SentChannel, Outcome | undefined>>,
) {
  const next: Record<string, Record<string, unknown>> = { ...dispatch };
  const update: Record<string, unknown> = {};
  const failed: SentChannel[] = [];
  for (const channel of ['whatsapp', 'email'] as const) {
    const outcome = outcomes[channel];
    if (!outcome) continue;
    const merged = { ...next[channel], ...storedOutcome(outcome) };
    if (outcome.status === 'sent') delete merged.error;
    else delete merged.messageId;
    next[channel] = merged;
    update[`dispatch.${channel}`] = merged;
    if (outcome.status === 'failed') failed.push(channel);
  }
  if (Object.keys(update).length > 0) {
    try {
      await getDb().collection(ENTRIES).doc(entryId).update(withoutUndefined(update));
    } catch (err) {
      // Deleted meanwhile (Firestore's NOT_FOUND): nothing left to record on.
      if ((err as { code?: unknown }).code !== 5) throw err;
    }
  }
  await applyHeldWhatsAppStatus(outcomes.whatsapp?.messageId);
  return { dispatch: next, failed };
}
