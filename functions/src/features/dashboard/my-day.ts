// "My day": the signed-in person's own work on the dashboard's first screen. My unread total
// (inboxCounts) and newest conversations (the Inbox's own query), my scheduled follow-ups due
// today (the company's day), my messages that failed in the last days, and my month's entries
// (the dashboard's summary, which the page reads for its company figures anyway). At most 11
// documents read: 1–2 counters, 3 conversations, 3 follow-ups, 2 failed messages and the summary.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import {
  MY_DAY_FAILED_DAYS,
  type MyConversation,
  type MyDay,
  type MyFailedMessage,
  type MyFollowUp,
} from '../../contract/my-day';
import type { Session } from '../../http/access';
import { now } from '../../clock';
import { toIso } from '../../timestamps';
import { failedMessagesOf } from '../../domain/messages';
import {
  inboxQuery,
  toInboxItem,
  unreadOf,
  UNOWNED,
  UNOWNED_OWNER_ID,
} from '../../domain/conversations/store';
import { recentMonths } from '../../domain/figures/summary';
import { addDays, dayKey, startOfDay } from '../../domain/figures/days';
import { scheduledFollowUpsOf } from '../../domain/followups/due';
import { readSummary } from './read';
import { textOf } from '../../stored-text';

export const MY_CONVERSATIONS = 3;
export const MY_FOLLOW_UPS = 3;
export const MY_FAILED = 2;
const TEXT_SHOWN = 120;
const DAY_MS = 24 * 60 * 60 * 1000;

const at = (millis: number) => Timestamp.fromMillis(millis);

async function myConversations(owners: string[]): Promise<MyConversation[]> {
  const snap = await inboxQuery(owners).limit(MY_CONVERSATIONS).get();
  return snap.docs.map((doc) => {
    const item = toInboxItem(doc.data());
    return {
      customerId: item.customerId,
      customerName: item.customerName,
      lastAt: item.lastAt,
      lastText: item.lastText,
      lastDirection: item.lastDirection,
      unread: item.unread,
    };
  });
}

async function myFollowUpsToday(uid: string): Promise<MyFollowUp[]> {
  const today = dayKey(now());
  const due = await scheduledFollowUpsOf(
    uid,
    at(startOfDay(today)),
    at(startOfDay(addDays(today, 1))),
    MY_FOLLOW_UPS,
  );
  return due.map(({ id, data }) => ({
    _id: id,
    customerId: textOf(data.customerId),
    customerName: textOf(data.customerName) || 'Customer',
    dueAt: toIso(data.dueAt) ?? '',
    note: textOf(data.note),
    channels: Array.isArray(data.channels) ? data.channels.map(String) : [],
  }));
}

function failedView(id: string, data: DocumentData): MyFailedMessage {
  const entryId = textOf(data.entryId);
  const text = textOf(data.text) || textOf(data.templateName);
  return {
    _id: id,
    customerId: textOf(data.customerId),
    customerName: textOf(data.customerName) || 'Customer',
    channel: data.channel === 'email' ? 'email' : 'whatsapp',
    at: toIso(data.at) ?? '',
    reason: textOf(data.error) || 'It was not delivered',
    text: text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN - 1)}…` : text,
    ...(entryId && { entryId }),
    fix: entryId
      ? "Open the customer, then the entry's Channel Details to resend it"
      : 'Open the conversation to send it again',
  };
}

async function myFailed(uid: string): Promise<MyFailedMessage[]> {
  const since = at(now() - MY_DAY_FAILED_DAYS * DAY_MS);
  const found = await failedMessagesOf(uid, since, MY_FAILED);
  return found.map(({ id, data }) => failedView(id, data));
}

/** My month from the dashboard's summary (read once with the company's figures it holds). */
async function myMonth(uid: string, changedAt: number): Promise<MyDay['month']> {
  const { month } = recentMonths();
  const mine = (await readSummary(changedAt)).employeeMonths[month]?.[uid];
  return {
    month,
    entries: mine?.entries ?? 0,
    amount: mine?.amount ?? 0,
    confirmed: mine?.confirmed ?? 0,
    confirmedAmount: mine?.confirmedAmount ?? 0,
  };
}

/**
 * The caller's day. An admin's conversations and unread include those without an owner.
 * `changedAt`: the change the page reads again for (read.ts's readSummary).
 */
export async function myDay(session: Session, changedAt = 0): Promise<MyDay> {
  const admin = session.role === 'admin';
  const owners = admin ? [session.uid, UNOWNED_OWNER_ID] : [session.uid];
  const counters = admin ? [session.uid, UNOWNED] : [session.uid];
  const [unread, conversations, followUpsToday, failed, month] = await Promise.all([
    unreadOf(counters),
    myConversations(owners),
    myFollowUpsToday(session.uid),
    myFailed(session.uid),
    myMonth(session.uid, changedAt),
  ]);
  return { unread, conversations, followUpsToday, failed, month };
}
