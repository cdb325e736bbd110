// The morning reminder (company time zone): every employee with follow-ups due today gets one
// in-app notification listing them, and an email when email notifications are on
// (settings.notifications.email). At most one per employee per day: the notification's id is
// made of the user and the date, so a second run of the same day sends nothing again.
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { getUser } from '../../domain/identity/user-store';
import { now } from '../../clock';
import { getConfig } from '../../config';
import { sendEmail } from '../../integrations';
import { localDate, startOfDay } from '../../company-days';
import { escapeHtml } from '../../integrations/email/escape-html';
import { readSettings } from '../../domain/settings/store';
import { followUpsDueIn } from '../../domain/followups/due';
import { storeNotificationOnce } from '../../domain/notifications/once';

interface Due {
  id: string;
  customerName: string;
  note: string;
  dueAt: Date;
  status: string;
}

export interface ReminderRunResult {
  date: string;
  followUps: number;
  notified: number;
  emailed: number;
}

function timeText(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
}

export async function remindTodaysFollowUps(): Promise<ReminderRunResult> {
  const { timeZone } = getConfig();
  const today = localDate(new Date(now()), timeZone);
  const start = Timestamp.fromDate(startOfDay(today, timeZone));
  const end = Timestamp.fromDate(startOfDay(today, timeZone, 1));

  const byUser = new Map<string, Due[]>();
  let count = 0;
  for (const { id, data } of await followUpsDueIn(start, end)) {
    const userId = typeof data.employeeId === 'string' ? data.employeeId : '';
    if (!userId) continue;
    count++;
    const list = byUser.get(userId) ?? [];
    list.push({
      id,
      customerName: String(data.customerName ?? ''),
      note: String(data.note ?? ''),
      dueAt: (data.dueAt as Timestamp).toDate(),
      status: String(data.status ?? ''),
    });
    byUser.set(userId, list);
  }

  const settings = await readSettings();
  const result: ReminderRunResult = { date: today, followUps: count, notified: 0, emailed: 0 };
  for (const [userId, list] of byUser) {
    const lines = list.map(
      (f) =>
        `${timeText(f.dueAt, timeZone)} – ${f.customerName || 'Customer'}${f.note ? `: ${f.note}` : ''}`,
    );
    const title = `${list.length} follow-up${list.length === 1 ? '' : 's'} due today`;
    const message = lines.join('\n');
    const stored = await storeNotificationOnce(
      { to: { userId }, type: 'followup.reminder', title, message, about: { date: today } },
      `followup-reminder-${userId}-${today}`,
    );
    // Not stored: this user was reminded today already.
    if (!stored) continue;
    result.notified++;
    if (!settings.notifications.email) continue;
    const email = (await getUser(userId))?.email;
    if (!email) continue;
    const outcome = await sendEmail({
      to: [email],
      subject: title,
      html: `<p>Your follow-ups due today:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      text: `Your follow-ups due today:\n${message}`,
    });
    if (outcome.ok) result.emailed++;
    else logger.warn(`Follow-up reminder email to user ${userId} not sent: ${outcome.error}`);
  }
  return result;
}
