// Scheduling a follow-up: followUps/{id} = { entryId, customerId, customerName,
// dueAt (at `time` of day, company time zone, `days` ahead; else now + days), days, time, note, channels, send { email { templateId, subject, text, to },
// whatsapp { templateId, text, to } }, attachments (each with to { email, whatsapp }),
// status 'scheduled', employeeId, createdBy, byName, createdAt }, written in one
// transaction with a summary on the entry (followUps) and a follow_up history item.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { ScheduledFollowUp } from '../../contract/answers';
import { HttpError } from '../../http/errors';
import { isEmail, toE164 } from '../../integrations/recipients';
import { now } from '../../clock';
import { getConfig } from '../../config';
import { timestampNow, toIso } from '../../timestamps';
import { localDate, timeOfDay } from '../../company-days';
import type { Actor } from '../../domain/entries/actor';
import { resolveAttachments } from '../entries';
import { byActor } from '../../domain/entries/history';
import { customerCopy, employeeOf, isoDeep, withoutUndefined } from '../../domain/entries/record';
import { checkChosenTemplate } from '../messaging';
import { followUpCustomerName } from '../../domain/followups/customer-name';
import { CHANNEL_MESSAGE, NO_EMAIL_MESSAGE, NO_PHONE_MESSAGE, type FollowUpInput } from './schemas';
import { scheduleOnEntry } from '../../domain/followups/store';

const DAY_MS = 24 * 60 * 60 * 1000;

export function channelLabel(channels: readonly string[]): string {
  if (channels.length === 2) return 'multiple';
  return channels[0] ?? 'reminder';
}

export function dueText(due: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: getConfig().timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(due);
}

/** When a follow-up goes: at its time of day `days` ahead (company time zone), else now + days. */
export function dueDate(input: Pick<ScheduleRequest, 'days' | 'time'>): Date {
  if (!input.time) return new Date(now() + Math.round(input.days * DAY_MS));
  const { timeZone } = getConfig();
  return timeOfDay(
    localDate(new Date(now()), timeZone),
    input.time,
    timeZone,
    Math.round(input.days),
  );
}

const bad = (message: string, field: string) => new HttpError(400, message, { [field]: message });

export interface ScheduleRequest {
  days: number;
  /** HH:MM in the company time zone, on the day `days` ahead; absent: now + days. */
  time?: string;
  note?: string;
  /** Missing: a reminder without messages (followup-days). */
  send?: FollowUpInput['send'];
  attachments?: FollowUpInput['attachments'];
}

export async function scheduleFollowUp(
  entryId: string,
  input: ScheduleRequest,
  actor: Actor,
  options: { requireChannel: boolean },
) {
  const email = input.send?.email ?? undefined;
  const whatsapp = input.send?.whatsapp ?? undefined;
  if (options.requireChannel && !email && !whatsapp) throw bad(CHANNEL_MESSAGE, 'send');
  // A chosen template Meta would refuse is refused now, not when the follow-up is due.
  if (whatsapp?.templateId) await checkChosenTemplate(whatsapp.templateId);
  const attachments = input.attachments?.length ? await resolveAttachments(input.attachments) : [];
  const attachmentTargets = (input.attachments ?? []).map((a, i) => ({
    ...attachments[i],
    to: { email: a.to?.email ?? true, whatsapp: a.to?.whatsapp ?? true },
  }));

  const { id, followUp } = await scheduleOnEntry(entryId, (data, followUpId) => {
    const customer = customerCopy(data.customer);
    const channels: ('email' | 'whatsapp')[] = [];
    const send: DocumentData = {};
    if (email) {
      const to = (email.to ?? []).map((a) => a.toLowerCase());
      const list = to.length > 0 ? to : customer.emails.slice(0, 1);
      if (list.length === 0) throw bad(NO_EMAIL_MESSAGE, 'send.email.to');
      const invalid = list.find((a) => !isEmail(a));
      if (invalid) throw bad(`Not an email address: ${invalid}`, 'send.email.to');
      channels.push('email');
      send.email = withoutUndefined({
        templateId: email.templateId || undefined,
        subject: email.subject || undefined,
        text: email.html ?? email.text ?? input.note ?? '',
        to: list,
      });
    }
    if (whatsapp) {
      const given = whatsapp.to?.[0];
      const to = given ? toE164(given) : customer.phones[0];
      if (!to)
        throw bad(given ? `Not a phone number: ${given}` : NO_PHONE_MESSAGE, 'send.whatsapp.to');
      channels.push('whatsapp');
      send.whatsapp = withoutUndefined({
        templateId: whatsapp.templateId || undefined,
        text: whatsapp.text ?? input.note ?? '',
        to: [to],
      });
    }
    const createdAt = timestampNow();
    const dueAt = Timestamp.fromDate(dueDate(input));
    const note = input.note ?? '';
    const employee = employeeOf(data.employee);
    const followUp = withoutUndefined({
      entryId,
      customerId: typeof data.customerId === 'string' ? data.customerId : '',
      customerName: followUpCustomerName(customer),
      dueAt,
      days: input.days,
      time: input.time,
      note,
      channels,
      send,
      attachments: attachmentTargets,
      status: 'scheduled',
      employeeId: employee?._id ?? actor.uid,
      createdBy: actor.uid,
      byName: actor.name,
      createdAt,
    });
    const summary = {
      _id: followUpId,
      when: dueAt,
      note,
      by: actor.uid,
      byName: actor.name,
      status: 'scheduled',
      channel: channelLabel(channels),
    };
    const how =
      channels.length > 0
        ? ` by ${channels.map((c) => (c === 'email' ? 'email' : 'WhatsApp')).join(' and ')}`
        : '';
    return {
      followUp,
      summary,
      history: {
        type: 'follow_up',
        text: `Follow-up scheduled for ${dueText(dueAt.toDate())}${how}${note ? `: ${note}` : ''}`,
        by: byActor(actor),
        extra: { followUpId },
      },
      at: createdAt,
    };
  });
  return toFollowUp(id, followUp);
}

export function toFollowUp(id: string, data: DocumentData): ScheduledFollowUp {
  const { claimToken: _claim, ...rest } = data;
  const fields = isoDeep(rest) as Omit<ScheduledFollowUp, '_id' | 'dueAt'>;
  return { _id: id, ...fields, dueAt: toIso(data.dueAt) };
}
