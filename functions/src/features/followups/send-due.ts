// The follow-up job: finds due follow-ups (status 'scheduled', dueAt <= now: one indexed
// query), claims each in a transaction (status 'sending') so that it is sent exactly once even
// when two runs overlap, sends it on its channels, and records the outcome on it, on the
// entry's follow-up list, as a follow_up history item and as a notification for the entry's
// employee, in one transaction. A claim left behind by a run that died is failed, not resent.
import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentData, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { getDb } from '../../firebase';
import { now } from '../../clock';
import { timestampNow } from '../../timestamps';
import { readSettings } from '../settings/store';
import { ENTRIES, PRESET_WHATSAPP_TEMPLATE } from '../entries/constants';
import { defaultSubject, plainText } from '../entries/create';
import {
  fillPlaceholders,
  sendEmailMessage,
  sendWhatsAppMessage,
  storedOutcome,
  toHtml,
  type Outcome,
} from '../entries/dispatch';
import { historyDoc, historyRef } from '../entries/history';
import { applyHeldWhatsAppStatus } from '../inbound/whatsapp-statuses';
import { attachmentsOf, customerCopy, employeeOf, withoutUndefined } from '../entries/record';
import {
  DUE_BATCH,
  FOLLOW_UPS,
  JOB_NAME,
  MAX_PER_RUN,
  STALE_CLAIM_MS,
  type FollowUpStatus,
} from './constants';
import { addNotification } from '../notifications/notice';

export interface SendRunResult {
  claimed: number;
  sent: number;
  partial: number;
  failed: number;
  recovered: number;
}

const record = (value: unknown): DocumentData =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as DocumentData) : {};
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Claims the follow-up for this run; false when another run has it (or it is gone). */
async function claim(doc: QueryDocumentSnapshot, token: string): Promise<DocumentData | null> {
  return getDb().runTransaction(async (tx) => {
    const fresh = await tx.get(doc.ref);
    const data = fresh.data();
    if (!data || data.status !== 'scheduled') return null;
    tx.update(doc.ref, { status: 'sending', claimedAt: timestampNow(), claimToken: token });
    return data;
  });
}

async function send(data: DocumentData, companyName: string): Promise<Record<string, Outcome>> {
  const sendSpec = record(data.send);
  const channels = strings(data.channels);
  const attachments = (Array.isArray(data.attachments) ? data.attachments : []).map(record);
  const forChannel = (channel: 'email' | 'whatsapp') =>
    attachmentsOf(attachments.filter((a) => record(a.to)[channel] !== false));
  const values = { name: str(data.customerName) || 'Customer', company: companyName };
  const note = str(data.note);
  const outcomes: Record<string, Outcome> = {};
  const sends: Promise<void>[] = [];
  if (channels.includes('whatsapp')) {
    const wa = record(sendSpec.whatsapp);
    sends.push(
      sendWhatsAppMessage({
        to: strings(wa.to)[0],
        templateId: str(wa.templateId) || PRESET_WHATSAPP_TEMPLATE,
        text: fillPlaceholders(str(wa.text) || note, values),
        attachments: forChannel('whatsapp'),
        baseUrl: str(data.baseUrl) || process.env.PUBLIC_BASE_URL || undefined,
      }).then((o) => {
        outcomes.whatsapp = o;
      }),
    );
  }
  if (channels.includes('email')) {
    const em = record(sendSpec.email);
    const body = fillPlaceholders(
      str(em.text) || note || 'Following up on our conversation.',
      values,
    );
    sends.push(
      sendEmailMessage({
        to: strings(em.to),
        subject: str(em.subject) || `Follow-up: ${defaultSubject(companyName)}`,
        html: toHtml(body),
        text: plainText(body),
        attachments: forChannel('email'),
      }).then((o) => {
        outcomes.email = o;
      }),
    );
  }
  await Promise.all(sends);
  return outcomes;
}

function statusOf(
  outcomes: Record<string, Outcome>,
): Exclude<FollowUpStatus, 'scheduled' | 'sending'> {
  const list = Object.values(outcomes);
  const failed = list.filter((o) => o.status === 'failed').length;
  if (failed === 0) return 'sent';
  return failed === list.length ? 'failed' : 'partial';
}

function summaryText(outcomes: Record<string, Outcome>, note: string): string {
  const parts = Object.entries(outcomes).map(([channel, o]) => {
    const label = channel === 'email' ? 'Email' : 'WhatsApp';
    return o.status === 'sent' ? `${label} sent` : `${label} failed (${o.error})`;
  });
  const head = parts.length > 0 ? `Follow-up: ${parts.join('; ')}` : 'Follow-up reminder due';
  return note ? `${head}. Note: ${note}` : head;
}

