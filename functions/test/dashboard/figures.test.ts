// The dashboard figures: the recompute job against a brute-force computation, the
// in-transaction counters against the recompute, month-over-month keys, and the read budget.
import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { applyCustomerChange, applyEntryChange } from '../../src/domain/figures/contributions';
import { dayKey, monthKey, previousMonth, startOfDay } from '../../src/domain/figures/days';
import { clearDashboardCache, COMMIT_MARGIN_MS } from '../../src/features/dashboard/read';
import {
  forgetRecent,
  recentWriter,
  type RecentWriter,
} from '../../src/domain/figures/recent-activity';
import { recomputeDashboard } from '../../src/features/dashboard/recompute';
import { FOR_ADMINS } from '../../src/domain/notifications/audience';
import { addNotification } from '../../src/domain/notifications/notice';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { readCounters, resetCounters } from '../support/counters';
import { appAs } from '../support/fake-session';
import { bruteForce, loadDashboard, pick, rng } from './support';

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

const loadAll = () => loadDashboard(appAs('admin'));

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
    const want = await bruteForce(NOW);
    expect(got['/overview']).toEqual(want.overview);
    expect(got['/channel-breakdown']).toEqual(want.channels);
    const series = got['/series?range=30d'] as { date: string; value: number }[];
    expect(series).toHaveLength(30);
    expect(series[29]!.date).toBe('2026-11-21');
    expect(series).toEqual(want.series);
    expect(got['/dashboard/funnel']).toEqual(want.funnel);
    expect(got['/dashboard/categories']).toEqual(want.categories);
    expect(got['/dashboard/employees']).toEqual(want.employees);
    expect(got['/recent']).toEqual(want.recent);
    expect(want.recent).toHaveLength(10);
  });

  it('pages through more entries than one page and repairs drifted counters', async () => {
    await seedSource(1100, 3);
    await getDb()
      .doc('dashboard/summary')
      .set({ totalEntries: 5, days: { '2026-11-21': 999 } });
    await getDb().doc('dashboardRevenue/ghost').set({ name: 'Ghost', amount: 1e9 });
    await recomputeDashboard();
    const got = await loadAll();
    expect(got['/overview']).toEqual((await bruteForce(NOW)).overview);
  });
});

