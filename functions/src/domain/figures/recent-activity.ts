// Recent activity kept in one document, `dashboard/recent`: the RECENT_SHOWN newest entries and
// customers together, newest first, so a dashboard load reads one document for it (a whole
// load reads at most 15). A write that creates or edits entries or customers reads the document in its
// transaction (readRecent, before its writes) and writes it back capped; writes made in batches
// do the same in one small transaction after they commit (updateRecent). A delete that removes a
// listed item rebuilds the list from the source (forgetRecent), so the next newest takes its
// place. The recompute job rebuilds it from the source too (rebuildRecent).
import type { DocumentData, Firestore, Transaction } from 'firebase-admin/firestore';
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

/** Applies a transaction's changes to the list read in it, and writes it back if it changed. */
export type RecentWriter = (changes: RecentChanges) => void;

const recentRef = (db: Firestore) => db.collection(DASHBOARD).doc(RECENT_ID);
const entryKey = (id: string) => `entry_${id}`;
const customerKey = (id: string) => `customer_${id}`;

export function recentItemsOf(data: DocumentData | undefined): RecentItem[] {
  return Array.isArray(data?.items) ? (data.items as RecentItem[]) : [];
}

/** Newest first, then by key (items written at the same instant), as the source query orders. */
function newestFirst(a: RecentItem, b: RecentItem): number {
  const ms = (toMillis(b.when) ?? 0) - (toMillis(a.when) ?? 0);
  return ms || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);
}

/**
 * The list after `changes`: a created or edited document's item takes its place when it is
 * among the newest (an edited listed item is refreshed, an older one stays out). Answers null
 * when the list does not change.
 */
function applied(items: readonly RecentItem[], changes: RecentChanges): RecentItem[] | null {
  const candidates: RecentItem[] = [
    ...(changes.entries ?? []).map((e) => ({ ...entryActivity(e.data), key: entryKey(e.id) })),
    ...(changes.customers ?? []).map((c) => ({
      ...customerActivity(c.data),
      key: customerKey(c.id),
    })),
  ];
  const changed = new Set(candidates.map((c) => c.key));
  const next = [...items.filter((i) => !changed.has(i.key)), ...candidates]
    .sort(newestFirst)
    .slice(0, RECENT_SHOWN);
  const touched = (list: readonly RecentItem[]) => list.some((i) => changed.has(i.key));
  return touched(items) || touched(next) ? next : null;
}

/**
 * Reads the list in `tx` (call it among the transaction's reads); the answer applies changes
 * made in the same transaction and writes the list back when it changes.
 */
export async function readRecent(tx: Transaction, db: Firestore = getDb()): Promise<RecentWriter> {
  let items = recentItemsOf((await tx.get(recentRef(db))).data());
  return (changes) => {
    const next = applied(items, changes);
    if (!next) return;
    items = next;
    tx.set(recentRef(db), { items });
  };
}

/** For writes committed in a batch: applies them in one small transaction. */
export async function updateRecent(changes: RecentChanges, db: Firestore = getDb()): Promise<void> {
  await db.runTransaction(async (tx) => (await readRecent(tx, db))(changes));
}

/**
 * The RECENT_SHOWN newest of `states` (by creation): of a write made page by page, only those
 * can be listed, so they are all updateRecent needs once the pages committed.
 */
export function newestStates(states: readonly EntryState[]): EntryState[] {
  const ms = (state: EntryState) => toMillis(state.data.createdAt) ?? 0;
  return [...states].sort((x, y) => ms(y) - ms(x)).slice(0, RECENT_SHOWN);
}

/** The newest entries and customers from the source (RECENT_SHOWN of each at most). */
async function newestFromSource(tx: Transaction, db: Firestore): Promise<RecentItem[]> {
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
  return [
    ...entries.docs.map((d) => ({ ...entryActivity(d.data()), key: entryKey(d.id) })),
    ...customers.docs.map((d) => ({ ...customerActivity(d.data()), key: customerKey(d.id) })),
  ]
    .sort(newestFirst)
    .slice(0, RECENT_SHOWN);
}

/** Overwrites the list with the newest items of the source (the recompute job). */
export async function rebuildRecent(db: Firestore = getDb()): Promise<void> {
  await db.runTransaction(async (tx) => {
    tx.set(recentRef(db), { items: await newestFromSource(tx, db) });
  });
}

/**
 * After deleting entries or customers (ids): when the list shows one of them, rebuilds it from
 * the source (about 20 reads, only then); otherwise one read and no write.
 */
export async function forgetRecent(
  deleted: { entries?: readonly string[]; customers?: readonly string[] },
  db: Firestore = getDb(),
): Promise<void> {
  const keys = new Set([
    ...(deleted.entries ?? []).map(entryKey),
    ...(deleted.customers ?? []).map(customerKey),
  ]);
  await db.runTransaction(async (tx) => {
    const items = recentItemsOf((await tx.get(recentRef(db))).data());
    if (!items.some((i) => keys.has(i.key))) return;
    tx.set(recentRef(db), { items: await newestFromSource(tx, db) });
  });
}
