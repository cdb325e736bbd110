// POST /entries/{id}/resend (spec §7): sends the entry's messages again, optionally with other
// templates (and a description taken from a template), records the new outcomes on its
// dispatch with an 'edited' history item, and answers the entry with the failed channels. When
// every chosen channel failed the answer is a 502 carrying the providers' reasons.
import type { Request } from 'express';
import type { DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import { isEmail, toE164 } from '../../integrations/recipients';
import { timestampNow } from '../../timestamps';
import { applyEntryChange } from '../dashboard/contributions';
import { updateRecent } from '../dashboard/recent-activity';
import { applyHeldWhatsAppStatus } from '../inbound/whatsapp-statuses';
import { readSettings } from '../settings/store';
import { publicBaseUrl } from '../uploads/files';
import type { Actor } from './actor';
import { ENTRIES, NOT_FOUND, PRESET_WHATSAPP_TEMPLATE } from './constants';
import { defaultSubject, plainText, type SentChannel } from './create';
import {
  fillPlaceholders,
  sendEmailMessage,
  sendWhatsAppMessage,
  storedOutcome,
  toHtml,
  type Outcome,
} from './dispatch';
import { byActor, historyDoc, historyRef } from './history';
import {
  attachmentsOf,
  customerCopy,
  derivedFields,
  snapshotOf,
  toEntry,
  withoutUndefined,
} from './record';
import type { ResendInput } from './schemas';

export const NO_CHANNEL = 'Select at least one channel (Email or WhatsApp)';

const record = (value: unknown): DocumentData =>
  value && typeof value === 'object' ? (value as DocumentData) : {};
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export async function resendEntry(id: string, input: ResendInput, actor: Actor, req: Request) {
  const db = getDb();
  const ref = db.collection(ENTRIES).doc(id);
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
  const description = (set.description as string | undefined) ?? str(data.description);

  const sends: Promise<[SentChannel, Outcome, DocumentData]>[] = [];
  if (wa) {
    const before = record(previous.whatsapp);
    const given = wa.to?.[0];
    const to = given ? toE164(given) : customer.phones[0];
    if (given && !to) throw new HttpError(400, `Not a phone number: ${given}`);
    const text = wa.templateContent
      ? fillPlaceholders(wa.templateContent, values)
      : str(before.text) || description;
    const planned = {
      to: to ? [to] : [],
      templateId: wa.templateId || str(before.templateId) || PRESET_WHATSAPP_TEMPLATE,
      text,
      attachments: attachmentsOf(before.attachments),
    };
    sends.push(
      sendWhatsAppMessage({
        to,
        templateId: planned.templateId,
        text,
        attachments: planned.attachments,
        baseUrl: publicBaseUrl(req),
      }).then((outcome) => ['whatsapp', outcome, planned]),
    );
  }
  if (em) {
    const before = record(previous.email);
    const given = (em.to ?? []).map((a) => a.toLowerCase());
    const bad = given.find((a) => !isEmail(a));
    if (bad) throw new HttpError(400, `Not an email address: ${bad}`);
    const to = given.length > 0 ? given : customer.emails.slice(0, 1);
    const body = em.templateContent
      ? fillPlaceholders(em.templateContent, values)
      : str(before.text) || description;
    const planned = withoutUndefined({
      to,
      subject: em.templateTitle || str(before.subject) || defaultSubject(settings.companyName),
      templateId: em.templateId || str(before.templateId) || undefined,
      text: plainText(body),
      attachments: attachmentsOf(before.attachments),
    });
    sends.push(
      sendEmailMessage({
        to,
        subject: planned.subject,
        html: toHtml(body),
        text: planned.text,
        attachments: planned.attachments,
      }).then((outcome) => ['email', outcome, planned]),
    );
  }
  const results = await Promise.all(sends);

  const failed: SentChannel[] = [];
  const lines: string[] = [];
  const dispatch: DocumentData = { ...previous };
  for (const [channel, outcome, planned] of results) {
    dispatch[channel] = { ...planned, ...storedOutcome(outcome) };
    const label = channel === 'whatsapp' ? 'WhatsApp' : 'Email';
    if (outcome.status === 'failed') {
      failed.push(channel);
      lines.push(`${label} failed (${outcome.error})`);
    } else lines.push(`${label} sent`);
  }
  const next = { ...data, ...set, dispatch, updatedAt: timestampNow() };
  const derived = derivedFields(next);
  const batch = db.batch();
  batch.update(ref, withoutUndefined({ ...set, dispatch, ...derived, updatedAt: next.updatedAt }));
  // A description taken from a template shows in recent activity.
  applyEntryChange(batch, { id, data }, { id, data: { ...next, ...derived } });
  batch.create(
    historyRef(db, id),
    historyDoc({
      type: 'edited',
      text: `Resent: ${lines.join('; ')}`,
      by: byActor(actor),
      snapshot: snapshotOf(next),
      previous: snapshotOf(data),
    }),
  );
  try {
    await batch.commit();
  } catch (err) {
    if ((err as { code?: unknown }).code === 5) throw new HttpError(404, NOT_FOUND);
    throw err;
  }
  await updateRecent({ entries: [{ id, data: { ...next, ...derived } }] });
  await applyHeldWhatsAppStatus(str(record(dispatch.whatsapp).messageId));
  const entry = toEntry(id, { ...next, ...derived });
  if (failed.length === results.length)
    throw new ResendFailed(`Resend failed: ${lines.join('; ')}`, entry, failed);
  return { entry, failed };
}

/** Every chosen channel failed: answered as a 502 with the entry and the failures. */
export class ResendFailed extends Error {
  constructor(
    message: string,
    readonly entry: ReturnType<typeof toEntry>,
    readonly failed: SentChannel[],
  ) {
    super(message);
    this.name = 'ResendFailed';
  }
}
