// A broadcast's audience (issue 45): the customer list's own filters or a list of phones, each
// customer once at their first phone, and apart those excluded with the reason (opted out by
// STOP, no phone, the same phone twice, not a customer, not a phone); the cost estimate at the
// settings' price; only callers with broadcasts.send.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { ADMIN } from '../support/callers';
import { eventually, useMessagingWorld } from '../messaging/support';

const admin = appAs('admin');
const employee = appAs('employee');
const world = useMessagingWorld();

async function addCustomer(fields: object): Promise<{ _id: string }> {
  const res = await request(admin).post('/api/customers').send(fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string };
}

/** Asha writes STOP from her phone, as through Meta's webhook. */
async function optOut(customerId: string, phone: string) {
  await world.control('inbound', { from: phone, text: 'STOP', name: 'Asha' });
  await eventually(async () => {
    const customer = (await getDb().collection('customers').doc(customerId).get()).data();
    return customer?.whatsappOptOuts?.[phone];
  });
}

const count = (body: object) => request(admin).post('/api/broadcasts/audience').send(body);

describe('POST /api/broadcasts/audience', () => {
  it("counts the customers the list's filters match, each once at their first phone, and says who is left out and why", async () => {
    const meena = await addCustomer({
      names: ['Meena Iyer'],
      phones: ['98100 11111', '98100 22222'],
      categories: ['PHE'],
      potential: 'HOT',
    });
    await addCustomer({
      names: ['No Phone Traders'],
      emails: ['np@example.in'],
      categories: ['PHE'],
    });
    const asha = await addCustomer({
      names: ['Asha Verma'],
      phones: ['+91 98100 33333'],
      categories: ['PHE'],
    });
    await addCustomer({ names: ['Other Category'], phones: ['98100 44444'], categories: ['PP'] });
    await optOut(asha._id, '+919810033333');

    const res = await count({ audience: { filters: { categories: ['PHE'] } } });
    expect(res.status).toBe(200);
    expect(res.body.audienceCount).toBe(1);
    expect(res.body.excluded).toEqual({
      optedOut: 1,
      noPhone: 1,
      duplicate: 0,
      notCustomer: 0,
      invalid: 0,
      // Only a broadcast's new matches leave out those it messaged.
      alreadyMessaged: 0,
    });
    // The owner is whoever added the customer (here the admin).
    expect(res.body.sample).toEqual([
      {
        customerId: meena._id,
        name: 'Meena Iyer',
        phone: '+919810011111',
        ownerName: 'Anita Admin',
      },
    ]);
    expect(res.body.excludedSample).toEqual(
      expect.arrayContaining([
        { customerId: asha._id, name: 'Asha Verma', phone: '+919810033333', reason: 'optedOut' },
        expect.objectContaining({ name: 'No Phone Traders', phone: '', reason: 'noPhone' }),
      ]),
    );
    // Marketing at ₹0.8631 a message: 86.31 paise, rounded up.
    expect(res.body.estimatedCost).toBe(87);

    // The other filters of the list: potential, and a search.
    const hot = await count({ audience: { filters: { potential: 'hot' } } });
    expect(hot.body.audienceCount).toBe(1);
    const searched = await count({ audience: { filters: { q: 'other' } } });
    expect(searched.body.sample.map((s: { name: string }) => s.name)).toEqual(['Other Category']);
    // No filter: every customer (Ravi, seeded by the world, included).
    const everyone = await count({ audience: { filters: {} }, category: 'UTILITY' });
    expect(everyone.body.audienceCount).toBe(3);
    expect(everyone.body.estimatedCost).toBe(Math.ceil((3 * 1150) / 100));
  });

  it('the created-between filter counts customers created on those days (company time zone)', async () => {
    await addCustomer({ names: ['New Today'], phones: ['98100 55555'] });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const res = await count({ audience: { filters: { from: today, to: today } } });
    expect(res.body.sample.map((s: { name: string }) => s.name)).toEqual(['New Today']);
    const before = await count({ audience: { filters: { to: '2025-12-31' } } });
    expect(before.body.audienceCount).toBe(0);
  });

  it("the owner filter counts one employee's customers, or those without an owner", async () => {
    const mine = await addCustomer({ names: ['Owned Once'], phones: ['98100 66666'] });
    const ownerless = await addCustomer({ names: ['Nobody Owns'], phones: ['98100 77777'] });
    const unset = await request(admin)
      .put(`/api/customers/${ownerless._id}/owner`)
      .send({ ownerId: null });
    expect(unset.status).toBe(200);
    const none = await count({ audience: { filters: { owner: 'none' } } });
    const unowned = none.body.sample.map((s: { name: string }) => s.name);
    expect(unowned).toContain('Nobody Owns');
    expect(unowned).not.toContain('Owned Once');
    const admins = await count({ audience: { filters: { owner: ADMIN.uid } } });
    expect(admins.body.sample.map((s: { customerId: string }) => s.customerId)).toContain(mine._id);
    expect(admins.body.sample.map((s: { name: string }) => s.name)).not.toContain('Nobody Owns');
  });

  it('the last-contacted filter counts the customers whose newest message is on those days', async () => {
    const wrote = await addCustomer({ names: ['Wrote Today'], phones: ['98100 88888'] });
    await world.control('inbound', { from: '+919810088888', text: 'Price?', name: 'Wrote' });
    await eventually(
      async () => (await getDb().collection('conversations').doc(wrote._id).get()).exists,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const res = await count({ audience: { filters: { contactedFrom: today } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = res.body.sample.map((s: { name: string }) => s.name);
    expect(names).toContain('Wrote Today');
    expect(names).not.toContain('Owned Once');
    const before = await count({ audience: { filters: { contactedTo: '2025-12-31' } } });
    expect(before.body.audienceCount).toBe(0);
  });

  it('a list of phones: customers by any of their phones, each phone once; the rest apart with the reason', async () => {
    const asha = await addCustomer({ names: ['Asha Verma'], phones: ['98100 33333'] });
    await addCustomer({ names: ['Meena Iyer'], phones: ['98100 11111', '98100 22222'] });
    await optOut(asha._id, '+919810033333');
    const res = await count({
      audience: {
        phones: [
          '98123 45678',
          '+91 98123-45678',
          // Meena's second phone: she is already listed by her first.
          '98100 22222',
          '98100 11111',
          '12345',
          '+91 98000 00001',
          '+91 98000 00001',
          '9810033333',
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.audienceCount).toBe(2);
    expect(res.body.sample).toEqual([
      { customerId: world.ravi, name: 'Ravi Sharma', phone: '+919812345678', ownerName: '' },
      expect.objectContaining({ name: 'Meena Iyer', phone: '+919810022222' }),
    ]);
    expect(res.body.excluded).toEqual({
      optedOut: 1,
      noPhone: 0,
      duplicate: 3,
      notCustomer: 1,
      invalid: 1,
      alreadyMessaged: 0,
    });
    expect(res.body.excludedSample).toEqual(
      expect.arrayContaining([
        { customerId: null, name: '', phone: '12345', reason: 'invalid' },
        { customerId: null, name: '', phone: '+919800000001', reason: 'notCustomer' },
        {
          customerId: world.ravi,
          name: 'Ravi Sharma',
          phone: '+919812345678',
          reason: 'duplicate',
        },
      ]),
    );
  });

  it('refuses a malformed request with the reason, and sends nothing', async () => {
    for (const [body, says] of [
      [{}, 'audience'],
      [{ audience: { phones: [] } }, 'List at least one phone'],
      [{ audience: { filters: { from: '1 Jan' } } }, 'YYYY-MM-DD'],
      [{ audience: { filters: { from: '2026-02-01', to: '2026-01-01' } } }, 'not be after'],
      [{ audience: { filters: { from: '2026-02-30' } } }, 'audience.filters'],
      [{ audience: { filters: {}, phones: ['1'] } }, 'audience'],
      [{ audience: { filters: { colour: 'x' } } }, 'audience'],
      [{ audience: { filters: { owner: 'me' } } }, 'employee id'],
      [{ audience: { filters: { owner: 'a/b' } } }, 'audience.filters.owner'],
      [{ audience: { filters: { contactedFrom: '1 Jan' } } }, 'YYYY-MM-DD'],
      [{ audience: { filters: { tag: 5 } } }, 'audience'],
      [{ audience: { filters: {} }, category: 'SERVICE' }, 'MARKETING, UTILITY or AUTHENTICATION'],
    ] as const) {
      const res = await count(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(says);
    }
    expect(await world.sent()).toEqual([]);
  });

  it('needs broadcasts.send: an employee is refused', async () => {
    const res = await request(employee)
      .post('/api/broadcasts/audience')
      .send({ audience: { filters: {} } });
    expect(res.status).toBe(403);
    expect((await request(employee).get('/api/broadcasts')).status).toBe(403);
  });
});

describe('GET /api/broadcasts', () => {
  it('lists none before any is made; an unknown one is a 404', async () => {
    const list = await request(admin).get('/api/broadcasts');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const missing = await request(admin).get('/api/broadcasts/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Broadcast not found');
  });
});
