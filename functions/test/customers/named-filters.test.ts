// The customer list's filters answered by other collections (issue 45): contactedFrom /
// contactedTo, days on the company's clocks, read from the conversation summaries' newest
// message, and tag, read from the customer's entries; with the other filters, every sort,
// cursors and the export; bad values are a 400 naming the field.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { EMPLOYEE } from '../support/callers';
import { seedEntries } from '../entries/support';
import { appAs, listedNames, mobile, seedCustomers } from './support';

const admin = appAs('admin');
const SALES = { _id: EMPLOYEE.uid, name: EMPLOYEE.name };

/** The customer's conversation's newest message was at `iso` (as a message writes it). */
const contactedAt = (customerId: string, iso: string) =>
  getDb()
    .collection('conversations')
    .doc(customerId)
    .set({ customerId, lastAt: Timestamp.fromDate(new Date(iso)), ownerId: '' });

const names = (query: Record<string, string>) => listedNames(admin, query);

describe('GET /customers?contactedFrom=&contactedTo=', () => {
  let ids: string[];
  beforeAll(async () => {
    await resetBackends();
    ids = await seedCustomers([
      { names: ['Asha'], phones: [mobile(1)], categories: ['PHE'], owner: SALES },
      { names: ['Bala'], phones: [mobile(2)], categories: ['PP'] },
      { names: ['Chitra'], phones: [mobile(3)], categories: ['PHE'], potential: 'HOT' },
      { names: ['Dev'], phones: [mobile(4)], categories: ['PHE'] },
      { names: ['Esha'], phones: [mobile(5)] },
    ]);
    // 10 Mar 00:10 in India is still 9 Mar in UTC: days are the company's.
    await contactedAt(ids[0], '2026-03-09T18:40:00Z');
    await contactedAt(ids[1], '2026-03-12T10:00:00Z');
    await contactedAt(ids[2], '2026-03-20T10:00:00Z');
    await contactedAt(ids[3], '2026-03-09T18:20:00Z');
  });

  it('lists the customers last contacted on those days (company time zone)', async () => {
    expect(await names({ contactedFrom: '2026-03-10', contactedTo: '2026-03-12' })).toEqual([
      'Asha',
      'Bala',
    ]);
    expect(await names({ contactedTo: '2026-03-09' })).toEqual(['Dev']);
    expect(await names({ contactedFrom: '2026-03-10' })).toEqual(['Asha', 'Bala', 'Chitra']);
    expect(await names({ contactedFrom: '2026-04-01' })).toEqual([]);
  });

  it('combines with categories, potential, owner and a search, in every order, by pages', async () => {
    const march = { contactedFrom: '2026-03-01', contactedTo: '2026-03-31' };
    expect(await names({ ...march, categories: 'PHE' })).toEqual(['Asha', 'Chitra', 'Dev']);
    expect(await names({ ...march, categories: 'PHE', potential: 'HOT' })).toEqual(['Chitra']);
    expect(await names({ ...march, owner: 'none', q: 'chi' })).toEqual(['Chitra']);
    expect(await names({ ...march, owner: EMPLOYEE.uid })).toEqual(['Asha']);
    const byName = await request(admin)
      .get('/api/customers')
      .query({ ...march, sort: 'name', dir: 'desc', limit: '3' });
    expect(byName.body.items.map((c: { names: string[] }) => c.names[0])).toEqual([
      'Dev',
      'Chitra',
      'Bala',
    ]);
    expect(byName.body.total).toBe(4);
    const next = await request(admin)
      .get('/api/customers')
      .query({ ...march, sort: 'name', dir: 'desc', limit: '3', cursor: byName.body.nextCursor });
    expect(next.body.items.map((c: { names: string[] }) => c.names[0])).toEqual(['Asha']);
    expect(next.body.nextCursor).toBeNull();

    const csv = await request(admin)
      .get('/api/customers/export.csv')
      .query({ contactedFrom: '2026-03-15' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Chitra');
    expect(csv.text).not.toContain('Bala');
  });

  it('refuses a bad day or reversed days with a 400 naming the field', async () => {
    const bad = await request(admin).get('/api/customers').query({ contactedFrom: '9 Mar' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('contactedFrom');
    const reversed = await request(admin)
      .get('/api/customers')
      .query({ contactedFrom: '2026-03-10', contactedTo: '2026-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toContain('contactedTo');
  });

  it("filters by a tag of the customer's entries (any case), alone and with the dates", async () => {
    await seedEntries(ids[0], 2, (i) => ({ tags: i === 0 ? ['Diwali Lead'] : ['expo'] }));
    await seedEntries(ids[2], 1, () => ({ tags: ['diwali lead'] }));
    await seedEntries(ids[4], 1, () => ({ tags: ['expo'] }));
    expect(await names({ tag: 'diwali lead' })).toEqual(['Asha', 'Chitra']);
    expect(await names({ tag: 'EXPO' })).toEqual(['Asha', 'Esha']);
    expect(await names({ tag: 'expo', contactedFrom: '2026-03-01' })).toEqual(['Asha']);
    expect(await names({ tag: 'Diwali Lead', potential: 'HOT' })).toEqual(['Chitra']);
    expect(await names({ tag: 'nobody has it' })).toEqual([]);
    const long = await request(admin)
      .get('/api/customers')
      .query({ tag: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('tag');
  });
});
