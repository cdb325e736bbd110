// Idempotency keys: a create or a send repeated with its Idempotency-Key is carried out once
// and answered with the first answer; the same key on another body is 422; two at once with
// one key make one record; a key is per account.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { useMessagingWorld } from './support';

const employee = appAs('employee');
const world = useMessagingWorld();

const count = async (collection: string) =>
  (await getDb().collection(collection).count().get()).data().count;

const createCustomer = (key: string, name: string, app = employee) =>
  request(app)
    .post('/api/customers')
    .set('Idempotency-Key', key)
    .send({ names: [name] });

describe('Idempotency-Key', () => {
  it('makes a repeated create answer the first answer and store one customer', async () => {
    const before = await count('customers');
    const first = await createCustomer('create-1', 'Keyed Customer');
    expect(first.status).toBe(201);
    const again = await createCustomer('create-1', 'Keyed Customer');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count('customers')).toBe(before + 1);
    // Without a key, a repeat is a new request.
    expect(
      (
        await request(employee)
          .post('/api/customers')
          .send({ names: ['Keyed Customer'] })
      ).status,
    ).toBe(201);
    expect(await count('customers')).toBe(before + 2);
  });

  it('refuses the same key with another body (422), and keeps keys per account', async () => {
    expect((await createCustomer('create-2', 'First Body')).status).toBe(201);
    const other = await createCustomer('create-2', 'Another Body');
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/Idempotency-Key/);
    // Another account's key of the same text is its own.
    expect((await createCustomer('create-2', 'Another Body', appAs('admin'))).status).toBe(201);
  });

  it('makes two sends at once with one key one record', async () => {
    const before = await count('customers');
    const answers = await Promise.all([1, 2, 3].map(() => createCustomer('create-3', 'Twin')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    expect(await count('customers')).toBe(before + 1);
  });

  it('queues an entry’s messages once however often it is repeated', async () => {
    const customer = await request(employee)
      .post('/api/customers')
      .send({ names: ['Message Customer'], emails: ['keyed@example.in'] });
    const body = {
      customer: customer.body._id,
      description: 'Quotation',
      email: { subject: 'Quote', body: 'Please find the quote' },
    };
    const outboundBefore = await count('outboundMessages');
    const sentBefore = (await world.sent()).length;
    const first = await request(employee)
      .post('/api/entries')
      .set('Idempotency-Key', 'entry-1')
      .send(body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await request(employee)
      .post('/api/entries')
      .set('Idempotency-Key', 'entry-1')
      .send(body);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await count('outboundMessages')).toBe(outboundBefore + 1);
    expect((await world.sent()).length).toBe(sentBefore + 1);
    const entries = await getDb()
      .collection('entries')
      .where('customerId', '==', customer.body._id)
      .get();
    expect(entries.size).toBe(1);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const res = await createCustomer('has space', 'Bad Key');
    expect(res.status).toBe(400);
  });
});
