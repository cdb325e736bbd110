// GET /notifications/latest through the HTTP app with notifications written by the real
// writers: admins see every one; an employee sees those addressed to them (audience 'user' with
// their userId) or to everyone, never the admins' ones or another employee's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { FOR_EVERYONE } from '../../src/features/notifications/audience';
import { requiredNotificationIndexes } from '../../src/features/notifications/indexes';
import { addNotification, type Notice } from '../../src/features/notifications/notice';
import { notifyAdmins } from '../../src/features/notifications/notify-admins';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
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
  addNotification(batch, { ...notice, type: 'test', message: `${notice.title}.` });
  await batch.commit();
}

const titles = async (role: string) => {
  const res = await request(appAs(role)).get('/api/notifications/latest');
  expect(res.status).toBe(200);
  return (res.body as { title: string }[]).map((n) => n.title);
};

describe('GET /notifications/latest', () => {
  it('answers admins all, and each employee their own and everyone’s', async () => {
    await notifyAdmins({ title: 'For the admins', message: 'A new entry.', type: 'entry' });
    await write({ title: 'For sales', to: { userId: 'sales-uid' } });
    await write({ title: 'For accounts', to: { userId: 'accounts-uid' } });
    await write({ title: 'For everyone', to: FOR_EVERYONE });
    // A new account awaiting approval: about sales-uid, for the admins (accounts/register.ts).
    await getDb()
      .collection('notifications')
      .add({
        type: 'user.pending',
        title: 'About sales',
        message: '',
        audience: 'admins',
        userId: 'sales-uid',
        at: new Date(clock + 60_000),
      });

    expect(await titles('admin')).toEqual([
      'About sales',
      'For everyone',
      'For accounts',
      'For sales',
      'For the admins',
    ]);
    expect(await titles('sales')).toEqual(['For everyone', 'For sales']);
    expect(await titles('accounts')).toEqual(['For everyone', 'For accounts']);

    const [mine] = (await request(appAs('sales')).get('/api/notifications/latest')).body as [
      unknown,
    ];
    expect(mine).toEqual({
      _id: expect.any(String),
      type: 'test',
      title: 'For everyone',
      message: 'For everyone.',
      text: 'For everyone.',
      at: new Date(Date.UTC(2026, 5, 2, 9, 4)).toISOString(),
      time: new Date(Date.UTC(2026, 5, 2, 9, 4)).toISOString(),
      audience: 'all',
    });
  });

  it('firestore.indexes.json lists the indexes an employee’s reads need', () => {
    const file = JSON.parse(
      readFileSync(path.join(__dirname, '../../../firestore.indexes.json'), 'utf8'),
    ) as { indexes: unknown[] };
    const listed = new Set(file.indexes.map((i) => JSON.stringify(i)));
    const required = requiredNotificationIndexes();
    expect(required).toHaveLength(4);
    for (const index of required)
      expect(listed.has(JSON.stringify(index)), JSON.stringify(index)).toBe(true);
  });
});
