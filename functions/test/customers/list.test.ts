import type { Express } from 'express';
import type { DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { POTENTIALS } from '../../src/domain/customers/constants';
import { recomputeDashboard } from '../../src/features/dashboard/recompute';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs, mobile, readCounters, resetCounters, seedCustomers } from './support';

const employee = appAs('employee');

const FIRST = ['Aarav', 'vivaan', 'Äditya', 'Diya', 'Ishaan', 'meera', 'Rohan', 'Priya', 'Kabir'];
const LAST = ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Desai'];
const BASE = Date.UTC(2026, 1, 1, 6, 0, 0);
const HOUR = 3_600_000;

interface Stored {
  id: string;
  data: DocumentData;
}

async function storedCustomers(): Promise<Stored[]> {
  const snapshot = await getDb().collection('customers').get();
  return snapshot.docs.map((d) => ({ id: d.id, data: d.data() }));
}

const SORT_KEY: Record<string, (d: DocumentData) => string | number> = {
  name: (d) => d.nameSort,
  phone: (d) => d.phoneSort,
  email: (d) => d.emailSort,
  potential: (d) => d.potentialRank,
  createdAt: (d) => d.createdAt.toMillis(),
};

function expectedOrder(all: Stored[], sort: string, dir: 'asc' | 'desc'): string[] {
  const key = SORT_KEY[sort];
  const sign = dir === 'asc' ? 1 : -1;
  const cmp = (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number'
      ? a - b
      : Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
  return [...all]
    .sort((a, b) => sign * (cmp(key(a.data), key(b.data)) || cmp(a.id, b.id)))
    .map((c) => c.id);
}

/** Follows nextCursor to the end; returns every id in order and the totals seen. */
async function pageThrough(app: Express, query: Record<string, string>, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await request(app)
      .get('/api/customers')
      .query({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.items.map((c: { _id: string }) => c._id));
    totals.add(res.body.total);
    cursor = res.body.nextCursor ?? undefined;
    pages++;
    expect(pages).toBeLessThan(1000);
  } while (cursor);
  return { ids, totals: [...totals], pages };
}

describe('GET /customers: lists, sorts, filters, cursors', () => {
  let all: Stored[];

  beforeAll(async () => {
    await resetBackends();
    const extras = ['Lukewarm', ''];
    await seedCustomers(
      Array.from({ length: 130 }, (_, i) => ({
        names: i % 17 === 0 ? [] : [`${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`],
        phones: i % 11 === 0 && i % 17 !== 0 ? [] : [mobile(10_000_000 + i * 7)],
        emails: i % 13 === 0 ? [] : [`user${i}@ex${i % 3}.in`],
        categories: [
          ...(i % 2 === 0 ? ['PHE'] : []),
          ...(i % 3 === 0 ? ['PP'] : []),
          ...(i % 5 === 0 ? ['SS PUMP'] : []),
          ...(i % 7 === 0 ? ['Boilers'] : []),
        ],
        potential: [...POTENTIALS, ...extras][i % (POTENTIALS.length + extras.length)],
        createdAt: new Date(BASE + Math.floor(i / 2) * 5 * HOUR),
      })),
    );
    all = await storedCustomers();
  });

  it('answers the plain array, newest first, without parameters', async () => {
    const res = await request(employee).get('/api/customers');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(130);
    expect(res.body.map((c: { _id: string }) => c._id)).toEqual(
      expectedOrder(all, 'createdAt', 'desc'),
    );
  });

  it.each(['name', 'phone', 'email', 'potential', 'createdAt'])(
    'pages through every customer sorted by %s, both ways, without repeats or gaps',
    async (sort) => {
      for (const dir of ['asc', 'desc'] as const) {
        const { ids, totals } = await pageThrough(employee, { sort, dir }, 17);
        expect(ids).toEqual(expectedOrder(all, sort, dir));
        expect(totals).toEqual([130]);
      }
    },
  );

  it('sorts potential in the list order with unknown values last, and names alphabetically', async () => {
    const res = await request(employee)
      .get('/api/customers')
      .query({ sort: 'potential', limit: 200 });
    const ranks = res.body.items.map((c: { potential: string }) => {
      const i = (POTENTIALS as readonly string[]).indexOf(c.potential);
      return i === -1 ? POTENTIALS.length : i;
    });
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(res.body.items[0].potential).toBe('VIP');
    expect(res.body.items.at(-1).potential).not.toMatch(/^(VIP|HOT|WARM|COLD|N\/A)$/);

    const byName = await request(employee)
      .get('/api/customers')
      .query({ sort: 'name', limit: 200 });
    const names = byName.body.items
      .map((c: { names: string[] }) => c.names[0])
      .filter(Boolean)
      .map((n: string) => n.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('defaults to createdAt descending, 50 a page', async () => {
    const res = await request(employee).get('/api/customers').query({ q: '' });
    expect(res.body.items).toHaveLength(50);
    expect(res.body.total).toBe(130);
    expect(res.body.items.map((c: { _id: string }) => c._id)).toEqual(
      expectedOrder(all, 'createdAt', 'desc').slice(0, 50),
    );
  });

  it('combines categories (all must match), potential and a date range with every sort', async () => {
    const from = '2026-02-05';
    const to = '2026-02-20';
    // Day bounds in Asia/Kolkata (UTC+5:30).
    const start = Date.UTC(2026, 1, 4, 18, 30);
    const end = Date.UTC(2026, 1, 20, 18, 30);
    const wanted = all.filter(
      (c) =>
        c.data.categories.includes('PHE') &&
        c.data.categories.includes('PP') &&
        c.data.createdAt.toMillis() >= start &&
        c.data.createdAt.toMillis() < end,
    );
    expect(wanted.length).toBeGreaterThan(5);
    for (const sort of ['name', 'phone', 'email', 'potential', 'createdAt']) {
      for (const dir of ['asc', 'desc'] as const) {
        const { ids, totals } = await pageThrough(
          employee,
          { categories: 'PHE,pp', from, to, sort, dir },
          3,
        );
        expect(new Set(ids)).toEqual(new Set(wanted.map((c) => c.id)));
        expect(ids).toHaveLength(wanted.length);
        expect(totals).toEqual([wanted.length]);
        // Within the filter, the sort still holds.
        const keys = ids.map((id) => SORT_KEY[sort](all.find((c) => c.id === id)!.data));
        const sorted = [...keys].sort((a, b) =>
          typeof a === 'number'
            ? (a as number) - (b as number)
            : Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b))),
        );
        expect(keys).toEqual(dir === 'asc' ? sorted : sorted.reverse());
      }
    }

    const hot = all.filter((c) => c.data.potential === 'HOT' && c.data.categories.includes('PHE'));
    for (const sort of ['potential', 'name']) {
      const { ids, totals } = await pageThrough(
        employee,
        { potential: 'hot', categories: 'PHE', sort },
        2,
      );
      expect(new Set(ids)).toEqual(new Set(hot.map((c) => c.id)));
      expect(ids).toHaveLength(hot.length);
      expect(totals).toEqual([hot.length]);
    }

    const four = all.filter((c) =>
      ['PHE', 'PP', 'SS PUMP', 'Boilers'].every((x) => c.data.categories.includes(x)),
    );
    const res = await pageThrough(employee, { categories: 'PHE,PP,SS PUMP,boilers' }, 1);
    expect(res.ids.sort()).toEqual(four.map((c) => c.id).sort());
  });

  it('refuses bad parameters and foreign cursors', async () => {
    const bad = async (query: Record<string, string>) => {
      const res = await request(employee).get('/api/customers').query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      return res.body;
    };
    expect((await bad({ limit: '201' })).fields.limit).toBeDefined();
    expect((await bad({ limit: 'x' })).fields.limit).toBeDefined();
    expect((await bad({ from: '2026-02-30' })).fields.from).toBe('Use a date written YYYY-MM-DD');
    expect((await bad({ from: '2026-03-02', to: '2026-03-01' })).fields.to).toBe(
      'The end date is before the start date',
    );
    expect((await bad({ sort: 'city' })).fields.sort).toBeDefined();
    expect((await bad({ cursor: 'garbage' })).message).toMatch(/Invalid cursor/);
    const first = await request(employee).get('/api/customers').query({ sort: 'name', limit: 5 });
    expect((await bad({ sort: 'phone', cursor: first.body.nextCursor })).message).toMatch(
      /Invalid cursor/,
    );
  });

  it('needs customers.read', async () => {
    const res = await request(appAs('outsider')).get('/api/customers');
    expect(res.status).toBe(403);
    expect((await request(appAs(null)).get('/api/customers')).status).toBe(401);
  });
});

describe('GET /customers: created-on days in the company time zone', () => {
  beforeAll(async () => {
    await resetBackends();
    await seedCustomers([
      { names: ['Late March 1'], createdAt: new Date('2026-03-01T18:29:59.999Z') },
      { names: ['Early March 2'], createdAt: new Date('2026-03-01T18:30:00.000Z') },
      { names: ['Late March 2'], createdAt: new Date('2026-03-02T18:29:59.999Z') },
      { names: ['Early March 3'], createdAt: new Date('2026-03-02T18:30:00.000Z') },
    ]);
  });

  it('includes whole days at both ends, by Asia/Kolkata midnight', async () => {
    const names = async (query: Record<string, string>) => {
      const res = await request(employee).get('/api/customers').query(query);
      return res.body.items.map((c: { names: string[] }) => c.names[0]).sort();
    };
    expect(await names({ from: '2026-03-02', to: '2026-03-02' })).toEqual([
      'Early March 2',
      'Late March 2',
    ]);
    expect(await names({ from: '2026-03-02' })).toEqual([
      'Early March 2',
      'Early March 3',
      'Late March 2',
    ]);
    expect(await names({ to: '2026-03-01' })).toEqual(['Late March 1']);
  });
});

describe('GET /customers?q=: search by name, phone and email', () => {
  let ids: string[];

  beforeAll(async () => {
    await resetBackends();
    ids = await seedCustomers([
      {
        names: ['Ravi Kumar Sharma', 'Sharma Dairy Pvt Ltd'],
        phones: ['+91 98765 43210'],
        emails: ['ravi.sharma@example.in'],
        categories: ['PHE'],
      },
      {
        names: ['Meera Iyer'],
        phones: ['+91 99887 76655', '+1 415 555 2671'],
        emails: ['MEERA@Foods.COM'],
        categories: ['PP'],
      },
      { names: ["Ravindra O'Brien"], phones: ['+91 91234 50000'], categories: ['PHE', 'PP'] },
      { names: ['Ánanya Rao'], emails: ['ananya@rao.co'] },
    ]);
  });

  const search = async (q: string, extra: Record<string, string> = {}) => {
    const res = await request(employee)
      .get('/api/customers')
      .query({ q, ...extra });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    return res.body.items.map((c: { _id: string }) => ids.indexOf(c._id)).sort();
  };

  it('finds names by any word prefix, case-insensitively', async () => {
    expect(await search('ravi')).toEqual([0, 2]);
    expect(await search('RAVIN')).toEqual([2]);
    expect(await search('sha')).toEqual([0]);
    expect(await search('kumar sh')).toEqual([0]);
    expect(await search('dairy')).toEqual([0]);
    expect(await search('brien')).toEqual([2]);
    expect(await search("o'bri")).toEqual([2]);
    expect(await search('m')).toEqual([1]);
    expect(await search('ánanya')).toEqual([3]);
    expect(await search('zzz')).toEqual([]);
  });

  it('finds phones by the last digits, a middle run, or with the country code', async () => {
    expect(await search('3210')).toEqual([0]);
    expect(await search('654')).toEqual([0]);
    expect(await search('98765')).toEqual([0]);
    expect(await search('+91 98765 43210')).toEqual([0]);
    expect(await search('919876')).toEqual([0]);
    expect(await search('09876543210')).toEqual([0]);
    expect(await search('76655')).toEqual([1]);
    expect(await search('555 2671')).toEqual([1]);
    expect(await search('+1 415')).toEqual([1]);
    expect(await search('50000')).toEqual([2]);
  });

  it('finds emails by prefix, case-insensitively', async () => {
    expect(await search('ravi.sh')).toEqual([0]);
    expect(await search('Meera@f')).toEqual([1]);
    expect(await search('ananya@rao.co')).toEqual([3]);
    expect(await search('example.in')).toEqual([]);
  });

  it('combines search with categories and potential', async () => {
    expect(await search('ravi', { categories: 'PP' })).toEqual([2]);
    expect(await search('ravi', { categories: 'PHE' })).toEqual([0, 2]);
    expect(await search('ravi', { categories: 'PHE', potential: 'HOT' })).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });
});

describe('GET /customers on 2,000 customers: bounded reads', () => {
  beforeAll(async () => {
    await resetBackends();
    await seedCustomers(
      Array.from({ length: 2_000 }, (_, i) => ({
        names: [`Anil ${FIRST[i % FIRST.length]} ${i}`],
        phones: [mobile(20_000_000 + i)],
        emails: [`anil${i}@big.in`],
        categories: i % 4 === 3 ? ['PP'] : ['PHE'],
        potential: POTENTIALS[i % POTENTIALS.length],
        createdAt: new Date(BASE + i * 60_000),
      })),
    );
  }, 120_000);

  const reads = async (query: Record<string, string>) => {
    await resetCounters();
    const res = await request(employee).get('/api/customers').query(query);
    expect(res.status).toBe(200);
    return { body: res.body, reads: (await readCounters()).reads };
  };

  it('reads at most two pages of documents for a first page, a sorted page or a search', async () => {
    const first = await reads({ limit: '50' });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.total).toBe(2_000);
    // 51 documents (one to know there is more) + the count (1 read per 1,000 entries).
    expect(first.reads).toBeLessThanOrEqual(2 * 50 + 3);

    const next = await reads({ limit: '50', cursor: first.body.nextCursor });
    expect(next.reads).toBeLessThanOrEqual(2 * 50 + 3);
    expect(next.body.items[0]._id).not.toBe(first.body.items[0]._id);

    const byName = await reads({ sort: 'name', dir: 'desc', potential: 'WARM', limit: '50' });
    expect(byName.body.items).toHaveLength(50);
    expect(byName.reads).toBeLessThanOrEqual(2 * 50 + 3);

    const phone = await reads({ q: '0001999', limit: '50' });
    expect(phone.body.items.map((c: { names: string[] }) => c.names[0])).toEqual([
      expect.stringMatching(/ 1999$/),
    ]);
    expect(phone.reads).toBeLessThanOrEqual(2 * 50 + 3);

    const name = await reads({ q: 'anil', limit: '50' });
    expect(name.body.total).toBe(2_000);
    expect(name.reads).toBeLessThanOrEqual(2 * 50 + 3);

    const email = await reads({ q: 'anil19', limit: '50', sort: 'email' });
    expect(email.body.total).toBe(111); // anil19, anil190-199, anil1900-1999
    expect(email.reads).toBeLessThanOrEqual(2 * 50 + 3);
  });

  it("takes an unfiltered total from the dashboard's counters, not a count", async () => {
    // The counters move in every write's transaction; here the seed bypassed them: the job
    // sets them from the documents.
    await recomputeDashboard();
    const first = await reads({ limit: '50' });
    expect(first.body.total).toBe(2_000);
    // 51 documents and the summary, where a count of 2,000 customers bills 2 more.
    expect(first.reads).toBe(51 + 1);
    const filtered = await reads({ potential: 'WARM', limit: '50' });
    const warm = Array.from({ length: 2_000 }, (_, i) => POTENTIALS[i % POTENTIALS.length]);
    expect(filtered.body.total).toBe(warm.filter((p) => p === 'WARM').length);
  });

  it('keeps a search with categories bounded and complete across pages', async () => {
    // 2,000 match 'anil' and 1,500 are PHE: no query says both, so pages check candidates,
    // at most 1,000 reads a page, and the total is an upper bound.
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await reads({
        q: 'anil',
        categories: 'PHE',
        sort: 'name',
        limit: '200',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.reads).toBeLessThanOrEqual(1_000 + 10);
      expect(page.body.totalIsEstimate).toBe(true);
      seen.push(...page.body.items.map((c: { _id: string }) => c._id));
      cursor = page.body.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toHaveLength(1_500);
    expect(new Set(seen).size).toBe(1_500);

    // Fewer candidates (the PP customers): exact total, checked in one read of them.
    const pp = await reads({ q: 'anil', categories: 'PP', limit: '50' });
    expect(pp.body.total).toBe(500);
    expect(pp.body.totalIsEstimate).toBeUndefined();
    expect(pp.reads).toBeLessThanOrEqual(500 + 10);
  });
});
