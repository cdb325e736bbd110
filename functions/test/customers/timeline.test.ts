import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs, readCounters, resetCounters, seedCustomers } from './support';

const employee = appAs('employee');
const noCustomers = appAs('outsider');
const BASE = Date.UTC(2026, 0, 10, 9, 0, 0);

let customerId = '';
let otherId = '';
/** Every timeline item of the customer, newest first, as `kind:id`. */
const expected: string[] = [];

/** Writes an entry or a follow-up straight to Firestore, `minutes` after BASE. */
async function seed(kind: 'entry' | 'followUp', id: string, owner: string, at: Timestamp) {
  const collection = kind === 'entry' ? 'entries' : 'followUps';
  const data =
    kind === 'entry'
      ? {
          customerId: owner,
          customer: { names: ['Ravi'], phones: [], emails: [], categories: [], potential: '' },
          description: `entry ${id}`,
          status: 'pending',
          channel: 'whatsapp',
          dispatch: { whatsapp: { to: ['+919876543210'], status: 'delivered', at } },
          attachments: [
            {
              name: 'quote.pdf',
              url: '/api/files/uploads/f1',
              mimetype: 'application/pdf',
              size: 10,
            },
          ],
          createdAt: at,
        }
      : {
          customerId: owner,
          entryId: 'e0',
          customerName: 'Ravi',
          note: `follow-up ${id}`,
          days: 3,
          channels: ['email'],
          status: 'sent',
          results: { email: { status: 'sent', at } },
          dueAt: at,
          sentAt: at,
          byName: 'Asha',
          baseUrl: 'http://internal',
          createdAt: at,
        };
  await getDb().collection(collection).doc(id).set(data);
}

beforeAll(async () => {
  await resetBackends();
  [customerId, otherId] = await seedCustomers([{ names: ['Ravi'] }, { names: ['Meena'] }]);
  const items: { kind: 'entry' | 'followUp'; id: string; at: Timestamp }[] = [];
  for (let i = 0; i < 7; i++)
    items.push({ kind: 'entry', id: `e${i}`, at: Timestamp.fromMillis(BASE + i * 60_000) });
  for (let i = 0; i < 5; i++)
    items.push({ kind: 'followUp', id: `f${i}`, at: Timestamp.fromMillis(BASE + i * 90_000) });
  // Same second, different sub-millisecond times: a cursor that rounded would skip one.
  items.push({ kind: 'entry', id: 'fine-a', at: new Timestamp(BASE / 1000 + 30, 500_100) });
  items.push({ kind: 'entry', id: 'fine-b', at: new Timestamp(BASE / 1000 + 30, 500_300) });
  for (const item of items) await seed(item.kind, item.id, customerId, item.at);
  await seed('entry', 'other-entry', otherId, Timestamp.fromMillis(BASE + 3_600_000));
  items.sort(
    (a, b) =>
      b.at.seconds - a.at.seconds ||
      b.at.nanoseconds - a.at.nanoseconds ||
      a.kind.localeCompare(b.kind) ||
      (a.id < b.id ? 1 : -1),
  );
  expected.push(...items.map((item) => `${item.kind}:${item.id}`));
});

describe('GET /customers/:id', () => {
  it('answers the customer, 404 for an unknown id', async () => {
    const res = await request(employee).get(`/api/customers/${customerId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: customerId, names: ['Ravi'] });
    const missing = await request(employee).get('/api/customers/nobody');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Customer not found');
  });

  it('needs customers.read', async () => {
    const res = await request(noCustomers).get(`/api/customers/${customerId}`);
    expect(res.status).toBe(403);
  });
});

describe('GET /customers/:id/timeline', () => {
  it('pages through entries and follow-ups newest first, reading at most 2× the page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      await resetCounters();
      const res = await request(employee)
        .get(`/api/customers/${customerId}/timeline`)
        .query({ limit: 4, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect((await readCounters()).reads).toBeLessThanOrEqual(8);
      expect(res.body.items.length).toBeLessThanOrEqual(4);
      seen.push(...res.body.items.map((i: { kind: string; _id: string }) => `${i.kind}:${i._id}`));
      cursor = res.body.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(expected);
  });

  it('answers each entry with its messages and files, each follow-up with its outcome', async () => {
    const res = await request(employee).get(`/api/customers/${customerId}/timeline?limit=50`);
    expect(res.body.nextCursor).toBeNull();
    const entry = res.body.items.find((i: { _id: string }) => i._id === 'e1');
    expect(entry).toMatchObject({
      kind: 'entry',
      at: new Date(BASE + 60_000).toISOString(),
      entry: {
        _id: 'e1',
        description: 'entry e1',
        dispatch: { whatsapp: { status: 'delivered' } },
        attachments: [{ name: 'quote.pdf' }],
      },
    });
    const followUp = res.body.items.find((i: { _id: string }) => i._id === 'f2');
    expect(followUp).toMatchObject({
      kind: 'followUp',
      followUp: { status: 'sent', note: 'follow-up f2', results: { email: { status: 'sent' } } },
    });
    expect(followUp.followUp).not.toHaveProperty('baseUrl');
    expect(res.body.items.some((i: { _id: string }) => i._id === 'other-entry')).toBe(false);
  });

  it('refuses a bad cursor or limit with 400, and answers an empty page for no history', async () => {
    const bad = await request(employee).get(`/api/customers/${customerId}/timeline?cursor=xyz`);
    expect(bad.status).toBe(400);
    const tooMany = await request(employee).get(`/api/customers/${customerId}/timeline?limit=51`);
    expect(tooMany.status).toBe(400);
    const [quiet] = await seedCustomers([{ names: ['Quiet'] }]);
    const empty = await request(employee).get(`/api/customers/${quiet}/timeline`);
    expect(empty.body).toEqual({ items: [], nextCursor: null });
  });
});
