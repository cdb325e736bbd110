// Entries keep a copy of their customer and search keys built from it: editing or merging the
// customer refreshes them on every entry of the customer, in batches (over a thousand entries
// here, several commits), so the Entries filters find the customer's new phone, not the old.
// Follow-ups keep the customer's display name, which an edit of that name refreshes the same way.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import {
  appAs,
  readCounters,
  resetCounters,
  seedCustomer,
  seedEntries,
  seedPeople,
} from './support';

const employee = appAs('employee');
const MANY = 1_100;

const page = async (query: string) => {
  const res = await request(employee).get(`/api/entries?${query}&limit=5`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    total: number;
    items: { customer: { names: string[]; phones: string[] } }[];
  };
};

/** Follow-ups written straight to Firestore, due in a month (after the due list's window). */
async function seedFollowUps(customerId: string, customerName: string, count: number) {
  const db = getDb();
  const dueAt = Timestamp.fromMillis(Date.now() + 30 * 86_400_000);
  for (let i = 0; i < count; i += 400) {
    const batch = db.batch();
    for (let j = i; j < Math.min(count, i + 400); j++)
      batch.set(db.collection('followUps').doc(), {
        customerId,
        customerName,
        status: 'scheduled',
        dueAt,
        note: `Call ${j}`,
        channels: [],
      });
    await batch.commit();
  }
}

const followUpNames = async (customerId: string) =>
  (await getDb().collection('followUps').where('customerId', '==', customerId).get()).docs.map(
    (doc) => doc.get('customerName') as string,
  );

let ravi: string;

beforeEach(async () => {
  await resetBackends();
  await seedPeople();
  ravi = await seedCustomer({
    names: ['Ravi Sharma'],
    phones: ['+919812345678'],
    emails: ['ravi@example.in'],
  });
});

describe('editing a customer', () => {
  // 1,100 entries written and rewritten: slow when the machine is busy with other test files.
  it('refreshes the copy and search keys on all of its entries', { timeout: 60_000 }, async () => {
    await seedEntries(ravi, MANY);
    expect((await page('phone=9812345678')).total).toBe(MANY);

    const res = await request(employee)
      .put(`/api/customers/${ravi}`)
      .send({ names: ['Ravi Kumar Sharma'], phones: ['+919900011122'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const byNewPhone = await page('phone=9900011122');
    expect(byNewPhone.total).toBe(MANY);
    expect(byNewPhone.items[0].customer).toMatchObject({
      names: ['Ravi Kumar Sharma'],
      phones: ['+919900011122'],
    });
    expect((await page('phone=9812345678')).total).toBe(0);
    expect((await page('name=ravi kumar')).total).toBe(MANY);
    expect((await page('q=ravi%20kumar')).total).toBe(MANY);
    // Untouched: the email still finds them.
    expect((await page('email=ravi@example.in')).total).toBe(MANY);
  });

  it('leaves the entries alone when the copy does not change (a note edit)', async () => {
    await seedEntries(ravi, 50);
    await resetCounters();
    const res = await request(employee)
      .put(`/api/customers/${ravi}`)
      .send({ note: 'Call after 5' });
    expect(res.status).toBe(200);
    // The customer and its keys only: its 50 entries are neither read nor written.
    const { reads, writes } = await readCounters();
    expect(reads).toBeLessThan(10);
    expect(writes).toBeLessThan(10);
  });

  it("refreshes a merge primary's own entries with the merged phones", async () => {
    const sharmaDairy = await seedCustomer({ names: ['Sharma Dairy'], phones: ['+919833333333'] });
    await seedEntries(ravi, 2);
    await seedEntries(sharmaDairy, 2);

    const res = await request(employee)
      .post('/api/customers/merge')
      .send({ primaryId: ravi, mergeIds: [sharmaDairy] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // All four entries (Ravi's own and the moved ones) are found by either phone.
    expect((await page('phone=9833333333')).total).toBe(4);
    expect((await page('phone=9812345678')).total).toBe(4);
    expect((await page('name=sharma dairy')).total).toBe(4);
  });
});

describe("editing a customer's name", () => {
  it('shows the new name on all of its follow-ups, in the due list too', async () => {
    const [entryId] = await seedEntries(ravi, 1);
    const scheduled = await request(employee)
      .post(`/api/entries/${entryId}/followup-days`)
      .send({ days: 1, note: 'Ask about the order' });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    expect(scheduled.body.customerName).toBe('Ravi Sharma');
    // More than one page of follow-ups (several commits).
    await seedFollowUps(ravi, 'Ravi Sharma', 460);

    const res = await request(employee)
      .put(`/api/customers/${ravi}`)
      .send({ names: ['Ravi Kumar Sharma', 'Ravi Sharma'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const due = await request(employee).get('/api/followups/due');
    expect(due.status).toBe(200);
    expect(due.body).toEqual([
      expect.objectContaining({ customerName: 'Ravi Kumar Sharma', note: 'Ask about the order' }),
    ]);
    const names = await followUpNames(ravi);
    expect(names).toHaveLength(461);
    expect(new Set(names)).toEqual(new Set(['Ravi Kumar Sharma']));
  });

  it('falls back to the first phone when the customer has no name left', async () => {
    await seedFollowUps(ravi, 'Ravi Sharma', 2);
    const res = await request(employee).put(`/api/customers/${ravi}`).send({ names: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await followUpNames(ravi)).toEqual(['+919812345678', '+919812345678']);
  });

  it('leaves the follow-ups alone when the name stays (a phone edit)', async () => {
    await seedFollowUps(ravi, 'Ravi Sharma', 50);
    await resetCounters();
    const res = await request(employee)
      .put(`/api/customers/${ravi}`)
      .send({ phones: ['+919900011122'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The customer, its keys and its (no) entries: the 50 follow-ups are neither read nor written.
    const { reads, writes } = await readCounters();
    expect(reads).toBeLessThan(10);
    expect(writes).toBeLessThan(10);
    expect(new Set(await followUpNames(ravi))).toEqual(new Set(['Ravi Sharma']));
  });
});
