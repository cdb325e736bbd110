// The follow-up job: finds due follow-ups (status 'scheduled', dueAt <= now: one indexed
// query), claims each in a transaction (status 'sending') that also queues its messages under
// the sending rules, so that it is sent exactly once even when two runs overlap; waits for the
// first tries and records the outcome on it, on the entry's follow-up list, as a follow_up
// history item and as a notification for the entry's employee, in one transaction. A claim
// left behind by a run that died is failed, not resent.
import { randomUUID } from 'node:crypto';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import { readSettings } from '../../domain/settings/store';
import { defaultSubject } from '../entries';
import {
  attachmentsOf,
  customerCopy,
  employeeOf,
  withoutUndefined,
} from '../../domain/entries/record';
import {
  emailContent,
  fillPlaceholders,
  messageFor,
  planFor,
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
import {
  DUE_BATCH,
  JOB_NAME,
  MAX_PER_RUN,
  STALE_CLAIM_MS,
  type FollowUpStatus,
} from '../../domain/followups/constants';
import {
  claimFollowUp,
  dueFollowUps,
  failStaleClaims,
  getFollowUpData,
  recordFollowUpOutcome,
} from '../../domain/followups/store';
import { getCustomerData } from '../../domain/customers/store';
import { textOf } from '../../stored-text';

export interface SendRunResult {
  claimed: number;
  sent: number;
  partial: number;
  failed: number;
  recovered: number;
}

const record = (value: unknown): DocumentData =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as DocumentData) : {};
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

type Channel = 'whatsapp' | 'email';

/** What a follow-up sends when nothing was typed for it at all. */
const FOLLOW_UP_LINE = 'Following up on our conversation.';
type ChannelOutcome = { status: string; error?: string };

interface Planned {
  whatsapp?: { to: string; plan: WhatsAppPlan; planned: DocumentData };
  email?: { content: EmailContent; planned: DocumentData };
}

/** The follow-up's messages under the sending rules (read before its claim). */
async function plan(data: DocumentData, companyName: string): Promise<Planned> {
  const sendSpec = record(data.send);
  const channels = strings(data.channels);
  const attachments = (Array.isArray(data.attachments) ? data.attachments : []).map(record);
  const forChannel = (channel: Channel) =>
    attachmentsOf(attachments.filter((a) => record(a.to)[channel] !== false));
  const values = { name: textOf(data.customerName) || 'Customer', company: companyName };
  const note = textOf(data.note);
  const planned: Planned = {};
  if (channels.includes('whatsapp')) {
    const wa = record(sendSpec.whatsapp);
    const to = strings(wa.to)[0] ?? '';
    const text = fillPlaceholders(messageFor(textOf(wa.text), note, FOLLOW_UP_LINE), values);
    const customerId = textOf(data.customerId);
    const customer = customerId ? await getCustomerData(customerId) : undefined;
    const files = forChannel('whatsapp');
    const templateId = textOf(wa.templateId) || undefined;
    planned.whatsapp = {
      to,
      plan: await planFor({
        to,
        customer,
        customerName: values.name,
        text,
        attachments: files,
        templateId,
      }).catch((err: unknown) => ({
        // A template that stopped being usable since scheduling: not sent, said in words.
        parts: [],
        window: { open: false, openUntil: null },
        preview: '',
        notSent: err instanceof Error ? err.message : String(err),
      })),
      planned: { to: [to], templateId, text, attachments: files },
    };
  }
  if (channels.includes('email')) {
    const em = record(sendSpec.email);
    const content = emailContent({
      to: strings(em.to),
      subject: textOf(em.subject) || `Follow-up: ${defaultSubject(companyName)}`,
      body: messageFor(textOf(em.text), note, FOLLOW_UP_LINE),
      values,
      attachments: forChannel('email'),
    });
    planned.email = {
      content,
      planned: {
        to: content.to,
        subject: content.subject,
        templateId: textOf(em.templateId) || undefined,
        text: content.text,
      },
    };
  }
  return planned;
}

/** A follow-up's messages belong to it; it shows each channel's under `results.<channel>`. */
const followUpOwner = (id: string): MessageOwner => ({ kind: 'followUp', id });

/**
 * Claims the follow-up for this run and queues its messages, in one transaction; null when
 * another run has it (or it is gone).
 */
async function claimAndQueue(
  id: string,
  due: DocumentData,
  token: string,
  companyName: string,
): Promise<{ data: DocumentData; queued: string[] } | null> {
  const planned = await plan(due, companyName);
  return claimFollowUp(id, token, (tx) => {
    const results: DocumentData = {};
    const queued: string[] = [];
    if (planned.whatsapp) {
      const { to, plan: waPlan, planned: fields } = planned.whatsapp;
      const sent = queueWhatsApp(tx, followUpOwner(id), to, waPlan, fields);
      results.whatsapp = withoutUndefined(sent.fields);
      if (sent.outboundId) queued.push(sent.outboundId);
    }
    if (planned.email) {
      const { content, planned: fields } = planned.email;
      const sent = queueEmail(tx, followUpOwner(id), content, fields);
      results.email = withoutUndefined(sent.fields);
      if (sent.outboundId) queued.push(sent.outboundId);
    }
    return { results, queued };
  });
}

