// GET /notifications/latest through the HTTP app with notifications written by the real
// writers: admins see every one; an employee sees those addressed to them (audience 'user' with
// their userId), never the admins' ones or another employee's, from one feed document.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { dashboardJobs } from '../../src/app/dashboard-jobs';
import { FOR_ADMINS, type Recipient } from '../../src/domain/notifications/audience';
import { NOTIFICATION_FEEDS } from '../../src/domain/notifications/feed-docs';
import { addNotification, type Notice } from '../../src/domain/notifications/notice';
import { notifyAdmins } from '../../src/features/notifications/notify-admins';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { readCounters, resetCounters } from '../support/counters';
import { appAs } from '../support/fake-session';

const START = Date.UTC(2026, 5, 2, 9, 0);
let clock = START;
beforeEach(async () => {
  await resetBackends();
  clock = START;
  // One minute between writes: the feed's newest-first order is unambiguous.
  setClock(() => (clock += 60_000));
});
afterEach(() => setClock());

async function write(notice: Omit<Notice, 'type' | 'message'>): Promise<void> {
  const batch = getDb().batch();
  addNotification(batch, { ...notice, type: 'entry.pending', message: `${notice.title}.` });
  await batch.commit();
}

const titles = async (role: string) => {
  const res = await request(appAs(role)).get('/api/notifications/latest');
  expect(res.status).toBe(200);
  return (res.body as { title: string }[]).map((n) => n.title);
};

describe('GET /notifications/latest', () => {
  it('answers admins all, and each employee their own', async () => {
    await notifyAdmins({ title: 'For the admins', message: 'A new entry.', type: 'entry' });
    await write({ title: 'For sales', to: { userId: 'sales-uid' } });
    await write({ title: 'For accounts', to: { userId: 'accounts-uid' } });
    // A new account awaiting approval: about sales-uid, for the admins (accounts/register.ts).
    await write({ title: 'About sales', to: FOR_ADMINS, about: { userId: 'sales-uid' } });

    expect(await titles('admin')).toEqual([
      'About sales',
      'For accounts',
      'For sales',
      'For the admins',
    ]);
    expect(await titles('sales')).toEqual(['For sales']);
    expect(await titles('accounts')).toEqual(['For accounts']);

    const [mine] = (await request(appAs('sales')).get('/api/notifications/latest')).body as [
      unknown,
    ];
    expect(mine).toEqual({
      _id: expect.any(String),
      type: 'entry.pending',
      title: 'For sales',
      message: 'For sales.',
      text: 'For sales.',
      at: new Date(Date.UTC(2026, 5, 2, 9, 2)).toISOString(),
      time: new Date(Date.UTC(2026, 5, 2, 9, 2)).toISOString(),
      audience: 'user',
      userId: 'sales-uid',
    });
  });

  it('answers the newest 20 of 50 from one feed document, for admins and employees', async () => {
    // Mixed audiences, newest last: every third for sales, for accounts, for the admins (about
    // sales, as a registration is: still not for sales).
    const recipients: Recipient[] = [{ userId: 'sales-uid' }, { userId: 'accounts-uid' }];
    const written: { title: string; visibleTo: string[] }[] = [];
    for (let start = 0; start < 50; start += 10) {
      const batch = getDb().batch();
      for (let i = start; i < start + 10; i++) {
        const to = recipients[i % 3] ?? FOR_ADMINS;
        const title = `Notice ${i}`;
        addNotification(batch, {
          to,
          type: 'entry.pending',
          title,
          message: `${title}.`,
          about: to === FOR_ADMINS ? { userId: 'sales-uid' } : undefined,
        });
        const readers = typeof to === 'object' ? [to.userId] : [];
        written.push({ title, visibleTo: ['admin', ...readers.map((r) => r.replace('-uid', ''))] });
      }
      await batch.commit();
    }
    const newest20 = (role: string) =>
      written
        .filter((n) => n.visibleTo.includes(role))
        .map((n) => n.title)
        .reverse()
        .slice(0, 20);

    for (const [role, reads] of [
      ['admin', 1],
      ['sales', 1],
      ['accounts', 1],
    ] as const) {
      await resetCounters();
      expect(await titles(role)).toEqual(newest20(role));
      expect((await readCounters()).reads, role).toBe(reads);
    }
  });

  it('prunes a feed document read with over 40 items to 20; newer notifications still show', async () => {
    const sales = { userId: 'sales-uid' };
    for (let i = 0; i < 45; i++) await write({ title: `Old ${i}`, to: sales });
    const itemCount = async (feed: string) =>
      Object.keys(
        ((await getDb().collection(NOTIFICATION_FEEDS).doc(feed).get()).get('items') ??
          {}) as object,
      ).length;
    expect(await itemCount('user_sales-uid')).toBe(45);

    const before = await titles('sales');
    expect(before).toHaveLength(20);
    expect(before[0]).toBe('Old 44');
    expect(await itemCount('user_sales-uid')).toBeLessThanOrEqual(40);
    // Only the feed read is pruned: the admins' holds all 45 until an admin reads it.
    expect(await itemCount('admins')).toBe(45);

    await write({ title: 'After pruning', to: sales });
    expect(await titles('sales')).toEqual(['After pruning', ...before.slice(0, 19)]);
    expect(await titles('admin')).toEqual(['After pruning', ...before.slice(0, 19)]);
    expect(await itemCount('admins')).toBeLessThanOrEqual(40);
  });

  it('the dashboard job prunes every feed, read or not', async () => {
    for (let i = 0; i < 42; i++) await write({ title: `Mine ${i}`, to: { userId: 'sales-uid' } });
    const [job] = dashboardJobs;
    await job!.run();
    const feeds = await getDb().collection(NOTIFICATION_FEEDS).get();
    expect(feeds.docs.map((d) => d.id).sort()).toEqual(['admins', 'user_sales-uid']);
    for (const feed of feeds.docs)
      expect(Object.keys(feed.get('items') as object), feed.id).toHaveLength(20);
    expect((await titles('sales'))[0]).toBe('Mine 41');
  });
});
