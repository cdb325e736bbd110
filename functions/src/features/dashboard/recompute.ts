// The dashboard job: recomputes every figure from the source data and overwrites the dashboard
// documents, repairing any drift of the in-transaction counters. Entries and customers are read
// a page at a time (cursor on the document id) and folded into the totals as they stream, so
// memory holds the totals, the revenue per customer and the newest few items, never the docs.
import {
  FieldPath,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { now } from '../../clock';
import {
  DASHBOARD,
  DAYS_KEPT,
  RECENT_ID,
  RECENT_SHOWN,
  RECOMPUTE_PAGE,
  REVENUE,
  SUMMARY_ID,
} from './constants';
import { customerActivity, entryActivity, entryFigures } from './contributions';
import { addDays, dayKey, toMillis } from './days';

const ENTRIES = 'entries';
const CUSTOMERS = 'customers';

export interface Summary {
  totalCustomers: number;
  totalEntries: number;
  confirmedOrders: number;
  pendingEntries: number;
  days: Record<string, number>;
  months: Record<string, number>;
  channels: Record<string, number>;
  processes: Record<string, number>;
  categories: Record<string, number>;
  employees: Record<string, { name: string; entries: number }>;
}

export function emptySummary(): Summary {
  return {
    totalCustomers: 0,
    totalEntries: 0,
    confirmedOrders: 0,
    pendingEntries: 0,
    days: {},
    months: {},
    channels: { whatsapp: 0, email: 0, other: 0 },
    processes: {},
    categories: {},
    employees: {},
  };
}

/** Every document of a collection, a page at a time. */
export async function* streamCollection(
  db: Firestore,
  collection: string,
  pageSize = RECOMPUTE_PAGE,
): AsyncGenerator<QueryDocumentSnapshot> {
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = db.collection(collection).orderBy(FieldPath.documentId()).limit(pageSize);
    if (last) query = query.startAfter(last);
    const page = await query.get();
    for (const doc of page.docs) yield doc;
    if (page.size < pageSize) return;
    last = page.docs[page.docs.length - 1];
  }
}

type Item = { key: string; ms: number; value: DocumentData };

/** Keeps the `size` newest items seen (small: a sorted insert is enough). */
function keepNewest(list: Item[], item: Item, size: number): void {
  if (list.length >= size && item.ms <= list[list.length - 1]!.ms) return;
  const at = list.findIndex((x) => x.ms < item.ms);
  list.splice(at === -1 ? list.length : at, 0, item);
  if (list.length > size) list.pop();
}

export interface Recomputed {
  summary: Summary;
  revenue: Map<string, { name: string; amount: number }>;
  recent: Item[];
}

export async function computeDashboard(db: Firestore = getDb()): Promise<Recomputed> {
  const summary = emptySummary();
  const revenue = new Map<string, { name: string; amount: number }>();
  const recent: Item[] = [];
  const inc = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + 1;
  };

  for await (const doc of streamCollection(db, ENTRIES)) {
    const data = doc.data();
    const f = entryFigures(data);
    summary.totalEntries += 1;
    summary.confirmedOrders += f.confirmedOrders;
    summary.pendingEntries += f.pendingEntries;
    if (f.day) inc(summary.days, f.day);
    if (f.month) inc(summary.months, f.month);
    for (const c of f.channels) inc(summary.channels, c);
    inc(summary.processes, f.process);
    if (f.category) inc(summary.categories, f.category);
    if (f.employee) {
      const e = (summary.employees[f.employee.id] ??= { name: f.employee.name, entries: 0 });
      e.entries += 1;
    }
    if (f.revenue) {
      const r = revenue.get(f.revenue.customerId);
      revenue.set(f.revenue.customerId, {
        name: f.revenue.name,
        amount: (r?.amount ?? 0) + f.revenue.amount,
      });
    }
    const ms = toMillis(data.createdAt) ?? 0;
    keepNewest(recent, { key: `entry_${doc.id}`, ms, value: entryActivity(data) }, RECENT_SHOWN);
  }
  for await (const doc of streamCollection(db, CUSTOMERS)) {
    const data = doc.data();
    summary.totalCustomers += 1;
    const ms = toMillis(data.createdAt) ?? 0;
    keepNewest(
      recent,
      { key: `customer_${doc.id}`, ms, value: customerActivity(data) },
      RECENT_SHOWN,
    );
  }
  // Old days are not shown (the series is 30 days; months hold the history).
  const oldest = addDays(dayKey(now()), -DAYS_KEPT);
  for (const day of Object.keys(summary.days)) if (day < oldest) delete summary.days[day];
  return { summary, revenue, recent };
}

/** Recomputes and overwrites the dashboard documents; revenue documents only where they drift. */
export async function recomputeDashboard(db: Firestore = getDb()): Promise<{ entries: number }> {
  const { summary, revenue, recent } = await computeDashboard(db);
  let batch = db.batch();
  let writes = 0;
  const flush = async (force = false) => {
    if (writes > 0 && (force || writes >= 400)) {
      await batch.commit();
      batch = db.batch();
      writes = 0;
    }
  };
  for await (const doc of streamCollection(db, REVENUE)) {
    const want = revenue.get(doc.id);
    const have = doc.data();
    if (!want) {
      batch.delete(doc.ref);
      writes++;
    } else {
      if (have.name !== want.name || have.amount !== want.amount) {
        batch.set(doc.ref, want);
        writes++;
      }
      revenue.delete(doc.id);
    }
    await flush();
  }
  for (const [id, want] of revenue) {
    batch.set(db.collection(REVENUE).doc(id), want);
    writes++;
    await flush();
  }
  await flush(true);
  await db.runTransaction(async (tx) => {
    tx.set(db.collection(DASHBOARD).doc(SUMMARY_ID), {
      ...summary,
      recomputedAt: new Date(now()),
    });
    tx.set(db.collection(DASHBOARD).doc(RECENT_ID), {
      items: Object.fromEntries(recent.map((item) => [item.key, item.value])),
    });
  });
  return { entries: summary.totalEntries };
}