describe('the in-transaction counters', () => {
  it('after random creates, edits, confirmations and deletes equal the recompute', async () => {
    const r = rng(42);
    const db = getDb();
    const customers: string[] = [];
    const entries = new Map<string, DocumentData>();
    // Each write as the product's paths make it: the counters and recent activity in its
    // transaction, and a delete's recent activity after it.
    type Step = (tx: FirebaseFirestore.Transaction, recent: RecentWriter) => void;
    const step = (fn: Step) => db.runTransaction(async (tx) => fn(tx, recentWriter(tx)));
    for (let i = 0; i < 120; i++) {
      const roll = r();
      if (customers.length < 3 || roll < 0.15) {
        const id = `c${i}`;
        const data = { names: [`Name ${id}`], createdAt: Timestamp.fromMillis(NOW - i * 1000) };
        await step((tx, recent) => {
          tx.set(db.collection('customers').doc(id), data);
          applyCustomerChange(tx, null, { id, data });
          recent({ customers: [{ id, data }] });
        });
        customers.push(id);
      } else if (entries.size < 5 || roll < 0.5) {
        const id = `e${i}`;
        const data = randomEntry(r, customers);
        await step((tx, recent) => {
          tx.set(db.collection('entries').doc(id), data);
          applyEntryChange(tx, null, { id, data });
          recent({ entries: [{ id, data }] });
        });
        entries.set(id, data);
      } else {
        const id = pick(r, [...entries.keys()]);
        const before = entries.get(id)!;
        if (roll < 0.7) {
          const after = { ...before, ...randomEntry(r, customers), createdAt: before.createdAt };
          await step((tx, recent) => {
            tx.set(db.collection('entries').doc(id), after);
            applyEntryChange(tx, { id, data: before }, { id, data: after });
            recent({ entries: [{ id, data: after }] });
          });
          entries.set(id, after);
        } else if (roll < 0.85) {
          const after = { ...before, status: 'confirmed' };
          await step((tx, recent) => {
            tx.set(db.collection('entries').doc(id), after);
            applyEntryChange(tx, { id, data: before }, { id, data: after });
            recent({ entries: [{ id, data: after }] });
          });
          entries.set(id, after);
        } else {
          await step((tx) => {
            tx.delete(db.collection('entries').doc(id));
            applyEntryChange(tx, { id, data: before }, null);
          });
          await forgetRecent({ entries: [id] });
          entries.delete(id);
        }
      }
    }
    const incremental = await loadAll();
    const want = await bruteForce(NOW);
    expect(incremental['/overview']).toEqual(want.overview);
    expect(incremental['/recent']).toEqual(want.recent);
    expect(want.recent).toHaveLength(10);
    await recomputeDashboard();
    // The job trims the document to what is shown.
    const held = (await db.doc('dashboard/recent-activity').get()).get('items') as object;
    expect(Object.keys(held)).toHaveLength(10);
    const recomputed = await loadAll();
    for (const path of Object.keys(recomputed))
      expect(incremental[path], path).toEqual(recomputed[path]);
  });

  it('a deleted customer leaves the totals and the recent list', async () => {
    const db = getDb();
    const ref = db.doc('customers/m');
    const data = { names: ['Meera'], createdAt: Timestamp.fromMillis(NOW) };
    await db.runTransaction(async (tx) => {
      const recent = recentWriter(tx);
      tx.set(ref, data);
      applyCustomerChange(tx, null, { id: 'm', data });
      recent({ customers: [{ id: 'm', data }] });
    });
    let got = await loadAll();
    expect(got['/overview'].totalCustomers).toBe(1);
    expect(got['/recent'][0]).toMatchObject({ type: 'customer', text: 'New customer Meera' });
    await db.runTransaction(async (tx) => {
      tx.delete(ref);
      applyCustomerChange(tx, { id: 'm', data }, null);
    });
    await forgetRecent({ customers: ['m'] });
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
  // The summary, the recent-activity document, one count of pending employees, the admins'
  // notification feed and the kept lists (top customers, follow-ups due; one read for each of
  // the two routes that answer them): 6, whatever the data size, once a first load kept the
  // lists (it queries the top 5 revenue documents and at most 6 follow-ups due).
  it('reads at most 6 documents whatever the data size, once the lists are kept', async () => {
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
    // The live panel's latest notifications: more than it answers, fewer than a feed keeps.
    const batch = db.batch();
    for (let i = 0; i < 30; i++)
      addNotification(batch, {
        to: FOR_ADMINS,
        type: 'entry.pending',
        title: `N${i}`,
        message: '',
      });
    await batch.commit();
    await recomputeDashboard();
    const counters = `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${
      process.env.GCLOUD_PROJECT ?? 'demo-crm'
    }/counters`;
    await loadAll();
    clearDashboardCache();
    await fetch(counters, { method: 'DELETE' });
    await loadAll();
    const { reads } = (await (await fetch(counters)).json()) as { reads: number };
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(6);
  });

  it('a refetch for a change, or a call after a write, is answered from a new summary read', async () => {
    await seedSource(30, 5);
    await recomputeDashboard();
    const app = appAs('admin');
    const before = (await loadAll())['/overview'] as { totalEntries: number };
    await getDb()
      .collection('dashboard')
      .doc('summary')
      .update({ totalEntries: FieldValue.increment(1) });
    // Within the cache's lifetime a plain call shares the earlier read...
    const plain = await request(app).get('/api/overview');
    expect(plain.body.totalEntries).toBe(before.totalEntries);
    // ...but the calls made for a change read the summary again once it has surely committed,
    // once between them.
    setClock(() => NOW + COMMIT_MARGIN_MS + 1);
    await resetCounters();
    const since = new Date(NOW).toISOString();
    const summaryPaths = [
      '/overview',
      '/series',
      '/channel-breakdown',
      '/dashboard/funnel',
      '/dashboard/categories',
      '/dashboard/employees',
    ];
    const answers = await Promise.all(
      summaryPaths.map((p) => request(app).get(`/api${p}`).query({ since })),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    expect(answers[0]!.body.totalEntries).toBe(before.totalEntries + 1);
    // The overview also reads the top revenue documents and counts pending users.
    const { reads } = await readCounters();
    expect(reads).toBeLessThanOrEqual(1 + 5 + 1);
    // A write this instance serves drops the kept read: the next plain call sees it.
    const added = await request(app)
      .post('/api/customers')
      .send({ names: ['Meera Iyer'], phones: ['9876543210'] });
    expect(added.status, added.text).toBe(201);
    const afterWrite = await request(app).get('/api/overview');
    expect(afterWrite.body.totalCustomers).toBe(answers[0]!.body.totalCustomers + 1);
    // A change from the future waits no longer than one made now.
    const future = await request(app)
      .get('/api/overview')
      .query({ since: new Date(NOW + 86_400_000).toISOString() });
    expect(future.status).toBe(200);
    const bad = await request(app).get('/api/overview').query({ since: 'yesterday-ish' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('since must be a date');
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
