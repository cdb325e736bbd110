// Ids from callers are all checked one way (http/params.ts): an id in a body that could not be
// a Firestore document id ('a/b', '../../etc/passwd', '__x__') is a 400 naming the field, one in
// a path a 404; never a 500, and nothing is written.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/callers';
import { seedCustomers } from '../customers/support';

const admin = appAs('admin');
// The last two hold a lone surrogate, which no UTF-8 id can (Firestore refused it with a 500).
const NOT_IDS = ['a/b', '../../etc/passwd', '..', '__reserved__', 'abc\ud800', '\udfffx'];

beforeEach(resetBackends);

const entryCount = async () => (await getDb().collection('entries').count().get()).data().count;

describe('ids in request bodies', () => {
  it('POST /api/entries refuses a customer that is not an id, in every form', async () => {
    for (const id of NOT_IDS) {
      for (const body of [{ customer: id }, { customer: { _id: id } }, { customerId: id }]) {
        const res = await request(admin).post('/api/entries').send(body);
        expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(Object.values(res.body.fields as object)).toContain('Not a valid customer id');
      }
    }
    expect(await entryCount()).toBe(0);
  });

  it('refuses such ids in merges, owners, role assignments and employee assignments', async () => {
    const [customer] = await seedCustomers([{ names: ['Ravi'] }]);
    for (const id of NOT_IDS) {
      const owner = await request(admin)
        .put(`/api/customers/${customer}/owner`)
        .send({ ownerId: id });
      expect(owner.status, JSON.stringify(owner.body)).toBe(400);
      expect(owner.body.fields.ownerId).toBe('Not a valid owner id');
      const merge = await request(admin)
        .post('/api/customers/merge')
        .send({ primaryId: id, mergeIds: ['c1'] });
      expect(merge.status).toBe(400);
      expect(merge.body.fields.primaryId).toBe('Not a valid customer id');
      const assign = await request(admin)
        .post('/api/admin/users/assign-role')
        .send({ role: 'sales', userIds: [id] });
      expect(assign.status).toBe(400);
      expect(assign.body.fields['userIds.0']).toBe('Not a valid user id');
      const employee = await request(admin)
        .put('/api/admin/entries/e1/assign-employee')
        .send({ employeeId: id });
      expect(employee.status).toBe(400);
      const preview = await request(admin)
        .post('/api/whatsapp/preview')
        .send({ customerId: id, text: 'Hi' });
      expect(preview.status, JSON.stringify(preview.body)).toBe(400);
      expect(preview.body.fields.customerId).toBe('Not a valid customer id');
    }
  });
});

describe('ids in paths', () => {
  it('answers 404 for a path id that cannot be a document id', async () => {
    for (const path of [
      '/api/entries/__x__/history',
      '/api/entries/%2E%2E/history',
      '/api/customers/a%2Fb',
      '/api/admin/templates/__x__',
      '/api/admin/roles/%2E%2E',
    ]) {
      const res = await request(admin).put(path).send({});
      const got = res.status === 404 ? res.status : (await request(admin).get(path)).status;
      expect(got, path).toBe(404);
    }
  });
});
