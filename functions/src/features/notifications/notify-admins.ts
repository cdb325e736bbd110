// An admin notification: a `notifications` document for the admins (the dashboard's live
// panel reads these), and, as the Settings switches say, the same by email and WhatsApp to the
// admin contacts. Never throws for a failed send: the outcomes come back for the caller to log.
import type { NotificationType } from '../../contract/notifications';
import { sendEmail, sendWhatsApp, type SendOutcome } from '../../integrations';
import { readSettings } from '../../domain/settings/store';
import { FOR_ADMINS } from '../../domain/notifications/audience';
import { storeNotification } from '../../domain/notifications/notice';
import { escapeHtml } from '../../integrations/email/escape-html';

export interface AdminNotice {
  title: string;
  message: string;
  type: NotificationType;
}

export interface NotifyOutcome {
  id: string;
  email?: SendOutcome;
  whatsapp: SendOutcome[];
}

export async function notifyAdmins(notice: AdminNotice): Promise<NotifyOutcome> {
  const id = await storeNotification({ ...notice, to: FOR_ADMINS });
  return { id, ...(await alertAdminContacts(notice)) };
}

/**
 * The same notice by email and WhatsApp to the admin contacts, as the Settings switches say,
 * for a notification already written (an inbound message's, with its entry).
 */
export async function alertAdminContacts(notice: AdminNotice): Promise<Omit<NotifyOutcome, 'id'>> {
  const settings = await readSettings();
  const outcome: Omit<NotifyOutcome, 'id'> = { whatsapp: [] };
  const sends: Promise<void>[] = [];
  if (settings.notifications.email && settings.adminEmails.length > 0) {
    sends.push(
      sendEmail({
        to: settings.adminEmails,
        subject: notice.title,
        html: `<p>${escapeHtml(notice.message).replace(/\n/g, '<br>')}</p>`,
        text: notice.message,
      }).then((result) => {
        outcome.email = result;
      }),
    );
  }
  if (settings.notifications.whatsapp) {
    for (const to of settings.adminNumbers) {
      sends.push(
        sendWhatsApp({ to, text: `${notice.title}\n${notice.message}` }).then((result) => {
          outcome.whatsapp.push(result);
        }),
      );
    }
  }
  await Promise.all(sends);
  return outcome;
}
