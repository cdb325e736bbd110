// Recent activity, kept in one document, `dashboard/recent-activity`: a map of items (key ->
// item) for entries and customers, which a write that creates or edits them merges into without
// reading it, so concurrent creates never conflict on it. A dashboard load reads the document and
// shows its RECENT_SHOWN newest items (one read), trimming a map the merges made long
// (readRecentItems). The map holds the RECENT_SHOWN newest of the source, and only items of
// documents that exist (forgetRecent on a delete; the recompute job's rebuildRecent). Why a map
// and a trim: docs/decisions/precomputed-dashboard.md.
import {
  FieldValue,
  type DocumentData,
  type Firestore,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { getDb } from '../../firebase';
import { DASHBOARD, RECENT_ID, RECENT_SHOWN } from './constants';
import {
  customerActivity,
  entryActivity,
  type CustomerState,
  type EntryState,
} from './contributions';
import { toMillis } from './days';

/** One item as stored: the activity and the document it shows (`entry_<id>`, `customer_<id>`). */
export type RecentItem = ReturnType<typeof entryActivity> & { key: string };

/** Entries and customers created or edited, as they now are (deletes: forgetRecent). */
export interface RecentChanges {
  entries?: readonly EntryState[];
  customers?: readonly CustomerState[];
}

/** Merges the items of changes made in the same transaction or batch into the document. */
export type RecentWriter = (changes: RecentChanges) => void;

const recentRef = (db: Firestore) => db.collection(DASHBOARD).doc(RECENT_ID);
const entryKey = (id: string) => `entry_${id}`;
const customerKey = (id: string) => `customer_${id}`;

/** Newest first, then by key (items written at the same instant), as the source query orders. */
function newestFirst(a: RecentItem, b: RecentItem): number {
  const ms = (toMillis(b.when) ?? 0) - (toMillis(a.when) ?? 0);
  return ms || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);
}

/** The document's items, newest first. */
function itemsNewestFirst(data: DocumentData | undefined): RecentItem[] {
  const items =
    data?.items && typeof data.items === 'object' && !Array.isArray(data.items)
      ? (data.items as Record<string, Omit<RecentItem, 'key'>>)
      : {};
  return Object.entries(items)
    .map(([key, item]) => ({ ...item, key }))
    .sort(newestFirst);
}

/** The RECENT_SHOWN newest items of the document's data. */
export function newestItems(data: DocumentData | undefined): RecentItem[] {
  return itemsNewestFirst(data).slice(0, RECENT_SHOWN);
}

/** How many items a dashboard load lets the merges pile up before it trims the document. */
export const RECENT_KEPT_MAX = 3 * RECENT_SHOWN;

/** The gRPC code of a write whose precondition (here, the update time) no longer holds. */
const FAILED_PRECONDITION = 9;

/**
 * `{ key: item }` for the changes, as merged into the document's map: their RECENT_SHOWN
 * newest only, as no other can be among the newest of all (an import of thousands adds ten).
 */
function itemMap(changes: RecentChanges): DocumentData {
  const items: DocumentData = {};
  for (const e of changes.entries ?? []) items[entryKey(e.id)] = entryActivity(e.data);
  for (const c of changes.customers ?? []) items[customerKey(c.id)] = customerActivity(c.data);
  return Object.fromEntries(newestItems({ items }).map(({ key, ...item }) => [key, item]));
}

/** The writer for changes made in `writer` (a transaction or batch; no reads, so any time). */
export function recentWriter(
  writer: Transaction | WriteBatch,
  db: Firestore = getDb(),
): RecentWriter {
  return (changes) =>
    // Transaction and WriteBatch share set(ref, data, options); TypeScript cannot see one signature.
    (writer as WriteBatch).set(recentRef(db), { items: itemMap(changes) }, { merge: true });
}

/** For writes committed in pages: merges their items once the pages committed. */
export async function updateRecent(changes: RecentChanges, db: Firestore = getDb()): Promise<void> {
  await recentRef(db).set({ items: itemMap(changes) }, { merge: true });
}

