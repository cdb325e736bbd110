// Making a broadcast (issue 45): an approved marketing or utility template synced from Meta with
// exactly its parameters, the audience counted and priced, who made it recorded, a time to start
// ahead on the company's clocks; a retried request makes one; nothing is sent yet.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';

const admin = appAs('admin');
const employee = appAs('employee');
const world = useMessagingWorld();

const OFFER = {
  name: 'Diwali offer',
  template: { name: 'season_offer', language: 'en' },
  params: [{ field: 'firstName' }, { text: 'Diwali prices on SS tanks until Sunday.' }],
  audience: { phones: ['+91 98123 45678'] },
};

const create = (body: object) => request(admin).post('/api/broadcasts').send(body);
const stored = async () => (await getDb().collection('broadcasts').get()).size;

describe('POST /api/broadcasts', () => {
  it('makes the broadcast with its count, exclusions, cost and maker; it is listed and read back; nothing is sent', async () => {
    const res = await create({
      ...OFFER,
      audience: { phones: ['+91 98123 45678', '+91 98000 00001'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Diwali offer',
      template: { name: 'season_offer', language: 'en', category: 'MARKETING' },
      audienceCount: 1,
      excluded: { optedOut: 0, noPhone: 0, duplicate: 0, notCustomer: 1, invalid: 0 },
      estimatedCost: 87,
      state: 'draft',
      sendAt: null,
      createdBy: { _id: 'admin-uid', name: 'Anita Admin' },
      counts: { queued: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, skipped: 0 },
    });
    expect(res.body.sample).toEqual([
      { customerId: world.ravi, name: 'Ravi Sharma', phone: '+919812345678', ownerName: '' },
    ]);
    const list = await request(admin).get('/api/broadcasts');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ _id: res.body._id, name: 'Diwali offer', state: 'draft' });
    expect(list.body[0].sample).toBeUndefined();
    const one = await request(admin).get(`/api/broadcasts/${res.body._id}`);
    expect(one.body).toEqual(res.body);
    // A pasted list is answered by its size (a report polled every few seconds would carry up
    // to 10,000 phones each time); the stored broadcast keeps them for its sending.
    expect(one.body.audience).toEqual({ phoneCount: 2 });
    const kept = await getDb().collection('broadcasts').doc(res.body._id).get();
    expect(kept.get('audience')).toEqual({ phones: ['+91 98123 45678', '+91 98000 00001'] });
    expect(await world.sent()).toEqual([]);
  });

  it('a utility template is priced at the utility rate', async () => {
    const res = await create({
      ...OFFER,
      template: { name: 'order_update', language: 'en' },
      params: [{ text: 'New stock of SS tanks has arrived' }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ template: { category: 'UTILITY' }, estimatedCost: 12 });
  });

  it('a time to start is read on the company clocks (Asia/Kolkata) and makes it scheduled', async () => {
    const res = await create({ ...OFFER, sendAt: '2099-12-01T10:00' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ state: 'scheduled', sendAt: '2099-12-01T04:30:00.000Z' });
    const offset = await create({ ...OFFER, sendAt: '2099-12-01T10:00:00+05:30' });
    expect(offset.body.sendAt).toBe('2099-12-01T04:30:00.000Z');
  });

  it('refuses what cannot be sent, saying why, and stores nothing', async () => {
    await world.control('inbound', { from: '+919812345678', text: 'STOP' });
    await eventually(async () => {
      const ravi = (await getDb().collection('customers').doc(world.ravi).get()).data();
      return ravi?.whatsappOptOuts?.['+919812345678'];
    });
    for (const [body, says] of [
      [{ ...OFFER, name: '' }, 'A name is required'],
      [
        { ...OFFER, template: { name: 'nope', language: 'en' } },
        'not among the approved templates',
      ],
      [{ ...OFFER, template: { name: 'festive_offer', language: 'en' } }, 'is pending at Meta'],
      [{ ...OFFER, params: [{ field: 'firstName' }] }, 'takes 2 parameter(s); 1 given'],
      [{ ...OFFER, params: [{ field: 'age' }, { text: 'x' }] }, 'A parameter is'],
      [{ ...OFFER, params: [{ field: 'firstName' }, { text: 'two\nlines' }] }, 'line break'],
      [{ ...OFFER, sendAt: '2020-01-01T10:00' }, 'that time has passed'],
      [{ ...OFFER, sendAt: 'tomorrow' }, '2026-12-01T10:00'],
      [{ ...OFFER, sendAt: '2099-02-30T10:00' }, 'not a real date'],
      [OFFER, 'Nobody in this audience can receive it: 1 opted out of whatsapp'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(says);
    }
    expect(await stored()).toBe(0);
  });

  it('made once when the request is retried with its Idempotency-Key', async () => {
    const first = await request(admin)
      .post('/api/broadcasts')
      .set('Idempotency-Key', 'broadcast-1')
      .send(OFFER);
    const again = await request(admin)
      .post('/api/broadcasts')
      .set('Idempotency-Key', 'broadcast-1')
      .send(OFFER);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(await stored()).toBe(1);
  });

  it('needs broadcasts.send', async () => {
    const res = await request(employee).post('/api/broadcasts').send(OFFER);
    expect(res.status).toBe(403);
    expect(await stored()).toBe(0);
  });
});
