// GET /api/entries: the plain array, pages with cursors, every filter, and bounded reads
// (the embedded Firestore's billing counters) over a few thousand entries.
import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { recomputeDashboard } from '../../src/features/dashboard/recompute';
import { resetBackends } from '../support/backends';
import {
  appAs,
  EMPLOYEE,
  readCounters,
  resetCounters,
  seedCustomer,
  seedEntries,
  seedPeople,
  seedUser,
} from './support';

const employee = appAs('employee');
const outsider = appAs('outsider');

let ravi: string;
let meera: string;
const BULK = 3000;
const DAY = 86_400_000;

beforeAll(async () => {
  await resetBackends();
  await seedPeople();
  await seedUser('kavya-uid', { fullName: 'Kavya Accounts', email: 'kavya@example.in' });
  ravi = await seedCustomer({
    names: ['Ravi Sharma', 'Sharma Dairy'],
    phones: ['+919812345678'],
    emails: ['ravi@example.in'],
  });
  meera = await seedCustomer({
    names: ['Meera Iyer'],
    phones: ['+919900011122'],
    emails: ['meera@agro.in'],
  });
  // The bulk: Ravi's manual calls, one a minute from 2026-01-01 00:00 UTC.
  await seedEntries(ravi, BULK);
  // A few distinct ones, in March 2026 (newest of all).
  const march = Date.UTC(2026, 2, 10, 6);
  await seedEntries(
    meera,
    6,
    (i) =>
      [
        { description: 'Quoted stainless steel tank', tags: ['urgent'], channel: 'email' },
        {
          description: 'Pasteurizer site visit',
          tags: ['site-visit'],
          channel: 'whatsapp',
          status: 'confirmed',
        },
        { description: 'Steel pump follow up', channel: 'multiple', status: 'approved' },
        {
          description: 'Payment reminder',
          employee: { _id: 'kavya-uid', name: 'Kavya Accounts', email: 'kavya@example.in' },
          status: 'confirmed',
        },
        { description: 'Cancelled order', status: 'cancelled', tags: ['urgent'] },
        {
          description: 'Tank quotation revised',
          channel: 'email',
          createdAt: Timestamp.fromMillis(march + 5 * DAY),
        },
      ][i],
    march,
  );
}, 120_000);

const list = (query: string) => request(employee).get(`/api/entries${query}`);
const descriptions = (body: { items: { description: string }[] }) =>
  body.items.map((i) => i.description);