/**
 * The RECENT_SHOWN newest of `states` (by creation): of a write made page by page, only those
 * can be shown, so they are all updateRecent needs once the pages committed.
 */
export function newestStates(states: readonly EntryState[]): EntryState[] {
  const ms = (state: EntryState) => toMillis(state.data.createdAt) ?? 0;
  return [...states].sort((x, y) => ms(y) - ms(x)).slice(0, RECENT_SHOWN);
}

/** The newest entries and customers from the source (RECENT_SHOWN of each at most). */
async function newestFromSource(tx: Transaction, db: Firestore): Promise<DocumentData> {
  // Only the fields the items show (an entry's dispatch and attachments can be large).
  const newest = (collection: string, fields: string[]) =>
    tx.get(
      db
        .collection(collection)
        .select(...fields, 'createdAt')
        .orderBy('createdAt', 'desc')
        .limit(RECENT_SHOWN),
    );
  const [entries, customers] = await Promise.all([
    newest('entries', ['customer.names', 'description', 'channel', 'status', 'employee.name']),
    newest('customers', ['names', 'phones', 'emails', 'categories']),
  ]);
  return itemMap({
    entries: entries.docs.map((d) => ({ id: d.id, data: d.data() })),
    customers: customers.docs.map((d) => ({ id: d.id, data: d.data() })),
  });
}

/** Overwrites the document with the newest items of the source (the recompute job). */
export async function rebuildRecent(db: Firestore = getDb()): Promise<void> {
  await db.runTransaction(async (tx) => {
    // Read, so that a merge made meanwhile makes the transaction start over rather than be lost.
    await tx.get(recentRef(db));
    tx.set(recentRef(db), { items: await newestFromSource(tx, db) });
  });
}

/**
 * After deleting entries or customers (ids): when a shown item is among them, rebuilds the
 * document from the source (about 20 reads, only then); otherwise drops their items.
 */
export async function forgetRecent(
  deleted: { entries?: readonly string[]; customers?: readonly string[] },
  db: Firestore = getDb(),
): Promise<void> {
  const keys = [
    ...(deleted.entries ?? []).map(entryKey),
    ...(deleted.customers ?? []).map(customerKey),
  ];
  const shown = newestItems((await recentRef(db).get()).data());
  if (shown.some((item) => keys.includes(item.key))) return rebuildRecent(db);
  const drop = Object.fromEntries(keys.map((key) => [key, FieldValue.delete()]));
  await recentRef(db).set({ items: drop }, { merge: true });
}

/**
 * Recent activity as a dashboard load reads it: one document. Every create adds an item and each
 * load decodes them all, so a load that finds more than RECENT_KEPT_MAX replaces the map with its
 * RECENT_SHOWN newest (no later merge can bring those past them back to the top), written only if
 * the document is still as it read it: a merge or a rebuild made meanwhile wins.
 */
export async function readRecentItems(db: Firestore = getDb()): Promise<RecentItem[]> {
  const snapshot = await recentRef(db).get();
  const items = itemsNewestFirst(snapshot.data());
  if (items.length > RECENT_KEPT_MAX && snapshot.updateTime) {
    // The map replaced by its newest items: one field path however long the map has grown,
    // where naming each dropped key would write one path per key.
    const newest = items.slice(0, RECENT_SHOWN).map(({ key, ...item }) => [key, item]);
    try {
      await recentRef(db).update(
        { items: Object.fromEntries(newest) },
        { lastUpdateTime: snapshot.updateTime },
      );
    } catch (err) {
      // FAILED_PRECONDITION: a write came first; it left the document right, and a later load
      // trims. Any other failure leaves the document as it was: the load still has its items.
      if ((err as { code?: unknown }).code !== FAILED_PRECONDITION)
        logger.warn('recent activity: trim failed', err);
    }
  }
  return items.slice(0, RECENT_SHOWN);
}
