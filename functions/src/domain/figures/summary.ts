// The dashboard's figures as stored: `dashboard/summary` (counts, days, months, breakdowns) and
// `dashboardRevenue/{customerId}` (confirmed revenue per customer, for top customers). This file
// owns their shape and is the only place that writes them, two ways: moved by increments beside
// each write of customers and entries (contributions.ts hands over a delta), or replaced whole
// by the recompute job (the dashboard feature folds the entries into a Summary and hands it over).
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';
import { streamCollection } from '../../paged-batches';
import { DASHBOARD, RECOMPUTE_PAGE, REVENUE, SUMMARY_ID } from './constants';
import { monthKey, previousMonth } from './days';
import { touchKeptList, type CommitWriter } from './kept-lists';

/** One person's entries of one month: how many and their amount, all and confirmed. */
export interface MonthTotals {
  entries: number;
  amount: number;
  confirmed: number;
  confirmedAmount: number;
}
const MONTH_TOTALS = ['entries', 'amount', 'confirmed', 'confirmedAmount'] as const;

/** Per month ('2026-11'), per employee id: kept for this month and the last (recentMonths). */
export type EmployeeMonths = Record<string, Record<string, MonthTotals>>;

/** Adds `sign` × `totals` to one person's month (a delta's or a recomputed summary's). */
export function addMonthTotals(
  months: EmployeeMonths,
  month: string,
  employeeId: string,
  totals: MonthTotals,
  sign: 1 | -1,
): void {
  const kept = ((months[month] ??= {})[employeeId] ??= {
    entries: 0,
    amount: 0,
    confirmed: 0,
    confirmedAmount: 0,
  });
  for (const field of MONTH_TOTALS) kept[field] += totals[field] * sign;
}

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
  employeeMonths: EmployeeMonths;
}

/** Confirmed revenue per customer id. */
export type Revenue = Map<string, { name: string; amount: number }>;

/** What one write moves: counts up or down, and the names that follow the newest copy. */
export interface SummaryDelta {
  counts: Partial<
    Pick<Summary, 'totalCustomers' | 'totalEntries' | 'confirmedOrders' | 'pendingEntries'>
  >;
  maps: Partial<
    Record<'days' | 'months' | 'channels' | 'processes' | 'categories', Record<string, number>>
  >;
  employeeEntries: Record<string, number>;
  employeeNames: Map<string, string>;
  employeeMonths: EmployeeMonths;
  /** Per customer: the amount it moves by, and its name when an entry names it now. */
  revenue: Map<string, { amount: number; name?: string }>;
}

export function emptyDelta(): SummaryDelta {
  return {
    counts: {},
    maps: {},
    employeeEntries: {},
    employeeNames: new Map(),
    employeeMonths: {},
    revenue: new Map(),
  };
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
    employeeMonths: {},
  };
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const counts = (v: unknown): Record<string, number> =>
  v && typeof v === 'object'
    ? Object.fromEntries(Object.entries(v as DocumentData).map(([k, n]) => [k, num(n)]))
    : {};

function employeeMonthsOf(value: unknown): EmployeeMonths {
  const out: EmployeeMonths = {};
  for (const [month, people] of Object.entries((value ?? {}) as DocumentData)) {
    const kept: Record<string, MonthTotals> = (out[month] = {});
    for (const [id, totals] of Object.entries((people ?? {}) as DocumentData)) {
      const rec = (totals ?? {}) as DocumentData;
      kept[id] = {
        entries: num(rec.entries),
        amount: num(rec.amount),
        confirmed: num(rec.confirmed),
        confirmedAmount: num(rec.confirmedAmount),
      };
    }
  }
  return out;
}

/** The months whose per-person totals are kept: this one and the last (the company's). */
export function recentMonths(): { month: string; previous: string } {
  const month = monthKey(now());
  return { month, previous: previousMonth(month) };
}

/** The summary document's data read as a Summary (missing or odd fields read as 0). */
function summaryOf(data: DocumentData | undefined): Summary {
  const s = emptySummary();
  if (!data) return s;
  const employees: Summary['employees'] = {};
  for (const [id, e] of Object.entries((data.employees ?? {}) as DocumentData)) {
    const rec = (e ?? {}) as DocumentData;
    employees[id] = {
      name: typeof rec.name === 'string' ? rec.name : '',
      entries: num(rec.entries),
    };
  }
  return {
    totalCustomers: num(data.totalCustomers),
    totalEntries: num(data.totalEntries),
    confirmedOrders: num(data.confirmedOrders),
    pendingEntries: num(data.pendingEntries),
    days: counts(data.days),
    months: counts(data.months),
    channels: { ...s.channels, ...counts(data.channels) },
    processes: counts(data.processes),
    categories: counts(data.categories),
    employees,
    employeeMonths: employeeMonthsOf(data.employeeMonths),
  };
}

const summaryRef = (db: Firestore) => db.collection(DASHBOARD).doc(SUMMARY_ID);

/** The summary as stored now (one read), or null before the first write or job made it. */
export async function readStoredSummary(db: Firestore = getDb()): Promise<Summary | null> {
  const snap = await summaryRef(db).get();
  return snap.exists ? summaryOf(snap.data()) : null;
}

