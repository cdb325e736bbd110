// The customer list's owner filter (issue 45): owner=<employee id>, owner=none (no owner) and
// owner=me (the caller's own), alone and with the other filters, through the list, its export
// and a change of owner; a bad value is a 400 naming the field.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { rekeyCustomers } from '../../src/domain/customers/rekey';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { ADMIN, EMPLOYEE } from '../support/callers';
import { seedUser } from '../entries/support';
import { appAs, listedNames, mobile, seedCustomers } from './support';

const admin = appAs('admin');
const employee = appAs('employee');
const SALES = { _id: EMPLOYEE.uid, name: EMPLOYEE.name };
const BOSS = { _id: ADMIN.uid, name: ADMIN.name };

const names = listedNames;

describe('GET /customers?owner=', () => {
  let ids: string[];
  beforeAll(async () => {
    await resetBackends();
    await seedUser(EMPLOYEE.uid, { fullName: EMPLOYEE.name, email: EMPLOYEE.email });
    ids = await seedCustomers([
      { names: ['Asha'], phones: [mobile(1)], categories: ['PHE'], potential: 'HOT', owner: SALES },
      { names: ['Bala'], phones: [mobile(2)], categories: ['PP'], owner: SALES },
      { names: ['Chitra'], phones: [mobile(3)], categories: ['PHE'], owner: BOSS },
      { names: ['Dev'], phones: [mobile(4)], categories: ['PHE'], potential: 'HOT' },
      { names: ['Esha'], phones: [mobile(5)] },
    ]);
  });

  it("lists one employee's customers, those without an owner, or the caller's own", async () => {
    expect(await names(admin, { owner: EMPLOYEE.uid })).toEqual(['Asha', 'Bala']);
    expect(await names(admin, { owner: 'none' })).toEqual(['Dev', 'Esha']);
    expect(await names(admin, { owner: 'me' })).toEqual(['Chitra']);
    expect(await names(employee, { owner: 'me' })).toEqual(['Asha', 'Bala']);
  });

  it('combines the owner with categories, potential, a search and every sort', async () => {
    expect(await names(admin, { owner: EMPLOYEE.uid, categories: 'PHE' })).toEqual(['Asha']);
    expect(await names(admin, { owner: 'none', categories: 'PHE', potential: 'HOT' })).toEqual([
      'Dev',
    ]);
    expect(await names(admin, { owner: EMPLOYEE.uid, q: 'bala' })).toEqual(['Bala']);
    expect(await names(admin, { owner: 'none', q: 'asha' })).toEqual([]);
    for (const sort of ['name', 'phone', 'email', 'potential', 'createdAt'])
      for (const dir of ['asc', 'desc']) {
        const query = { owner: EMPLOYEE.uid, sort, dir, from: '2020-01-01' };
        expect((await names(admin, query)).sort()).toEqual(['Asha', 'Bala']);
      }
  });

  it('follows a change of owner, and the export filters the same way', async () => {
    const changed = await request(admin)
      .put(`/api/customers/${ids[3]}/owner`)
      .send({ ownerId: EMPLOYEE.uid });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await names(admin, { owner: EMPLOYEE.uid })).toEqual(['Asha', 'Bala', 'Dev']);
    expect(await names(admin, { owner: 'none' })).toEqual(['Esha']);
    const edited = await request(admin)
      .put(`/api/customers/${ids[3]}`)
      .send({ categories: ['PP'] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await names(admin, { owner: EMPLOYEE.uid, categories: 'PP' })).toEqual(['Bala', 'Dev']);

    const csv = await request(admin).get('/api/customers/export.csv').query({ owner: 'none' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Esha');
    expect(csv.text).not.toContain('Asha');
  });

  it('finds customers stored before the owner keys once migrate:customer-keys rewrote them', async () => {
    const ref = getDb().collection('customers').doc(ids[4]);
    await ref.update({ categoryKeys: [], owner: SALES });
    expect(await names(admin, { owner: EMPLOYEE.uid })).not.toContain('Esha');
    expect(await rekeyCustomers()).toEqual({ read: 5, changed: 1 });
    expect(await names(admin, { owner: EMPLOYEE.uid })).toContain('Esha');
    expect(await rekeyCustomers()).toEqual({ read: 5, changed: 0 });
  });

  it('refuses an owner that is not an id with a 400 naming the field', async () => {
    const res = await request(admin).get('/api/customers').query({ owner: 'a/b' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('owner');
  });
});
