// The dashboard figures: the recompute job against a brute-force computation, the
// in-transaction counters against the recompute, month-over-month keys, and the read budget.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { applyCustomerChange, applyEntryChange } from '../../src/features/dashboard/contributions';
import { dayKey, monthKey, previousMonth, startOfDay } from '../../src/features/dashboard/days';
import { clearDashboardCache } from '../../src/features/dashboard/read';
import { recomputeDashboard } from '../../src/features/dashboard/recompute';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/fake-session';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const DAY = 86_400_000;
const PROCESSES = ['Lead Generation', 'Quotation', 'Closing', 'Made up', ''];
const CHANNELS = ['whatsapp', 'email', 'multiple', 'manual', 'other'];
const STATUSES = ['pending', 'approved', 'confirmed', 'cancelled'];
const CATEGORIES = ['PHE', 'SS TANK', 'PP', ''];
const EMPLOYEES = [
  null,
  { _id: 'e1', name: 'Asha', email: 'a@x.in' },
  { _id: 'e2', name: 'Ravi', email: 'r@x.in' },
];

// A small deterministic random source.
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}
const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function randomEntry(r: () => number, customers: string[]): DocumentData {
  const customerId = pick(r, customers);
  return {
    customerId,
    customer: {
      names: [`Name ${customerId}`],
      phones: [],
      emails: [],
      categories: [],
      potential: '',
    },
    description: `About ${Math.floor(r() * 100)}`,
    channel: pick(r, CHANNELS),
    status: pick(r, STATUSES),
    process: pick(r, PROCESSES),
    category: pick(r, CATEGORIES),
    amount: Math.floor(r() * 10_000),
    employee: pick(r, EMPLOYEES),
    createdAt: Timestamp.fromMillis(NOW - Math.floor(r() * 70 * DAY)),
  };
}

const api = () => appAs('admin');
async function loadAll() {
  clearDashboardCache();
  const paths = [
    '/overview',
    '/series?range=30d',
    '/channel-breakdown',
    '/recent',
    '/dashboard/funnel',
    '/dashboard/categories',
    '/dashboard/employees',
    '/followups/due?days=3',
    '/admin/stats',
  ];
  const app = api();
  const answers = await Promise.all(paths.map((p) => request(app).get(`/api${p}`)));
  for (const a of answers) expect(a.status, a.text).toBe(200);
  return Object.fromEntries(paths.map((p, i) => [p, answers[i]!.body]));
}

