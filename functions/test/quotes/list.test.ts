// GET /quotes: pages newest first with a cursor (every quote once, however the pages fall),
// filtered by customer, status (expired worked out from the validity) and the quote's date in
// the company's time zone; a bad cursor or date is a 400.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { customer, employee, sellerInMaharashtra } from './support';

const LINE = { name: 'Gasket set', hsn: '40169390', unit: 'Set', qty: 1, rate: 100, gstRate: 18 };

async function quoteAt(customerId: string, createdAt: string): Promise<string> {
  const res = await request(employee)
    .post('/api/quotes')
    .send({ customerId, lines: [LINE] });
  expect(res.status).toBe(201);
  const id = res.body._id as string;
  await getDb()
    .collection('quotes')
    .doc(id)
    .update({ createdAt: Timestamp.fromDate(new Date(createdAt)) });
  return id;
}

const list = (query: string) => request(employee).get(`/api/quotes?${query}`);

/** Every page of a query, following nextCursor. */
async function allPages(query: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = '';
  let pages = 0;
  while (cursor !== null) {
    const res = await list(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    ids.push(...(res.body.items as { _id: string }[]).map((q) => q._id));
    cursor = res.body.nextCursor as string | null;
    pages++;
  }
  return { ids, pages };
}

describe('GET /quotes', () => {
  let ravi: string;
  let asha: string;
  const made: string[] = [];

  beforeEach(async () => {
    await resetBackends();
    await sellerInMaharashtra();
    ravi = await customer({ names: ['Ravi Dairy'] });
    asha = await customer({ names: ['Asha Foods'] });
    made.length = 0;
    // Oldest first; 18:45 UTC on the 1st is the 2nd in India (UTC+5:30).
    made.push(await quoteAt(ravi, '2026-10-31T10:00:00Z'));
    made.push(await quoteAt(asha, '2026-11-01T10:00:00Z'));
    made.push(await quoteAt(ravi, '2026-11-01T18:45:00Z'));
    made.push(await quoteAt(ravi, '2026-11-02T12:00:00Z'));
    made.push(await quoteAt(asha, '2026-11-03T09:00:00Z'));
  });

  it('pages newest first with a cursor, each quote once', async () => {
    const { ids, pages } = await allPages('limit=2');
    expect(ids).toEqual([...made].reverse());
    expect(pages).toBe(3);
    const first = await list('limit=2');
    expect(first.body.items[0]).toMatchObject({ customerName: 'Asha Foods', status: 'draft' });
    expect((await allPages(`customerId=${ravi}&limit=1`)).ids).toEqual(
      [made[0], made[2], made[3]].reverse(),
    );
  });

  it("filters by the quote's date in the company's time zone", async () => {
    expect((await allPages('from=2026-11-02&to=2026-11-02&limit=5')).ids).toEqual([
      made[3],
      made[2],
    ]);
    expect((await allPages('from=2026-11-02&limit=1')).ids).toEqual([made[4], made[3], made[2]]);
    expect((await allPages('to=2026-11-01&limit=5')).ids).toEqual([made[1], made[0]]);
  });

  it('filters by status, an expired quote being a draft or sent one past its validity', async () => {
    await getDb().collection('quotes').doc(made[1]).update({ validUntil: '2020-01-01' });
    await getDb().collection('quotes').doc(made[3]).update({ status: 'declined' });
    expect((await allPages('status=expired&limit=1')).ids).toEqual([made[1]]);
    expect((await allPages('status=declined')).ids).toEqual([made[3]]);
    expect((await allPages('status=draft&limit=2')).ids).toEqual([made[4], made[2], made[0]]);
    expect((await allPages(`status=draft&customerId=${asha}`)).ids).toEqual([made[4]]);
  });

  it('refuses a bad cursor, date, status or limit with a 400 naming it', async () => {
    const cursor = await list('cursor=not-a-cursor');
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toMatch(/cursor/i);
    for (const [query, field] of [
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['status=lost', 'status'],
      ['limit=500', 'limit'],
    ]) {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});
