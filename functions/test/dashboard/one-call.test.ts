// GET /dashboard/all: the page's one call answers what each dashboard route answers, and a full
// load reads nine documents of data (four for the company's figures, five for an admin's empty
// "my day") plus one for the session check.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { clearDashboardCache } from '../../src/features/dashboard/read';
import { recomputeDashboard } from '../../src/features/dashboard/recompute';
import { FOR_ADMINS } from '../../src/domain/notifications/audience';
import { addNotification } from '../../src/domain/notifications/notice';
import { getDb } from '../../src/firebase';
import { bearer, createAccount, login } from '../support/accounts';
import { resetBackends } from '../support/backends';
import { readCounters, resetCounters } from '../support/counters';
import { databaseAnswered } from '../../src/database-trouble';
import { appAs, fakeSession } from '../support/fake-session';
import { loadDashboard } from './support';

beforeEach(resetBackends);

async function someFigures() {
  const db = getDb();
  await db.collection('followUps').add({
    status: 'scheduled',
    dueAt: Timestamp.fromMillis(Date.now() + 3600_000),
    customerName: 'Meera',
    note: 'Call back',
    channels: ['email'],
  });
  const batch = db.batch();
  for (let i = 0; i < 3; i++)
    addNotification(batch, { to: FOR_ADMINS, type: 'entry.pending', title: `N${i}`, message: '' });
  await batch.commit();
  await recomputeDashboard();
  // After the job, which rebuilds revenue from the entries.
  await db.collection('dashboardRevenue').doc('c1').set({ name: 'Ravi Dairy', amount: 5000 });
}

describe('GET /api/dashboard/all', () => {
  it("answers each dashboard route's answer, under its name", async () => {
    await someFigures();
    const app = appAs('admin');
    const parts = await loadDashboard(app);
    const myDay = await request(app).get('/api/dashboard/my-day');
    expect(myDay.status, myDay.text).toBe(200);
    clearDashboardCache();
    const res = await request(app).get('/api/dashboard/all?range=30d&days=3');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      overview: parts['/overview'],
      series: parts['/series?range=30d'],
      channelBreakdown: parts['/channel-breakdown'],
      recent: parts['/recent'],
      funnel: parts['/dashboard/funnel'],
      categories: parts['/dashboard/categories'],
      employees: parts['/dashboard/employees'],
      followUpsDue: parts['/followups/due?days=3'],
      notifications: parts['/notifications/latest'],
      myDay: myDay.body,
    });
    expect(res.body.overview.topCustomers).toEqual([{ name: 'Ravi Dairy', amount: 5000 }]);
    expect(res.body.followUpsDue).toHaveLength(1);
  });

  it('checks its parameters as their routes do, and needs a session', async () => {
    const app = appAs('sales');
    expect((await request(app).get('/api/dashboard/all?days=99')).status).toBe(400);
    expect((await request(app).get('/api/dashboard/all?range=x')).status).toBe(400);
    expect((await request(appAs(null)).get('/api/dashboard/all')).status).toBe(401);
  });

  it('a full load reads its data and one document for the session check', async () => {
    await someFigures();
    const token = await login(createApp(), await createAccount({ role: 'admin' }));
    // As the real session check does once its read is answered (session-middleware.ts): else a
    // load slower than the deadline's first look on a loaded machine has the health probe read
    // the database (health/database-deadline.ts), a read the signed-in loads never make.
    const fake = fakeSession('admin');
    const admin = () =>
      createApp({
        session: (req, res, next) => {
          databaseAnswered();
          fake(req, res, next);
        },
      });
    const readsOnce = async (call: () => Promise<{ status: number }>) => {
      clearDashboardCache();
      await resetCounters();
      expect((await call()).status).toBe(200);
      return (await readCounters()).reads;
    };
    // The fewer of two loads: a read of other work that lands in a load's window (a slow load's
    // database check on a loaded machine) only adds, and the load's own reads are the same.
    const readsOf = async (call: () => Promise<{ status: number }>) =>
      Math.min(await readsOnce(call), await readsOnce(call));
    // The first load keeps the lists it queries (top customers, follow-ups due), in a
    // transaction that may end after its answer: the second is sure to find them kept.
    await readsOf(() => request(admin()).get('/api/dashboard/all'));
    await readsOf(() => request(admin()).get('/api/dashboard/all'));
    const data = await readsOf(() => request(admin()).get('/api/dashboard/all'));
    const signedIn = await readsOf(() =>
      request(createApp())
        .get('/api/dashboard/all')
        .set(...bearer(token)),
    );
    expect(signedIn - data, `data ${data}, signed in ${signedIn}`).toBe(1);
    // summary, recent activity, the admins' feed and the kept lists (pending accounts' count
    // among them); and "my day" (my-day.test.ts): the two unread counters and the empty answers
    // of three queries (its month is the summary's). With the session's, 10 in all.
    expect(data).toBe(9);
  });
});
