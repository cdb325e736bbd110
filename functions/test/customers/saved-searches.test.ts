// Saved searches (issue 45): a person keeps the customer list's filters under a name, 20 at
// most, sees and deletes only their own; filters are checked as the list checks them.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '../../src/contract/customers';
import { resetBackends } from '../support/backends';
import { appAs } from './support';

const admin = appAs('admin');
const employee = appAs('employee');
const outsider = appAs('outsider');

const save = (app: typeof admin, body: object) =>
  request(app).post('/api/me/saved-searches').send(body);

describe('/api/me/saved-searches', () => {
  beforeAll(resetBackends);

  it('saves the filters under a name and lists only the caller’s own, by name', async () => {
    const hot = await save(employee, {
      name: ' Hot PHE ',
      filters: { categories: 'PHE', potential: 'HOT', owner: 'me', q: '' },
    });
    expect(hot.status, JSON.stringify(hot.body)).toBe(201);
    expect(hot.body).toMatchObject({
      name: 'Hot PHE',
      filters: { categories: 'PHE', potential: 'HOT', owner: 'me' },
    });
    await save(employee, { name: 'Contacted in March', filters: { contactedFrom: '2026-03-01' } });
    await save(admin, { name: 'Admin only', filters: { tag: 'expo' } });

    const mine = await request(employee).get('/api/me/saved-searches');
    expect(mine.status).toBe(200);
    expect(mine.body.map((s: { name: string }) => s.name)).toEqual([
      'Contacted in March',
      'Hot PHE',
    ]);
    const again = await save(employee, { name: 'hot phe', filters: {} });
    expect(again.status).toBe(409);
  });

  it('refuses bad filters as the list does, naming the field', async () => {
    for (const [body, says] of [
      [{ filters: {} }, 'name'],
      [{ name: 'x', filters: { from: '1 Jan' } }, 'filters.from'],
      [{ name: 'x', filters: { owner: 'a/b' } }, 'filters.owner'],
      [
        { name: 'x', filters: { contactedFrom: '2026-03-02', contactedTo: '2026-03-01' } },
        'filters.contactedTo',
      ],
      [{ name: 'x', filters: { colour: 'red' } }, 'filters'],
      [{ name: 'x', filters: 'q=ravi' }, 'filters'],
    ] as const) {
      const res = await save(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(says);
    }
  });

  it('deletes only the caller’s own', async () => {
    const [theirs] = (await request(admin).get('/api/me/saved-searches')).body as { _id: string }[];
    const refused = await request(employee).delete(`/api/me/saved-searches/${theirs._id}`);
    expect(refused.status).toBe(403);
    expect((await request(admin).delete(`/api/me/saved-searches/${theirs._id}`)).status).toBe(200);
    expect((await request(admin).delete(`/api/me/saved-searches/${theirs._id}`)).status).toBe(404);
    expect((await request(outsider).get('/api/me/saved-searches')).status).toBe(403);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} a person`, async () => {
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      const res = await save(admin, { name: `Search ${i}`, filters: { q: `n${i}` } });
      expect(res.status).toBe(201);
    }
    const over = await save(admin, { name: 'One more', filters: {} });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(`At most ${MAX_SAVED_SEARCHES}`);
  });
});