/** Each channel's state after the first tries, as stored on the follow-up. */
async function outcomesOf(id: string): Promise<Record<string, ChannelOutcome>> {
  const results = record((await getFollowUpData(id))?.results);
  return Object.fromEntries(
    Object.entries(results).map(([channel, value]) => {
      const r = record(value);
      return [channel, { status: textOf(r.status), error: textOf(r.error) || undefined }];
    }),
  );
}

function statusOf(
  outcomes: Record<string, ChannelOutcome>,
): Exclude<FollowUpStatus, 'scheduled' | 'sending'> {
  const list = Object.values(outcomes);
  const failed = list.filter((o) => NOT_DELIVERED.has(o.status)).length;
  if (failed === 0) return 'sent';
  return failed === list.length ? 'failed' : 'partial';
}

function summaryText(outcomes: Record<string, ChannelOutcome>, note: string): string {
  const parts = Object.entries(outcomes).map(([channel, o]) => {
    const label = channel === 'email' ? 'Email' : 'WhatsApp';
    if (NOT_DELIVERED.has(o.status)) return `${label} failed (${o.error})`;
    if (o.status === 'unknown') return `${label} outcome unknown (${o.error})`;
    if (o.status === 'queued') return `${label} queued${o.error ? ` (${o.error})` : ''}`;
    return `${label} sent`;
  });
  const head = parts.length > 0 ? `Follow-up: ${parts.join('; ')}` : 'Follow-up reminder due';
  return note ? `${head}. Note: ${note}` : head;
}

/** Records the outcome everywhere it shows, in one transaction. */
async function recordOutcome(
  id: string,
  data: DocumentData,
  outcomes: Record<string, ChannelOutcome>,
) {
  const status = statusOf(outcomes);
  const text = summaryText(outcomes, textOf(data.note));
  const entryId = textOf(data.entryId);
  await recordFollowUpOutcome(
    id,
    entryId,
    status,
    {
      type: 'follow_up',
      text,
      by: { uid: null, name: JOB_NAME },
      extra: { followUpId: id, status },
    },
    (entryData) => {
      const userId = employeeOf(entryData.employee)?._id ?? textOf(data.employeeId);
      if (!userId) return undefined;
      const customer = customerCopy(entryData.customer).names[0] ?? textOf(data.customerName);
      return {
        to: { userId },
        type: status === 'sent' ? 'followup.sent' : 'followup.failed',
        title:
          Object.keys(outcomes).length === 0
            ? `Follow-up due${customer ? `: ${customer}` : ''}`
            : status === 'sent'
              ? `Follow-up sent${customer ? ` to ${customer}` : ''}`
              : `Follow-up ${status === 'partial' ? 'partly sent' : 'failed'}${customer ? ` for ${customer}` : ''}`,
        message: text,
        about: { entryId, followUpId: id },
      };
    },
  );
  return status;
}

/** Fails the claims of runs that died mid-send (never sends them again). */
async function recoverStaleClaims(): Promise<number> {
  return failStaleClaims(
    Timestamp.fromMillis(now() - STALE_CLAIM_MS),
    DUE_BATCH,
    'Interrupted while sending; not sent again so that nobody gets it twice',
  );
}

export async function sendDueFollowUps(): Promise<SendRunResult> {
  const result: SendRunResult = { claimed: 0, sent: 0, partial: 0, failed: 0, recovered: 0 };
  result.recovered = await recoverStaleClaims();
  const token = randomUUID();
  let companyName: string | undefined;
  let seen = 0;
  while (seen < MAX_PER_RUN) {
    const due = await dueFollowUps(Timestamp.fromMillis(now()), DUE_BATCH);
    if (due.length === 0) break;
    seen += due.length;
    for (const doc of due) {
      companyName ??= (await readSettings()).companyName;
      const claimed = await claimAndQueue(doc.id, doc.data, token, companyName);
      if (!claimed) continue;
      result.claimed++;
      try {
        await deliverNow(claimed.queued);
        const status = await recordOutcome(doc.id, claimed.data, await outcomesOf(doc.id));
        result[status]++;
      } catch (err) {
        // Left 'sending': the stale-claim recovery fails it later rather than sending twice.
        logger.error(`Follow-up ${doc.id} could not be completed:`, err);
      }
    }
  }
  return result;
}
