// A `notifications` document: what the dashboard's live panel and toasts show, addressed as
// audience.ts says. Written inside the caller's transaction or batch, with its feed items
// (feed-docs.ts), so a notification exists, and is listed, exactly when the change it tells of
// does.
import type {
  DocumentData,
  Query,
  Timestamp,
  Transaction,
  WriteBatch,
} from 'firebase-admin/firestore';
import type { NotificationType } from '../../contract/notifications';
import { getDb } from '../../firebase';
import { timestampNow } from '../../timestamps';
import { addressOf, type Recipient } from './audience';
import { toNotification } from './feed';
import { addToFeeds } from './feed-docs';

export const NOTIFICATIONS = 'notifications';

export interface Notice {
  to: Recipient;
  /** What happened, e.g. 'entry.confirmed', 'followup.sent'. */
  type: NotificationType;
  title: string;
  message: string;
  /** What it is about (entryId, followUpId, …). */
  about?: DocumentData;
}

export function notificationDoc(notice: Notice): DocumentData {
  const at = timestampNow();
  return {
    ...notice.about,
    type: notice.type,
    title: notice.title,
    message: notice.message,
    // The dashboard's panel reads text as well as message.
    text: notice.message,
    ...addressOf(notice.to),
    at,
    createdAt: at,
  };
}

/** The notifications since `at` (at >=), in no order: what a live listener starts from. */
export const notificationsSince = (at: Timestamp): Query =>
  getDb().collection(NOTIFICATIONS).where('at', '>=', at);

/** Stores one notification (with its feed items, in one batch); answers its id. */
export async function storeNotification(notice: Notice): Promise<string> {
  const batch = getDb().batch();
  const ref = addNotification(batch, notice);
  await batch.commit();
  return ref.id;
}

/**
 * Adds the notification and its feed items to `writer` (a transaction or a batch); answers its
 * reference.
 */
export function addNotification(writer: Transaction | WriteBatch, notice: Notice, id?: string) {
  const collection = getDb().collection(NOTIFICATIONS);
  const ref = id ? collection.doc(id) : collection.doc();
  const data = notificationDoc(notice);
  // Transaction and WriteBatch share create(ref, data); TypeScript cannot see one signature.
  (writer as WriteBatch).create(ref, data);
  addToFeeds(writer, toNotification(ref.id, data).eventId, data);
  return ref;
}