/** Records the outcome everywhere it shows, in one transaction. */
async function recordOutcome(id: string, data: DocumentData, outcomes: Record<string, Outcome>) {
  const db = getDb();
  const ref = db.collection(FOLLOW_UPS).doc(id);
  const entryRef = db.collection(ENTRIES).doc(str(data.entryId) || '-');
  const status = statusOf(outcomes);
  const text = summaryText(outcomes, str(data.note));
  const results = Object.fromEntries(
    Object.entries(outcomes).map(([channel, o]) => [channel, storedOutcome(o)]),
  );
  await db.runTransaction(async (tx) => {
    const entry = await tx.get(entryRef);
    const entryData = entry.data();
    tx.update(ref, withoutUndefined({ status, results, sentAt: timestampNow() }));
    if (!entryData) return;
    const list = (Array.isArray(entryData.followUps) ? entryData.followUps : []).map(record);
    tx.update(entryRef, {
      followUps: list.map((f) => (f._id === id ? { ...f, status } : f)),
    });
    tx.create(
      historyRef(db, entryRef.id),
      historyDoc({
        type: 'follow_up',
        text,
        by: { uid: null, name: JOB_NAME },
        extra: { followUpId: id, status },
      }),
    );
    const userId = employeeOf(entryData.employee)?._id ?? str(data.employeeId);
    if (userId) {
      const customer = customerCopy(entryData.customer).names[0] ?? str(data.customerName);
      addNotification(tx, {
        to: { userId },
        type: status === 'sent' ? 'followup.sent' : 'followup.failed',
        title:
          status === 'sent'
            ? `Follow-up sent${customer ? ` to ${customer}` : ''}`
            : `Follow-up ${status === 'partial' ? 'partly sent' : 'failed'}${customer ? ` for ${customer}` : ''}`,
        message: text,
        about: { entryId: entryRef.id, followUpId: id },
      });
    }
  });
  await applyHeldWhatsAppStatus(outcomes.whatsapp?.messageId);
  return status;
}

/** Fails the claims of runs that died mid-send (never sends them again). */
async function recoverStaleClaims(): Promise<number> {
  const db = getDb();
  const cutoff = Timestamp.fromMillis(now() - STALE_CLAIM_MS);
  const stale = await db
    .collection(FOLLOW_UPS)
    .where('status', '==', 'sending')
    .where('claimedAt', '<=', cutoff)
    .orderBy('claimedAt')
    .limit(DUE_BATCH)
    .get();
  let recovered = 0;
  for (const doc of stale.docs) {
    const done = await db.runTransaction(async (tx) => {
      const fresh = await tx.get(doc.ref);
      if (fresh.get('status') !== 'sending' || fresh.get('claimToken') !== doc.get('claimToken'))
        return false;
      tx.update(doc.ref, {
        status: 'failed',
        error: 'Interrupted while sending; not sent again so that nobody gets it twice',
        sentAt: timestampNow(),
      });
      return true;
    });
    if (done) recovered++;
  }
  return recovered;
}

export async function sendDueFollowUps(): Promise<SendRunResult> {
  const db = getDb();
  const result: SendRunResult = { claimed: 0, sent: 0, partial: 0, failed: 0, recovered: 0 };
  result.recovered = await recoverStaleClaims();
  const token = randomUUID();
  let companyName: string | undefined;
  let seen = 0;
  while (seen < MAX_PER_RUN) {
    const due = await db
      .collection(FOLLOW_UPS)
      .where('status', '==', 'scheduled')
      .where('dueAt', '<=', Timestamp.fromMillis(now()))
      .orderBy('dueAt')
      .limit(DUE_BATCH)
      .get();
    if (due.empty) break;
    seen += due.size;
    for (const doc of due.docs) {
      const data = await claim(doc, token);
      if (!data) continue;
      result.claimed++;
      companyName ??= (await readSettings()).companyName;
      try {
        const outcomes = await send(data, companyName);
        const status = await recordOutcome(doc.id, data, outcomes);
        result[status]++;
      } catch (err) {
        // Left 'sending': the stale-claim recovery fails it later rather than sending twice.
        logger.error(`Follow-up ${doc.id} could not be completed:`, err);
      }
    }
  }
  return result;
}
