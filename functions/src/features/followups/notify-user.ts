// A notification for one user: a `notifications` document addressed to them (audience 'user',
// userId), which the dashboard's live panel shows to that user. Written inside the caller's
// transaction or batch when one is given.
import type { DocumentData, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { timestampNow } from '../../timestamps';
import { NOTIFICATIONS } from '../entries/constants';
import { withoutUndefined } from '../entries/record';

export interface UserNotice {
  userId: string;
  type: string;
  title: string;
  message: string;
  /** What it is about (entryId, followUpId, …). */
  about?: DocumentData;
}

export function userNotificationDoc(notice: UserNotice): DocumentData {
  const at = timestampNow();
  return withoutUndefined({
    ...notice.about,
    type: notice.type,
    title: notice.title,
    message: notice.message,
    text: notice.message,
    audience: 'user',
    userId: notice.userId,
    at,
    createdAt: at,
  });
}

/** Adds the notification to `writer` (a transaction or a batch); answers its reference. */
export function addUserNotification(
  writer: Transaction | WriteBatch,
  notice: UserNotice,
  id?: string,
) {
  const collection = getDb().collection(NOTIFICATIONS);
  const ref = id ? collection.doc(id) : collection.doc();
  // Transaction and WriteBatch share create(ref, data); TypeScript cannot see one signature.
  (writer as WriteBatch).create(ref, userNotificationDoc(notice));
  return ref;
}
