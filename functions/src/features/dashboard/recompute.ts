// The dashboard job: recomputes every figure from the source data and overwrites the dashboard
// documents, repairing any drift of the in-transaction counters. Entries are read a page at a
// time (cursor on the document id) and folded into the totals as they stream, so memory holds
// the totals and the revenue per customer, never the documents; customers are counted. Recent
// activity is rebuilt from the newest entries and customers.
import type { Firestore } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { now } from '../../clock';
import { streamCollection } from '../../paged-batches';
import {
  DASHBOARD,
  DAYS_KEPT,
  RECOMPUTE_PAGE,
  REVENUE,
  SUMMARY_ID,
} from '../../domain/figures/constants';
import { entryFigures } from '../../domain/figures/contributions';
import { addDays, dayKey } from '../../domain/figures/days';
import { rebuildRecent } from '../../domain/figures/recent-activity';

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

/** What entryFigures reads of an entry: the job fetches nothing else (no search keys). */
const ENTRY_FIGURE_FIELDS = [
  'status',
  'createdAt',
  'employee._id',
  'employee.name',
  'employee.email',
  'employeeId',
  'amount',
  'customerId',
  'customer.names',
  'channel',
  'channels',
  'process',
  'category',
];

export interface Recomputed {
  summary: Summary;
  revenue: Map<string, { name: string; amount: number }>;
}

export async function computeDashboard(db: Firestore = getDb()): Promise<Recomputed> {
  const summary = emptySummary();
  const revenue = new Map<string, { name: string; amount: number }>();
  const inc = (map: Record<string, number>, key: string) => {
    map[key] = (map[key] ?? 0) + 1;
  };

  for await (const doc of streamCollection(db, ENTRIES, ENTRY_FIGURE_FIELDS, RECOMPUTE_PAGE)) {
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
  }
  // Customers are only counted: an aggregation query, not a read of every document.
  summary.totalCustomers = (await db.collection(CUSTOMERS).count().get()).data().count;
  // Old days are not shown (the series is 30 days; months hold the history).
  const oldest = addDays(dayKey(now()), -DAYS_KEPT);
  for (const day of Object.keys(summary.days)) if (day < oldest) delete summary.days[day];
  return { summary, revenue };
}

/** Recomputes and overwrites the dashboard documents; revenue documents only where they drift. */
export async function recomputeDashboard(db: Firestore = getDb()): Promise<{ entries: number }> {
  const { summary, revenue } = await computeDashboard(db);
  let batch = db.batch();
  let writes = 0;
  const flush = async (force = false) => {
    if (writes > 0 && (force || writes >= 400)) {
      await batch.commit();
      batch = db.batch();
      writes = 0;
    }
  };
  for await (const doc of streamCollection(db, REVENUE, ['name', 'amount'], RECOMPUTE_PAGE)) {
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
  await db
    .collection(DASHBOARD)
    .doc(SUMMARY_ID)
    .set({ ...summary, recomputedAt: new Date(now()) });
  await rebuildRecent(db);
  return { entries: summary.totalEntries };
}
