// Control and direction characters: refused in names, phones, emails and titles (a name with
// U+202E or NUL could pass for another), taken out of free text; amounts are decimal only.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/callers';
import { seedCustomers } from '../customers/support';

const admin = appAs('admin');

beforeEach(resetBackends);

const customerCount = async () =>
  (await getDb().collection('customers').count().get()).data().count;

describe('hidden characters', () => {
  it('refuses NUL, direction overrides and zero-width spaces in names, phones and emails', async () => {
    for (const body of [
      { names: ['Ravi\u202Egnp.exe'] },
      { names: ['Ra\u0000vi'] },
      { names: ['Ravi\u200BSharma'] },
      { names: ['Ravi'], phones: ['98102\u0000 45489'] },
      { names: ['Ravi'], phones: ['\u202D9810245489'] },
      { names: ['Ravi'], emails: ['ravi\u202E@x.in'] },
      { names: ['Ravi'], categories: ['PHE\u2066'] },
    ]) {
      const res = await request(admin).post('/api/customers').send(body);
      expect(res.status, `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect(await customerCount()).toBe(0);
  });

  it('takes them out of notes and descriptions, keeping line breaks and Indian joiners', async () => {
    const res = await request(admin)
      .post('/api/customers')
      .send({ names: ['क्‍ष Rao'], note: 'Call\u0000 after\u202E 5\nthen\u200B mail\u2069' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.names).toEqual(['क्‍ष Rao']);
    expect(res.body.note).toBe('Call after 5\nthen mail');
    const entry = await request(admin)
      .post('/api/entries')
      .send({ customer: res.body._id, description: 'Met\u0000 at\u202E expo', channel: 'other' });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body.description).toBe('Met at expo');
  });

  it('refuses them in titles and full names', async () => {
    const template = await request(admin)
      .post('/api/admin/templates')
      .send({ type: 'text', title: 'Offer\u202Etxt', content: 'Hello' });
    expect(template.status, JSON.stringify(template.body)).toBe(400);
    const register = await request(appAs(null))
      .post('/api/auth/register')
      .send({ fullName: 'Eve\u0000', email: 'eve@example.in', password: 'long-enough-1' });
    expect(register.status, JSON.stringify(register.body)).toBe(400);
  });

  it('reads amounts as decimal numbers only: "0x10" is not 16', async () => {
    const [customer] = await seedCustomers([{ names: ['Ravi'] }]);
    for (const amount of ['0x10', '1e5', 'Infinity', '0b11', ' 0o7']) {
      const res = await request(admin)
        .post('/api/entries')
        .send({ customer, amount, channel: 'other' });
      expect(res.status, `${amount}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toBe('amount: Amount should be a positive number');
    }
    for (const [amount, stored] of [
      ['16', 16],
      [' 1250.50 ', 1250.5],
      ['.5', 0.5],
    ] as const) {
      const res = await request(admin)
        .post('/api/entries')
        .send({ customer, amount, channel: 'other' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.amount).toBe(stored);
    }
  });
});
