// The dashboard's kept lists (domain/figures/kept-lists.ts): the follow-ups due and the top
// customers are answered from one kept document, and every write that changes them is seen by
// the very next read: a follow-up scheduled, renamed with its customer, sent, or gone with its
// entry; a confirmed order's revenue. A read that raced a write does not keep its answer.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { keptLists, touchKeptList } from '../../src/domain/figures/kept-lists';
import { clearDashboardCache } from '../../src/features/dashboard/read';
import { sendDueFollowUps } from '../../src/features/followups/send-due';
import { getDb } from '../../src/firebase';
import { appAs, readCounters, resetCounters, useEntriesWorld } from '../entries/support';

const employee = appAs('employee');
const admin = appAs('admin');
const DAY = 86_400_000;
// 2026-06-01 10:00 in Kolkata.
const START = Date.UTC(2026, 5, 1, 4, 30);
let clock = START;

beforeEach(() => {
  clock = START;
  setClock(() => clock);
});
afterEach(() => setClock());
const world = useEntriesWorld();

const due = async () => {
  const res = await request(employee).get('/api/followups/due?days=3');
  expect(res.status, res.text).toBe(200);
  return res.body as { customerName: string; note: string }[];
};

async function entryWithFollowUp(note: string): Promise<string> {
  const entry = await request(employee)
    .post('/api/entries')
    .send({ customer: world.ravi, description: 'Quoted' });
  expect(entry.status, entry.text).toBe(201);
  const id = entry.body._id as string;
  const followUp = await request(employee)
    .post(`/api/entries/${id}/followup`)
    .send({ days: 1, note, send: { email: { subject: 'Following up', text: note } } });
  expect(followUp.status, followUp.text).toBe(201);
  return id;
}

describe('the dashboard’s kept lists', () => {
  it('follow-ups due: each change is seen by the next read, and an unchanged list costs one read', async () => {
    expect(await due()).toEqual([]);
    const id = await entryWithFollowUp('Call about the chairs');
    expect(await due()).toMatchObject([
      { customerName: 'Ravi Sharma', note: 'Call about the chairs' },
    ]);

    await resetCounters();
    expect(await due()).toHaveLength(1);
    expect((await readCounters()).reads).toBe(1);

    const renamed = await request(employee)
      .put(`/api/customers/${world.ravi}`)
      .send({ names: ['Ravi S. Sharma'] });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await due()).toMatchObject([{ customerName: 'Ravi S. Sharma' }]);

    const gone = await request(admin).delete(`/api/entries/${id}`);
    expect(gone.status, gone.text).toBe(200);
    expect(await due()).toEqual([]);

    await entryWithFollowUp('Ask about delivery');
    expect(await due()).toHaveLength(1);
    clock += 1 * DAY + 1000;
    expect((await sendDueFollowUps()).claimed).toBe(1);
    expect(await due()).toEqual([]);
  });

  it('top customers follow a confirmed order at once', async () => {
    const top = async () => {
      clearDashboardCache();
      const res = await request(admin).get('/api/overview');
      expect(res.status, res.text).toBe(200);
      return res.body.topCustomers as { name: string; amount: number }[];
    };
    expect(await top()).toEqual([]);
    const order = await request(admin)
      .post('/api/entries')
      .send({ customer: world.ravi, description: 'Order', amount: 50_000, process: 'Closing' });
    expect(order.status, order.text).toBe(201);
    const confirmed = await request(admin).post(`/api/entries/${order.body._id}/confirm`);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await top()).toEqual([{ name: 'Ravi Sharma', amount: 50_000 }]);
  });

  it('a read that a write overtook answers the query but does not keep it', async () => {
    const db = getDb();
    let queries = 0;
    const query = async () => {
      queries++;
      // A follow-up write commits while the query runs.
      const batch = db.batch();
      touchKeptList(batch, 'followUpsDue', db);
      await batch.commit();
      return [{ n: queries }];
    };
    expect(await keptLists().read('followUpsDue', 'k', query)).toEqual([{ n: 1 }]);
    // Not kept: the next read queries again; once nothing moves, the answer is kept.
    const steady = async () => [{ n: 'steady' }];
    expect(await keptLists().read('followUpsDue', 'k', steady)).toEqual([{ n: 'steady' }]);
    expect(await keptLists().read('followUpsDue', 'k', query)).toEqual([{ n: 'steady' }]);
    expect(queries).toBe(1);
    // Another key (the next company day) is not answered from the kept one.
    expect(await keptLists().read('followUpsDue', 'k2', steady)).toEqual([{ n: 'steady' }]);
  });
});
