// Lists the dashboard shows that a query answers (the top customers by revenue, the follow-ups
// due, the count of accounts awaiting approval as a list of one), kept in one document, `dashboard/kept-lists`, so that a dashboard load reads that one
// document instead of a page of each. Every write that could change a list's answer moves the
// list's version in its own commit (a blind increment: no read, so any transaction or batch can
// carry it). A read uses the kept answer only when it was built at the current version for the
// same key (the follow-ups due: the company day and the days asked for); otherwise it runs the
// query and keeps its answer, unless a write moved the version meanwhile (the keep is a
// transaction that reads the version again).
import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type SetOptions,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { DASHBOARD, KEPT_LISTS_ID } from './constants';

/** A transaction or a batch: the figures are written beside the change they follow. */
export interface CommitWriter {
  set(ref: DocumentReference, data: DocumentData, options: SetOptions): unknown;
}

export type KeptList = 'topRevenue' | 'followUpsDue' | 'pendingUsers';

interface Built {
  version: number;
  key: string;
  items: unknown[];
}

const keptRef = (db: Firestore) => db.collection(DASHBOARD).doc(KEPT_LISTS_ID);

/** Marks `list` as changed by the write `writer` commits (a transaction or a batch). */
export function touchKeptList(writer: CommitWriter, list: KeptList, db: Firestore = getDb()): void {
  writer.set(keptRef(db), { versions: { [list]: FieldValue.increment(1) } }, { merge: true });
}

/** Marks `list` as changed on its own: its next read runs its query again. */
export async function refreshKeptList(list: KeptList, db: Firestore = getDb()): Promise<void> {
  const batch = db.batch();
  touchKeptList(batch, list, db);
  await batch.commit();
}

const versionOf = (data: DocumentData | undefined, list: KeptList): number => {
  const value: unknown = data?.versions?.[list];
  return typeof value === 'number' ? value : 0;
};

/** Reads the kept lists' document once for every list a call answers. */
export interface KeptLists {
  /**
   * `list`'s answer for `key`: the kept one when no write changed it since it was built, else
   * `query`'s, kept for the next reads.
   */
  read<T>(list: KeptList, key: string, query: () => Promise<T[]>): Promise<T[]>;
}

/** The kept lists as one call sees them (the document is read on the first `read`). */
export function keptLists(db: Firestore = getDb()): KeptLists {
  let stored: Promise<DocumentData | undefined> | undefined;
  return {
    async read<T>(list: KeptList, key: string, query: () => Promise<T[]>): Promise<T[]> {
      stored ??= keptRef(db)
        .get()
        .then((snap) => snap.data());
      const data = await stored;
      const version = versionOf(data, list);
      const built = data?.built?.[list] as Built | undefined;
      if (built && built.version === version && built.key === key && Array.isArray(built.items))
        return built.items as T[];
      const items = await query();
      await keep(db, list, { version, key, items });
      return items;
    },
  };
}

/** Keeps `built` unless a write moved the list's version since it was read. */
async function keep(db: Firestore, list: KeptList, built: Built): Promise<void> {
  await db
    .runTransaction(async (tx) => {
      const now = (await tx.get(keptRef(db))).data();
      if (versionOf(now, list) !== built.version) return;
      tx.set(keptRef(db), { built: { [list]: built } }, { merge: true });
    })
    // Keeping is a saving, not the answer: a failed keep leaves the next read to query again.
    .catch(() => undefined);
}