/** The figures straight from the source documents, computed the obvious way. */
async function bruteForce() {
  const entries = (await getDb().collection('entries').get()).docs.map((d) => d.data());
  const customers = (await getDb().collection('customers').get()).docs;
  const month = monthKey(NOW);
  const inMonth = (m: string) =>
    entries.filter((e) => monthKey(e.createdAt.toMillis()) === m).length;
  const revenue = new Map<string, { name: string; amount: number }>();
  for (const e of entries.filter((e) => e.status === 'confirmed')) {
    const r = revenue.get(e.customerId) ?? { name: e.customer.names[0], amount: 0 };
    r.amount += e.amount;
    revenue.set(e.customerId, r);
  }
  const top = [...revenue.entries()]
    .filter(([, r]) => r.amount > 0)
    .sort((a, b) => b[1].amount - a[1].amount || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map(([, r]) => r);
  const has = (e: DocumentData, c: string) => e.channel === c || e.channel === 'multiple';
  return {
    overview: {
      totalCustomers: customers.length,
      totalEntries: entries.length,
      confirmedOrders: entries.filter((e) => e.status === 'confirmed').length,
      pendingApprovals: entries.filter((e) => e.status === 'pending').length,
      entriesThisMonth: inMonth(month),
      entriesLastMonth: inMonth(previousMonth(month)),
      topCustomers: top,
    },
    channels: {
      whatsapp: entries.filter((e) => has(e, 'whatsapp')).length,
      email: entries.filter((e) => has(e, 'email')).length,
      other: entries.filter((e) => !has(e, 'whatsapp') && !has(e, 'email')).length,
    },
    seriesTotal: entries.filter((e) => e.createdAt.toMillis() >= startOfDay(dayKey(NOW - 29 * DAY)))
      .length,
    funnelTotal: entries.length,
    closing: entries.filter((e) => e.process === 'Closing').length,
    other: entries.filter((e) => !['Lead Generation', 'Quotation', 'Closing'].includes(e.process))
      .length,
    asha: entries.filter((e) => e.employee?._id === 'e1').length,
    phe: entries.filter((e) => e.category === 'PHE').length,
  };
}

beforeEach(async () => {
  await resetBackends();
  setClock(() => NOW);
  clearDashboardCache();
});
afterEach(() => setClock());

async function seedSource(count: number, seed = 7) {
  const r = rng(seed);
  const db = getDb();
  const customers = Array.from({ length: 12 }, (_, i) => `c${i}`);
  const batch = db.batch();
  for (const id of customers)
    batch.set(db.collection('customers').doc(id), {
      names: [`Name ${id}`],
      createdAt: Timestamp.fromMillis(NOW - Math.floor(r() * 40 * DAY)),
    });
  for (let i = 0; i < count; i++)
    batch.set(db.collection('entries').doc(`n${i}`), randomEntry(r, customers));
  await batch.commit();
}

describe('the recompute job', () => {
  it('equals a brute-force computation of the source documents', async () => {
    await seedSource(150);
    await recomputeDashboard();
    const got = await loadAll();
    const want = await bruteForce();
    expect(got['/overview']).toEqual(want.overview);
    expect(got['/channel-breakdown']).toEqual(want.channels);
    const series = got['/series?range=30d'] as { date: string; value: number }[];
    expect(series).toHaveLength(30);
    expect(series[29]!.date).toBe('2026-11-21');
    expect(series.reduce((s, x) => s + x.value, 0)).toBe(want.seriesTotal);
    const funnel = got['/dashboard/funnel'] as { stage: string; count: number }[];
    expect(funnel.map((f) => f.stage)).toEqual([
      'Lead Generation',
      'Follow-up',
      'Quotation',
      'Negotiation',
      'Closing',
      'Onboarding',
      'After-Sales Support',
      'Other',
    ]);
    expect(funnel.reduce((s, f) => s + f.count, 0)).toBe(want.funnelTotal);
    expect(funnel.find((f) => f.stage === 'Closing')!.count).toBe(want.closing);
    expect(funnel.find((f) => f.stage === 'Other')!.count).toBe(want.other);
    expect(got['/dashboard/employees']).toContainEqual({ name: 'Asha', entries: want.asha });
    expect(got['/dashboard/categories']).toContainEqual({ category: 'PHE', count: want.phe });
    expect((got['/recent'] as unknown[]).length).toBe(10);
  });

  it('pages through more entries than one page and repairs drifted counters', async () => {
    await seedSource(1100, 3);
    await getDb()
      .doc('dashboard/summary')
      .set({ totalEntries: 5, days: { '2026-11-21': 999 } });
    await getDb().doc('dashboardRevenue/ghost').set({ name: 'Ghost', amount: 1e9 });
    await recomputeDashboard();
    const got = await loadAll();
    expect(got['/overview']).toEqual((await bruteForce()).overview);
  });
});

describe('the in-transaction counters', () => {
  it('after random creates, edits, confirmations and deletes equal the recompute', async () => {
    const r = rng(42);
    const db = getDb();
    const customers: string[] = [];
    const entries = new Map<string, DocumentData>();
    const step = (fn: (tx: FirebaseFirestore.Transaction) => void) =>
      db.runTransaction(async (tx) => fn(tx));
    for (let i = 0; i < 120; i++) {
      const roll = r();
      if (customers.length < 3 || roll < 0.15) {
        const id = `c${i}`;
        const data = { names: [`Name ${id}`], createdAt: Timestamp.fromMillis(NOW - i * 1000) };
        await step((tx) => {
          tx.set(db.collection('customers').doc(id), data);
          applyCustomerChange(tx, null, { id, data });
        });
        customers.push(id);
      } else if (entries.size < 5 || roll < 0.5) {
        const id = `e${i}`;
        const data = randomEntry(r, customers);
        await step((tx) => {
          tx.set(db.collection('entries').doc(id), data);
          applyEntryChange(tx, null, { id, data });
        });
        entries.set(id, data);
      } else {
        const id = pick(r, [...entries.keys()]);
        const before = entries.get(id)!;
        if (roll < 0.7) {
          const after = { ...before, ...randomEntry(r, customers), createdAt: before.createdAt };
          await step((tx) => {
            tx.set(db.collection('entries').doc(id), after);
            applyEntryChange(tx, { id, data: before }, { id, data: after });
          });
          entries.set(id, after);
        } else if (roll < 0.85) {
          const after = { ...before, status: 'confirmed' };
          await step((tx) => {
            tx.set(db.collection('entries').doc(id), after);
            applyEntryChange(tx, { id, data: before }, { id, data: after });
          });
          entries.set(id, after);
        } else {
          await step((tx) => {
            tx.delete(db.collection('entries').doc(id));
            applyEntryChange(tx, { id, data: before }, null);
          });
          entries.delete(id);
        }
      }
    }
    const incremental = await loadAll();
    expect(incremental['/overview']).toEqual((await bruteForce()).overview);
    await recomputeDashboard();
    const recomputed = await loadAll();
    for (const path of Object.keys(recomputed)) {
      if (path === '/recent') continue; // the job keeps only the newest 10
      expect(incremental[path], path).toEqual(recomputed[path]);
    }
    expect(incremental['/recent'].slice(0, 10)).toEqual(recomputed['/recent']);
  });

  it('a deleted customer leaves the totals and the recent list', async () => {
    const db = getDb();
    const data = { names: ['Meera'], createdAt: Timestamp.fromMillis(NOW) };
    await db.runTransaction(async (tx) => applyCustomerChange(tx, null, { id: 'm', data }));
    let got = await loadAll();
    expect(got['/overview'].totalCustomers).toBe(1);
    expect(got['/recent'][0]).toMatchObject({ type: 'customer', text: 'New customer Meera' });
    await db.runTransaction(async (tx) => applyCustomerChange(tx, { id: 'm', data }, null));
    got = await loadAll();
    expect(got['/overview'].totalCustomers).toBe(0);
    expect(got['/recent']).toEqual([]);
  });
});

describe('month over month', () => {
  it('counts days and months in the company time zone', () => {
    // 2026-10-31 19:00 UTC is 1 November 00:30 in Kolkata.
    expect(monthKey(Date.parse('2026-10-31T19:00:00Z'))).toBe('2026-11');
    expect(monthKey(Date.parse('2026-10-31T18:29:59Z'))).toBe('2026-10');
    expect(dayKey(Date.parse('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(previousMonth('2026-03')).toBe('2026-02');
    expect(new Date(startOfDay('2026-11-21')).toISOString()).toBe('2026-11-20T18:30:00.000Z');
  });

  it('this and last month around a year boundary, and zeros when empty', async () => {
    setClock(() => Date.parse('2027-01-01T00:00:00Z')); // 05:30 on 1 January in Kolkata
    let got = await loadAll();
    expect(got['/overview']).toMatchObject({ entriesThisMonth: 0, entriesLastMonth: 0 });
    const db = getDb();
    const at = (iso: string) => ({
      createdAt: Timestamp.fromDate(new Date(iso)),
      status: 'pending',
    });
    await db.runTransaction(async (tx) => {
      applyEntryChange(tx, null, { id: 'a', data: at('2026-12-31T18:31:00Z') }); // Jan 1 IST
      applyEntryChange(tx, null, { id: 'b', data: at('2026-12-31T18:29:00Z') }); // Dec 31 IST
      applyEntryChange(tx, null, { id: 'c', data: at('2026-12-01T00:00:00Z') });
      applyEntryChange(tx, null, { id: 'd', data: at('2026-11-30T12:00:00Z') });
    });
    got = await loadAll();
    expect(got['/overview']).toMatchObject({ entriesThisMonth: 1, entriesLastMonth: 2 });
    expect(got['/admin/stats'].perMonth).toEqual([
      { _id: { m: 11, y: 2026 }, count: 1 },
      { _id: { m: 12, y: 2026 }, count: 2 },
      { _id: { m: 1, y: 2027 }, count: 1 },
    ]);
  });
});

describe('a full dashboard load', () => {
  it('reads at most 15 documents whatever the data size', async () => {
    await seedSource(600, 11);
    const db = getDb();
    for (let i = 0; i < 12; i++)
      await db.collection('followUps').add({
        status: 'scheduled',
        dueAt: Timestamp.fromMillis(NOW + i * 3600_000),
        customerName: `Name c${i}`,
        note: '',
        channels: ['email'],
      });
    await recomputeDashboard();
    const counters = `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${
      process.env.GCLOUD_PROJECT ?? 'demo-crm'
    }/counters`;
    await fetch(counters, { method: 'DELETE' });
    await loadAll();
    const { reads } = (await (await fetch(counters)).json()) as { reads: number };
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(15);
  });

  it('follow-ups due: scheduled ones from today to the end of today + 3 days, soonest first', async () => {
    const db = getDb();
    const add = (dueMs: number, status = 'scheduled', note = '') =>
      db.collection('followUps').add({
        status,
        dueAt: Timestamp.fromMillis(dueMs),
        customerName: 'Kiran',
        note,
        channels: [],
      });
    const todayStart = startOfDay('2026-11-21');
    await add(todayStart - 1); // yesterday
    await add(todayStart + 1000, 'scheduled', 'Call back');
    await add(todayStart + 1000, 'sent');
    await add(startOfDay('2026-11-24') + 3600_000);
    await add(startOfDay('2026-11-25')); // outside
    const got = await loadAll();
    expect(got['/followups/due?days=3']).toEqual([
      {
        customerName: 'Kiran',
        note: 'Call back',
        reason: '',
        dueAt: new Date(todayStart + 1000).toISOString(),
      },
      {
        customerName: 'Kiran',
        note: '',
        reason: '',
        dueAt: new Date(startOfDay('2026-11-24') + 3600_000).toISOString(),
      },
    ]);
  });
});
