// The notification feeds, small documents in `notificationFeeds` that /notifications/latest
// reads instead of querying `notifications` (a whole dashboard load reads at most 15
// documents, and a query for the latest 20 would read 20 by itself). Following audience.ts, one
// feed holds every notification (what admins see) and one per user those addressed to that
// user: everyone reads one document. A feed is a
// map `items` keyed by event id (feed.ts: time first, so keys sort oldest to newest), added to
// blind (a merge, no read) in the notification's own transaction or batch, so a feed holds
// exactly the notifications that exist and writers read nothing more. Reads and the dashboard
// job drop the old keys, keeping each document small.
import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type DocumentSnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import type { Session } from '../../http/access';
import { getDb } from '../../firebase';
import { streamCollection } from '../../paged-batches';
import { RECOMPUTE_PAGE } from '../figures/constants';
import { FOR_ONE_USER, type Address } from './audience';

export const NOTIFICATION_FEEDS = 'notificationFeeds';
const EVERY_NOTIFICATION = 'admins';
/** The prefix keeps a user's feed apart from the admins' whatever the uid. */
const addressedToUser = (uid: string) => `user_${uid}`;

/** What a feed keeps of a notification: what the API answers (feed.ts toNotification). */
const ITEM_FIELDS = ['type', 'title', 'message', 'text', 'at', 'audience', 'userId', 'customerId'];

const feedRef = (id: string) => getDb().collection(NOTIFICATION_FEEDS).doc(id);

function feedsOf(address: Address): string[] {
  if (address.audience === FOR_ONE_USER && address.userId) {
    return [EVERY_NOTIFICATION, addressedToUser(address.userId)];
  }
  // 'admins' (its userId, if any, is whom it is about): the admins' feed only.
  return [EVERY_NOTIFICATION];
}

function feedsReadBy(session: Session): string[] {
  if (session.role === 'admin') return [EVERY_NOTIFICATION];
  return [addressedToUser(session.uid)];
}

function itemsOf(snap: DocumentSnapshot): Record<string, DocumentData> {
  const items: unknown = snap.get('items');
  return items && typeof items === 'object' ? (items as Record<string, DocumentData>) : {};
}

/** Adds the notification `data` (its event id `eventId`) to its feeds in `writer`. */
export function addToFeeds(
  writer: Transaction | WriteBatch,
  eventId: string,
  data: DocumentData,
): void {
  const item = Object.fromEntries(
    ITEM_FIELDS.filter((field) => data[field] !== undefined).map((field) => [field, data[field]]),
  );
  for (const id of feedsOf(data as Address)) {
    // Transaction and WriteBatch share set(ref, data, options); TypeScript cannot see one signature.
    (writer as WriteBatch).set(feedRef(id), { items: { [eventId]: item } }, { merge: true });
  }
}

/**
 * A feed seen holding more than twice `keep` items loses all but the newest `keep` in one
 * update: the document stays small, and only one write in `keep` notifications or so prunes.
 * Only the keys seen are deleted, so a notification added meanwhile stays. A failed prune is
 * left for the next read or the job: the caller's answer does not depend on it.
 */
async function prune(snap: DocumentSnapshot, keep: number): Promise<void> {
  const keys = Object.keys(itemsOf(snap));
  if (keys.length <= 2 * keep) return;
  const [first, ...others] = keys
    .sort()
    .reverse()
    .slice(keep)
    .map((key) => new FieldPath('items', key));
  if (!first) return;
  const deletes = others.flatMap((path) => [path, FieldValue.delete()]);
  await snap.ref.update(first, FieldValue.delete(), ...deletes).catch(() => {
    // Pruned later; see above.
  });
}

/**
 * The newest `limit` items of the caller's feeds, newest first, as [event id, item]; prunes
 * the feeds read (see prune).
 */
export async function readFeeds(
  session: Session,
  limit: number,
): Promise<[string, DocumentData][]> {
  const snaps = await getDb().getAll(...feedsReadBy(session).map(feedRef));
  await Promise.all(snaps.map((snap) => prune(snap, limit)));
  return snaps
    .flatMap((snap) => Object.entries(itemsOf(snap)))
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .slice(0, limit);
}

/** Prunes every feed (the dashboard job): those of users who never open the dashboard too. */
export async function pruneFeeds(keep: number): Promise<void> {
  for await (const snap of streamCollection(
    getDb(),
    NOTIFICATION_FEEDS,
    ['items'],
    RECOMPUTE_PAGE,
  )) {
    await prune(snap, keep);
  }
}