const TOTAL_FIELDS = [
  'totalCustomers',
  'totalEntries',
  'confirmedOrders',
  'pendingEntries',
] as const;
type TotalField = (typeof TOTAL_FIELDS)[number];

/** The summary's four counts: what the lists' unfiltered totals need of it. */
export type SummaryTotals = Pick<Summary, TotalField>;

/**
 * The summary's counts as stored now, or null before the first write or job made it. One read
 * of those four fields alone: the days, months and breakdowns are nearly all of the document's
 * bytes (hundreds of map entries), which every unfiltered list call would otherwise have the
 * database encode and this instance decode, to use one number of it.
 */
export async function readStoredTotals(db: Firestore = getDb()): Promise<SummaryTotals | null> {
  const [snap] = await db.getAll(summaryRef(db), { fieldMask: [...TOTAL_FIELDS] });
  if (!snap.exists) return null;
  return {
    totalCustomers: num(snap.get('totalCustomers')),
    totalEntries: num(snap.get('totalEntries')),
    confirmedOrders: num(snap.get('confirmedOrders')),
    pendingEntries: num(snap.get('pendingEntries')),
  };
}

/** The customers with the most confirmed revenue, most first (those with none left out). */
export async function readTopRevenue(limit: number): Promise<{ name: string; amount: number }[]> {
  const top = await getDb()
    .collection(REVENUE)
    .where('amount', '>', 0)
    .orderBy('amount', 'desc')
    .limit(limit)
    .get();
  return top.docs.map((d) => ({ name: String(d.get('name') ?? ''), amount: num(d.get('amount')) }));
}

/** `{ key: n }` as increments, leaving out zeros (null when nothing moves). */
function increments(values: Record<string, number>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [key, n] of Object.entries(values)) if (n !== 0) out[key] = FieldValue.increment(n);
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * Writes a delta by increments (no reads, so it can run after a transaction's reads and beside
 * its writes): one write of the summary and one per customer whose revenue moved.
 */
export function writeSummaryDelta(tx: CommitWriter, db: Firestore, delta: SummaryDelta): void {
  const summary: Record<string, unknown> = increments(delta.counts as Record<string, number>) ?? {};
  for (const [name, map] of Object.entries(delta.maps)) {
    const moved = increments(map);
    if (moved) summary[name] = moved;
  }
  const employees: Record<string, Record<string, unknown>> = {};
  for (const [id, n] of Object.entries(delta.employeeEntries))
    if (n !== 0) employees[id] = { entries: FieldValue.increment(n) };
  for (const [id, name] of delta.employeeNames) employees[id] = { ...employees[id], name };
  if (Object.keys(employees).length > 0) summary.employees = employees;
  const months: Record<string, Record<string, unknown>> = {};
  for (const [month, people] of Object.entries(delta.employeeMonths))
    for (const [id, totals] of Object.entries(people)) {
      const moved = increments(totals as unknown as Record<string, number>);
      if (moved) (months[month] ??= {})[id] = moved;
    }
  if (Object.keys(months).length > 0) summary.employeeMonths = months;
  if (Object.keys(summary).length > 0) tx.set(summaryRef(db), summary, { merge: true });

  // A customer's document stays when it is deleted or merged away (at 0 once its entries
  // moved); the recompute job removes it.
  let revenueMoved = false;
  for (const [customerId, { amount, name }] of delta.revenue) {
    const fields: Record<string, unknown> = {};
    if (name !== undefined) fields.name = name;
    if (amount !== 0) fields.amount = FieldValue.increment(amount);
    if (Object.keys(fields).length > 0) {
      tx.set(db.collection(REVENUE).doc(customerId), fields, { merge: true });
      revenueMoved = true;
    }
  }
  if (revenueMoved) touchKeptList(tx, 'topRevenue', db);
}

/**
 * Replaces the figures with recomputed ones: the summary whole, revenue documents only where
 * they drift (and those of customers without revenue removed).
 */
export async function replaceSummary(
  summary: Summary,
  revenue: Revenue,
  db: Firestore = getDb(),
): Promise<void> {
  const want = new Map(revenue);
  let batch = db.batch();
  let writes = 0;
  const flush = async (force = false) => {
    if (writes > 0 && (force || writes >= 400)) {
      touchKeptList(batch, 'topRevenue', db);
      await batch.commit();
      batch = db.batch();
      writes = 0;
    }
  };
  for await (const doc of streamCollection(db, REVENUE, ['name', 'amount'], RECOMPUTE_PAGE)) {
    const wanted = want.get(doc.id);
    const have = doc.data();
    if (!wanted) {
      batch.delete(doc.ref);
      writes++;
    } else {
      if (have.name !== wanted.name || have.amount !== wanted.amount) {
        batch.set(doc.ref, wanted);
        writes++;
      }
      want.delete(doc.id);
    }
    await flush();
  }
  for (const [id, wanted] of want) {
    batch.set(db.collection(REVENUE).doc(id), wanted);
    writes++;
    await flush();
  }
  await flush(true);
  await summaryRef(db).set({ ...summary, recomputedAt: new Date(now()) });
}
