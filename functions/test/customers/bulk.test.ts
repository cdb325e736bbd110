import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from './support';

const employee = appAs('employee');

describe('POST /customers/bulk (quick add)', () => {
  beforeEach(resetBackends);

  it('creates rows with the default categories and potential; rows sharing a phone become one', async () => {
    const res = await request(employee)
      .post('/api/customers/bulk')
      .send({
        rows: [
          { names: ['Asha Rao'], phones: ['98111 22233'], emails: [], note: 'first' },
          { names: ['Asha R'], phones: ['+919811122233'], emails: ['asha@rao.in'], note: 'second' },
          { names: ['Vikram'], phones: [], emails: ['VIKRAM@x.in'], note: '' },
          { names: [' '], phones: [], emails: [], note: 'nothing to go by' },
        ],
        defaultCategories: ['phe', 'SS Tank'],
        defaultPotential: 'warm',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 1, skipped: 1 });
    const asha = res.body.customers.find((c: { names: string[] }) => c.names[0] === 'Asha Rao');
    expect(asha).toMatchObject({
      names: ['Asha Rao', 'Asha R'],
      phones: ['+919811122233'],
      emails: ['asha@rao.in'],
      categories: ['PHE', 'SS TANK'],
      potential: 'WARM',
      note: 'first\nsecond',
    });
    expect(res.body.customers).toHaveLength(2);
    expect((await getDb().collection('customers').get()).size).toBe(2);
  });

  it('answers 409 with the customer when a row has an existing phone or email, writing nothing', async () => {
    const existing = (
      await request(employee)
        .post('/api/customers')
        .send({ names: ['Old'], phones: ['9811122233'], categories: ['PP'] })
    ).body;
    const body = {
      rows: [
        { names: ['New one'], phones: [], emails: ['new@x.in'], note: '' },
        { names: ['Old again'], phones: ['+91 98111 22233'], emails: ['old@x.in'], note: 'met' },
      ],
      defaultCategories: ['PHE'],
      defaultPotential: 'HOT',
    };
    const res = await request(employee).post('/api/customers/bulk').send(body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The phone +919811122233 already belongs to Old.');
    expect(res.body.customer).toEqual(existing);
    expect((await getDb().collection('customers').get()).size).toBe(1);

    // "Add anyway": the row updates the customer who has the phone instead of making a twin.
    const forced = await request(employee).post('/api/customers/bulk?force=true').send(body);
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    const old = forced.body.customers.find((c: { _id: string }) => c._id === existing._id);
    expect(old).toMatchObject({
      names: ['Old', 'Old again'],
      emails: ['old@x.in'],
      categories: ['PP', 'PHE'],
      potential: 'HOT',
      note: 'met',
    });
    const again = await request(employee).post('/api/customers/bulk?force=true').send(body);
    expect(again.body).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect((await getDb().collection('customers').get()).size).toBe(2);
  });

  it('refuses empty input, bad values and too many rows', async () => {
    const empty = await request(employee)
      .post('/api/customers/bulk')
      .send({ rows: [{ names: [], phones: [], emails: [], note: 'x' }] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please add at least one name/phone/email.');

    const bad = await request(employee)
      .post('/api/customers/bulk')
      .send({ rows: [{ names: ['A'] }, { names: ['B'], phones: ['12'] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'rows.1.phones.0': 'Invalid phone number: 12' });

    const many = await request(employee)
      .post('/api/customers/bulk')
      .send({ rows: Array.from({ length: 201 }, (_, i) => ({ names: [`N${i}`] })) });
    expect(many.status).toBe(400);
    expect(many.body.fields.rows).toBeDefined();

    expect((await request(employee).post('/api/customers/bulk').send({ rows: [] })).status).toBe(
      400,
    );
    expect(
      (await request(appAs('outsider')).post('/api/customers/bulk').send({ rows: [] })).status,
    ).toBe(403);
  });
});
