import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs, mobile, seedCustomers } from './support';

const employee = appAs('employee');

async function seedLinked(collection: string, customerId: string, count: number) {
  const db = getDb();
  for (let i = 0; i < count; i += 400) {
    const batch = db.batch();
    for (let j = i; j < Math.min(count, i + 400); j++)
      batch.set(db.collection(collection).doc(), {
        customerId,
        customerName: 'old',
        customer: {
          names: ['old'],
          phones: [],
          emails: [],
          categories: [],
          potential: '',
        },
        description: `${collection} ${j}`,
        createdAt: Timestamp.now(),
      });
    await batch.commit();
  }
}

const countWhere = async (collection: string, customerId: string) =>
  (await getDb().collection(collection).where('customerId', '==', customerId).count().get()).data()
    .count;

describe('POST /customers/merge', () => {
  beforeEach(resetBackends);

  it('unions into the primary, deletes the others, moves their entries and follow-ups, keeps an audit', async () => {
    const [primary, b, c, outsider] = await seedCustomers([
      {
        names: ['Ravi Sharma'],
        phones: ['9811111111'],
        emails: [],
        categories: ['PHE'],
        potential: 'COLD',
        note: 'primary note',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      {
        names: ['R. Sharma', 'ravi sharma'],
        phones: ['9822222222'],
        emails: ['ravi@x.in'],
        categories: ['PP', 'phe'],
        potential: 'HOT',
        note: 'second note',
      },
      {
        names: ['Sharma Dairy'],
        phones: ['9811111111', '9833333333'],
        emails: ['dairy@x.in'],
        categories: [],
        potential: 'Lukewarm',
        note: 'primary note',
      },
      { names: ['Someone else'], phones: ['9844444444'] },
    ]);
    await seedLinked('entries', b, 500);
    await seedLinked('entries', c, 3);
    await seedLinked('followUps', c, 2);
    await seedLinked('entries', outsider, 1);

    const res = await request(employee)
      .post('/api/customers/merge')
      .send({ primaryId: primary, mergeIds: [b, c] });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);
    expect(res.body.customer).toMatchObject({
      _id: primary,
      names: ['Ravi Sharma', 'R. Sharma', 'Sharma Dairy'],
      phones: ['+919811111111', '+919822222222', '+919833333333'],
      emails: ['ravi@x.in', 'dairy@x.in'],
      categories: ['PHE', 'PP'],
      potential: 'HOT',
      note: 'primary note\nsecond note',
      createdAt: '2026-01-01T00:00:00.000Z',
    });

    const db = getDb();
    expect((await db.doc(`customers/${b}`).get()).exists).toBe(false);
    expect((await db.doc(`customers/${c}`).get()).exists).toBe(false);
    expect(await countWhere('entries', primary)).toBe(503);
    expect(await countWhere('followUps', primary)).toBe(2);
    expect(await countWhere('entries', b)).toBe(0);
    expect(await countWhere('entries', outsider)).toBe(1);
    const moved = await db.collection('entries').where('customerId', '==', primary).limit(1).get();
    expect(moved.docs[0].get('customer')).toEqual({
      names: res.body.customer.names,
      phones: res.body.customer.phones,
      emails: res.body.customer.emails,
      categories: res.body.customer.categories,
      potential: 'HOT',
    });
    // The entries feature's search keys follow the new copy (names of the whole merge).
    expect(moved.docs[0].get('searchKeys')).toEqual(expect.arrayContaining(['n:dairy']));
    const followUp = await db
      .collection('followUps')
      .where('customerId', '==', primary)
      .limit(1)
      .get();
    expect(followUp.docs[0].get('customerName')).toBe('Ravi Sharma');

    for (const phone of ['+919822222222', '+919833333333'])
      expect((await db.doc(`customerKeys/phone:${phone}`).get()).get('customerId')).toBe(primary);
    expect((await db.doc('customerKeys/email:ravi@x.in').get()).get('customerId')).toBe(primary);

    const audit = await db.collection(`customers/${primary}/audit`).get();
    expect(audit.size).toBe(1);
    expect(audit.docs[0].data()).toMatchObject({
      type: 'merge',
      by: { uid: 'sales-uid', email: 'sales@example.in' },
      mergedIds: [b, c],
      primaryBefore: { names: ['Ravi Sharma'], potential: 'COLD' },
      moved: { entries: 503, followUps: 2, conversationMessages: 0 },
    });
    expect(audit.docs[0].get('merged')).toHaveLength(2);
    expect(audit.docs[0].get('merged')[0]).toMatchObject({
      _id: b,
      names: ['R. Sharma', 'ravi sharma'],
      potential: 'HOT',
    });

    // The merged phones now point at the primary.
    const dup = await request(employee)
      .post('/api/customers')
      .send({ phones: ['9833333333'] });
    expect(dup.status).toBe(409);
    expect(dup.body.customer._id).toBe(primary);
    // And the primary's search keys cover the merged values.
    const found = await request(employee).get('/api/customers').query({ q: 'dairy' });
    expect(found.body.items.map((x: { _id: string }) => x._id)).toEqual([primary]);
  });

  it("renames the primary's own follow-ups when the merge gives it a name", async () => {
    const [primary, named] = await seedCustomers([
      { phones: ['9855555555'] },
      { names: ['Meera Traders'], emails: ['meera@x.in'] },
    ]);
    const db = getDb();
    const own = db.collection('followUps').doc();
    await own.set({ customerId: primary, customerName: '+919855555555', note: 'call back' });

    const res = await request(employee)
      .post('/api/customers/merge')
      .send({ primaryId: primary, mergeIds: [named] });
    expect(res.status).toBe(200);
    expect(res.body.customer.names).toEqual(['Meera Traders']);
    expect((await own.get()).get('customerName')).toBe('Meera Traders');
  });

  it('merges 50 customers at once', async () => {
    const ids = await seedCustomers(
      Array.from({ length: 50 }, (_, i) => ({
        names: [`C${i}`],
        phones: [mobile(30_000_000 + i)],
      })),
    );
    const res = await request(employee)
      .post('/api/customers/merge')
      .send({ primaryId: ids[0], mergeIds: ids.slice(1) });
    expect(res.status).toBe(200);
    expect(res.body.customer.phones).toHaveLength(50);
    expect((await getDb().collection('customers').get()).size).toBe(1);
  });

  it('checks its input and changes nothing when a customer is missing', async () => {
    const [a, b] = await seedCustomers([{ names: ['A'] }, { names: ['B'] }]);
    const bad = async (body: unknown, status = 400) => {
      const res = await request(employee)
        .post('/api/customers/merge')
        .send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(status);
      return res.body;
    };
    expect((await bad({ primaryId: a, mergeIds: [] })).fields.mergeIds).toBeDefined();
    expect((await bad({ primaryId: a, mergeIds: [a] })).fields.mergeIds).toBe(
      'The primary customer cannot be merged into itself',
    );
    expect((await bad({ primaryId: a, mergeIds: [b, b] })).fields.mergeIds).toBe(
      'A customer is listed twice',
    );
    expect(
      (await bad({ primaryId: a, mergeIds: Array.from({ length: 50 }, (_, i) => `x${i}`) })).fields
        .mergeIds,
    ).toBe('At most 50 customers merge at once');
    expect((await bad({ mergeIds: [b] })).fields.primaryId).toBeDefined();
    expect((await bad({ primaryId: a, mergeIds: [b, 'gone'] }, 404)).message).toBe(
      'Customer not found: gone',
    );
    expect((await getDb().doc(`customers/${b}`).get()).exists).toBe(true);
    expect(
      (
        await request(appAs('outsider'))
          .post('/api/customers/merge')
          .send({ primaryId: a, mergeIds: [b] })
      ).status,
    ).toBe(403);
  });
});
