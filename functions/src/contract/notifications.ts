// The live notifications: what GET /notifications/latest, the dashboard's answer and the stream
// (GET /notifications/stream) carry, and the kinds their writers name.

/** Every kind of notification a writer stores ('entry': the inbound emails' notice to admins). */
export const NOTIFICATION_TYPES = [
  'message.inbound',
  'customer.assigned',
  'entry.pending',
  'entry.confirmed',
  'entry.assigned',
  'user.pending',
  'followup.reminder',
  'followup.sent',
  'followup.failed',
  'entry',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A customer's message arrived: the web toasts it and reads the conversations again. */
export const INBOUND_MESSAGE: NotificationType = 'message.inbound';
/** A customer was given to a new owner: told to that owner. */
export const CUSTOMER_ASSIGNED: NotificationType = 'customer.assigned';

/** One notification as the API answers it (`type`: a NotificationType, or an older kind). */
export interface LiveNotification {
  _id: string;
  type: string;
  title: string;
  message: string;
  /** The same as message (the dashboard's panel reads either). */
  text: string;
  at: string | undefined;
  time: string | undefined;
  /** The customer it is about (a message from them: the web opens their conversation). */
  customerId?: string;
}
