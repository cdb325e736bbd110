import request from 'supertest';
import { categoryKeys } from '../../src/domain/customers/search-keys';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from './support';

const admin = appAs('admin');
const employee = appAs('employee');

const ravi = {
  names: ['  Ravi   Sharma ', 'Ravi Sharma', 'Sharma Dairy'],
  phones: ['98765 43210', '+91 98765-43210', '022 2345 6789'],
  emails: [' Ravi@Example.IN ', 'ravi@example.in'],
  categories: ['phe', 'PHE', 'Boilers'],
  potential: 'hot',
  note: ' Met at the expo ',
};

async function keyOwner(id: string): Promise<string | undefined> {
  return (await getDb().doc(`customerKeys/${id}`).get()).get('customerId') as string | undefined;
}

describe('POST /customers', () => {
  beforeEach(resetBackends);

  it('creates a normalised customer (201) with derived fields stored', async () => {
    const res = await request(employee).post('/api/customers').send(ravi);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      names: ['Ravi Sharma', 'Sharma Dairy'],
      phones: ['+919876543210', '+912223456789'],
      emails: ['ravi@example.in'],
      categories: ['PHE', 'Boilers'],
      potential: 'HOT',
      note: 'Met at the expo',
    });
    expect(res.body._id).toEqual(expect.any(String));
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(res.body.updatedAt).toBe(res.body.createdAt);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        '_id',
        'names',
        'phones',
        'emails',
        'categories',
        'potential',
        'note',
        'createdAt',
        'updatedAt',
        'whatsappWindow',
        'whatsappWindows',
        'owner',
        'gstin',
        'billingState',
      ].sort(),
    );

    const stored = (await getDb().doc(`customers/${res.body._id}`).get()).data();
    expect(stored).toMatchObject({
      potentialRank: 1,
      nameSort: 'ravi sharma',
      phoneSort: '+919876543210',
      emailSort: 'ravi@example.in',
    });
    expect(stored?.searchKeys).toEqual(
      expect.arrayContaining(['ra', 'sharma d', 'dairy', '3210', '919876', 'ravi@ex']),
    );
    // Each category set, and each again behind the owner's key (the owner filter's).
    expect(stored?.categoryKeys).toEqual(categoryKeys(['Boilers', 'PHE'], 'sales-uid'));
    expect(stored?.categoryKeys).toEqual(
      expect.arrayContaining(['boilers', 'boilers\u001fphe', 'phe']),
    );
    expect(await keyOwner('phone:+919876543210')).toBe(res.body._id);
    expect(await keyOwner('email:ravi@example.in')).toBe(res.body._id);
  });

  it('refuses a customer without a name, phone or email', async () => {
    const res = await request(employee)
      .post('/api/customers')
      .send({ names: [' '], phones: [], emails: [''], note: 'just a note', categories: ['PHE'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please add at least a name/phone/email');
  });

  it('names each invalid phone and email', async () => {
    const res = await request(employee)
      .post('/api/customers')
      .send({ names: ['A'], phones: ['98765 43210', '12345'], emails: ['not-an-email'] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'phones.1': 'Invalid phone number: 12345',
      'emails.0': 'Invalid email address: not-an-email',
    });
    expect(res.body.message).toContain('phones.1: Invalid phone number: 12345');
  });

  it('answers 409 with the customer that has the phone or email, unless forced', async () => {
    const first = await request(employee).post('/api/customers').send(ravi);
    const byPhone = await request(employee)
      .post('/api/customers')
      .send({ names: ['Someone'], phones: ['+919876543210'] });
    expect(byPhone.status).toBe(409);
    expect(byPhone.body.message).toBe('The phone +919876543210 already belongs to Ravi Sharma.');
    expect(byPhone.body.customer).toEqual(first.body);

    const byEmail = await request(employee)
      .post('/api/customers')
      .send({ emails: ['RAVI@example.in'] });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.customer._id).toBe(first.body._id);

    const forced = await request(employee)
      .post('/api/customers?force=true')
      .send({ names: ['Twin'], phones: ['9876543210'] });
    expect(forced.status).toBe(201);
    expect(forced.body.phones).toEqual(['+919876543210']);
    // The key stays with its first owner.
    expect(await keyOwner('phone:+919876543210')).toBe(first.body._id);
  });

  it('lets only one of several concurrent adds of the same phone through', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(employee)
          .post('/api/customers')
          .send({ names: [`Racer ${i}`], phones: ['+91 91234 56789'] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const stored = await getDb()
      .collection('customers')
      .where('phones', 'array-contains', '+919123456789')
      .get();
    expect(stored.size).toBe(1);
  });

  it('needs a session and the customers.write permission', async () => {
    expect((await request(appAs(null)).post('/api/customers').send(ravi)).status).toBe(401);
    const outsider = await request(appAs('outsider')).post('/api/customers').send(ravi);
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe('Access denied (needs the customers.write permission).');
  });
});

describe('PUT /customers/{id}', () => {
  beforeEach(resetBackends);

  it('changes the fields sent, keeps the rest, and moves the phone keys', async () => {
    const created = (await request(employee).post('/api/customers').send(ravi)).body;
    const res = await request(employee)
      .put(`/api/customers/${created._id}`)
      .send({ phones: ['+91 99887 76655'], potential: 'vip' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: created._id,
      names: created.names,
      emails: created.emails,
      phones: ['+919988776655'],
      potential: 'VIP',
      createdAt: created.createdAt,
    });
    expect(res.body.updatedAt >= created.updatedAt).toBe(true);
    expect(await keyOwner('phone:+919876543210')).toBeUndefined();
    expect(await keyOwner('phone:+919988776655')).toBe(created._id);
    const stored = (await getDb().doc(`customers/${created._id}`).get()).data();
    expect(stored?.potentialRank).toBe(0);
    expect(stored?.searchKeys).toContain('6655');
    expect(stored?.searchKeys).not.toContain('3210');

    // The freed phone can go to a new customer.
    const again = await request(employee)
      .post('/api/customers')
      .send({ phones: ['9876543210'] });
    expect(again.status).toBe(201);
  });

  it("answers 409 for another customer's phone, unless forced", async () => {
    const a = (
      await request(employee)
        .post('/api/customers')
        .send({ names: ['A'], phones: ['9811111111'] })
    ).body;
    const b = (
      await request(employee)
        .post('/api/customers')
        .send({ names: ['B'], phones: ['9822222222'] })
    ).body;
    const clash = await request(employee)
      .put(`/api/customers/${b._id}`)
      .send({ phones: ['9822222222', '9811111111'] });
    expect(clash.status).toBe(409);
    expect(clash.body.customer._id).toBe(a._id);
    const forced = await request(employee)
      .put(`/api/customers/${b._id}?force=true`)
      .send({ phones: ['9822222222', '9811111111'] });
    expect(forced.status).toBe(200);
    expect(await keyOwner('phone:+919811111111')).toBe(a._id);

    // When A gives the phone up, its twin B inherits the key.
    await request(employee).put(`/api/customers/${a._id}`).send({ phones: [] });
    expect(await keyOwner('phone:+919811111111')).toBe(b._id);
  });

  it('refuses an edit that leaves no name, phone or email, and unknown ids', async () => {
    const a = (
      await request(employee)
        .post('/api/customers')
        .send({ names: ['A'] })
    ).body;
    const empty = await request(employee).put(`/api/customers/${a._id}`).send({ names: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please add at least a name/phone/email');
    const missing = await request(employee)
      .put('/api/customers/nope')
      .send({ names: ['X'] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Customer not found');
  });

  it('reports invalid values per field', async () => {
    const a = (
      await request(employee)
        .post('/api/customers')
        .send({ names: ['A'] })
    ).body;
    const res = await request(employee)
      .put(`/api/customers/${a._id}`)
      .send({ phones: ['abc'] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ 'phones.0': 'Invalid phone number: abc' });
  });
});

describe('DELETE /customers/{id}', () => {
  beforeEach(resetBackends);

  it('is admin only, saying so', async () => {
    const a = (
      await request(employee)
        .post('/api/customers')
        .send({ names: ['A'], phones: ['9811111111'] })
    ).body;
    const denied = await request(employee).delete(`/api/customers/${a._id}`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Only admin can delete customers.');
    expect((await request(appAs(null)).delete(`/api/customers/${a._id}`)).status).toBe(401);

    const res = await request(admin).delete(`/api/customers/${a._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await getDb().doc(`customers/${a._id}`).get()).exists).toBe(false);
    expect(await keyOwner('phone:+919811111111')).toBeUndefined();
    expect((await request(admin).delete(`/api/customers/${a._id}`)).status).toBe(404);
  });
});