describe('GET /api/entries', () => {
  it('answers the newest 200 as a plain array without parameters', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(200);
    expect(res.body[0].description).toBe('Tank quotation revised');
    const times = res.body.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body[0]).not.toHaveProperty('searchKeys');
  });

  it('pages with a cursor: every entry once, newest first, with totals', async () => {
    const first = await list('?status=confirmed&limit=1');
    expect(first.body).toMatchObject({ total: 2, confirmed: 2 });
    expect(descriptions(first.body)).toEqual(['Payment reminder']);
    const second = await list(`?status=confirmed&limit=1&cursor=${first.body.nextCursor}`);
    expect(descriptions(second.body)).toEqual(['Pasteurizer site visit']);
    expect(second.body.nextCursor).toBeNull();

    const seen = new Set<string>();
    let cursor = '';
    for (let page = 0; page < 40; page++) {
      const res = await list(`?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.body.total).toBe(BULK + 6);
      expect(res.body.confirmed).toBe(2);
      for (const item of res.body.items) seen.add(item._id);
      if (!res.body.nextCursor) break;
      cursor = res.body.nextCursor;
    }
    expect(seen.size).toBe(BULK + 6);
  });

  it('filters by name, phone, email, tag, channel, status and employee', async () => {
    expect((await list('?name=meera')).body.total).toBe(6);
    expect((await list('?name=sharma dai&limit=1')).body.total).toBe(BULK);
    expect((await list('?phone=99000 111')).body.total).toBe(6);
    expect((await list('?phone=+91 99000')).body.total).toBe(6);
    expect((await list('?email=meera@agr')).body.total).toBe(6);
    expect(descriptions((await list('?tag=URGENT')).body)).toEqual([
      'Cancelled order',
      'Quoted stainless steel tank',
    ]);
    expect(descriptions((await list('?channel=email')).body)).toEqual([
      'Tank quotation revised',
      'Quoted stainless steel tank',
    ]);
    // 'other' is everything sent on neither channel (manual and other); 'manual' says so.
    expect((await list('?channel=other&limit=1')).body.total).toBe(BULK + 2);
    const manual = await list('?channel=manual&limit=5');
    expect(manual.body.items.map((e: { channel: string }) => e.channel)).toEqual(
      Array(5).fill('manual'),
    );
    expect(descriptions((await list('?channel=manual&name=meera')).body)).toEqual([
      'Cancelled order',
      'Payment reminder',
    ]);
    expect(descriptions((await list('?employee=kavya-uid')).body)).toEqual(['Payment reminder']);
    expect(descriptions((await list('?employee=kavya')).body)).toEqual(['Payment reminder']);
    expect((await list(`?employee=${EMPLOYEE.uid}&limit=1`)).body.total).toBe(BULK + 5);
  });

  it('searches description words, names and phones with q', async () => {
    expect(descriptions((await list('?q=tank')).body)).toEqual([
      'Tank quotation revised',
      'Quoted stainless steel tank',
    ]);
    expect(descriptions((await list('?q=steel tank')).body)).toEqual([
      'Quoted stainless steel tank',
    ]);
    expect((await list('?q=meera')).body.total).toBe(6);
    expect((await list('?q=9900011122')).body.total).toBe(6);
    expect((await list('?q=%25%25')).body).toMatchObject({ items: [], total: 0 });
    expect((await list('?name=%25%25')).body).toMatchObject({ items: [], total: 0 });
    // A phone still being typed (under 3 digits) filters nothing yet.
    expect((await list('?phone=9&limit=1')).body.total).toBe(BULK + 6);
  });

  it('combines filters and dates (company days, inclusive)', async () => {
    expect(descriptions((await list('?tag=urgent&channel=email')).body)).toEqual([
      'Quoted stainless steel tank',
    ]);
    expect(descriptions((await list('?phone=9900011122&tag=urgent')).body)).toEqual([
      'Cancelled order',
      'Quoted stainless steel tank',
    ]);
    const march15 = await list('?from=2026-03-15&to=2026-03-15');
    expect(descriptions(march15.body)).toEqual(['Tank quotation revised']);
    expect((await list('?from=2026-03-01')).body.total).toBe(6);
    expect((await list('?to=2026-01-01&limit=1')).body.total).toBe(18 * 60 + 30);
  });

  it('refuses bad parameters', async () => {
    const channel = await list('?channel=fax');
    expect(channel.status).toBe(400);
    expect(channel.body.message).toMatch(/^channel: Channel must be one of/);
    expect((await list('?limit=500')).body.message).toBe('limit: Limit must be at most 200');
    expect((await list('?from=2026-13-01')).body.message).toBe(
      'from: From must be a date like 2026-03-01',
    );
    // As the customers list does.
    const backwards = await list('?from=2026-03-15&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('to: The end date is before the start date');
    expect((await list('?cursor=garbage')).body.message).toBe(
      'Invalid cursor: start again from the first page',
    );
  });

  it('reads a bounded number of documents per page', async () => {
    for (const query of ['?limit=50', '?channel=manual&limit=50', '?name=ravi&limit=50']) {
      await resetCounters();
      const res = await list(query);
      expect(res.body.items).toHaveLength(50);
      const { reads } = await readCounters();
      // A page of 50 (+1 to know there is more), two counts billed per 1,000 index entries,
      // the employee lookup.
      expect(reads, query).toBeLessThanOrEqual(2 * 50 + 10);
    }
    // A second page reads the same.
    const first = await list('?limit=50');
    await resetCounters();
    await list(`?limit=50&cursor=${first.body.nextCursor}`);
    expect((await readCounters()).reads).toBeLessThanOrEqual(2 * 50 + 10);
  });

  it('keeps reads bounded when a filter is checked on the documents', async () => {
    await resetCounters();
    // Two text filters: the index takes the phone (3,000 of Ravi's), the name is checked on
    // what it returns (none is Meera's).
    const res = await list('?phone=9812345678&name=meera&limit=50');
    expect(res.body.items).toEqual([]);
    expect((await readCounters()).reads).toBeLessThanOrEqual(1_000 + 10);
    expect(res.body.nextCursor).not.toBeNull();
    expect(res.body.totalIsEstimate).toBe(true);
    // Few candidates: all checked, exact counts.
    const exact = await list('?tag=urgent&name=meera');
    expect(exact.body).toMatchObject({ total: 2, confirmed: 0, nextCursor: null });
    expect(exact.body.totalIsEstimate).toBeUndefined();
  });

  it("takes unfiltered totals from the dashboard's counters, not two counts", async () => {
    // The counters move in every write's transaction; here the seed bypassed them: the job
    // sets them from the documents.
    await recomputeDashboard();
    await resetCounters();
    const res = await list('?limit=50');
    expect(res.body).toMatchObject({ total: BULK + 6, confirmed: 2 });
    // 51 documents and the summary, where counting 3,006 entries and the confirmed ones bills 5.
    expect((await readCounters()).reads).toBe(51 + 1);
  });

  it('is for callers with entries.read', async () => {
    const res = await request(outsider).get('/api/entries');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Access denied (needs the entries.read permission).');
  });
});
