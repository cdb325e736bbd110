// Chat is not an entry: a customer's message becomes a pending entry only when it starts
// something (a number the company does not know, or the first message after the conversation
// was quiet for the settings' days), assigned to the customer's owner; STOP and START live in
// the conversation only, and are applied once, in order of when they were written, with the
// message itself.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs, EMPLOYEE, useEntriesWorld } from './support';
import { deliver, inbound, text } from './webhook-support';

const admin = appAs('admin');
const world = useEntriesWorld();
const RAVI = '919812345678';

/** A customer's message, stamped `secondsAgo` before now (Meta's timestamp is in seconds). */
const writes = (id: string, body: string, secondsAgo = 0, from = RAVI) =>
  deliver(
    inbound([
      { ...text(id, from, body), timestamp: String(Math.floor(Date.now() / 1000) - secondsAgo) },
    ]),
  ).expect(200);

const pending = async () =>
  (await getDb().collection('entries').where('status', '==', 'pending').get()).docs.map((d) =>
    d.data(),
  );
const ravi = async () => (await getDb().collection('customers').doc(world.ravi).get()).data()!;
const threadTexts = async () =>
  (
    await getDb().collection('conversationMessages').where('customerId', '==', world.ravi).get()
  ).docs
    .map((d) => d.get('text') as string)
    .sort();

describe('which messages start a pending entry', () => {
  it('the first message starts one, assigned to the owner; the chat that follows does not', async () => {
    await request(admin)
      .put(`/api/customers/${world.ravi}/owner`)
      .send({ ownerId: EMPLOYEE.uid })
      .expect(200);
    await writes('wamid.A1', 'Need 50 tanks');
    await writes('wamid.A2', 'By Friday please');
    await writes('wamid.A3', '[image] see attached');
    const entries = await pending();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ description: 'Need 50 tanks' });
    expect(entries[0].employee).toMatchObject({ _id: EMPLOYEE.uid, name: EMPLOYEE.name });
    // Every message is in the conversation, whatever started an entry.
    expect(await threadTexts()).toEqual([
      'By Friday please',
      'Need 50 tanks',
      '[image] see attached',
    ]);
  });

  it('a number the company does not know is a new lead: a customer and a pending entry', async () => {
    await writes('wamid.N1', 'Hi, price of 1000 L tank?', 0, '919800011111');
    await writes('wamid.N2', 'And delivery to Pune?', 0, '919800011111');
    expect(await pending()).toHaveLength(1);
  });

  it('after the quiet days of settings the next message starts an entry again', async () => {
    await request(admin).put('/api/admin/settings').send({ inboundEntryQuietDays: 2 }).expect(200);
    await writes('wamid.Q1', 'Old question');
    await writes('wamid.Q2', 'Still there?');
    // Three days pass with nothing said.
    await getDb()
      .collection('conversations')
      .doc(world.ravi)
      .update({ lastAt: Timestamp.fromMillis(Date.now() - 3 * 86_400_000) });
    await writes('wamid.Q3', 'Back again');
    expect((await pending()).map((e) => e.description).sort()).toEqual([
      'Back again',
      'Old question',
    ]);
  });

  it('STOP and START are no entries, and an admin has nothing to approve', async () => {
    await writes('wamid.S0', 'Hello');
    await writes('wamid.S1', 'STOP');
    await writes('wamid.S2', 'START');
    expect((await pending()).map((e) => e.description)).toEqual(['Hello']);
  });
});

describe('STOP and START in order, once', () => {
  it('a START written before a STOP but delivered after it does not opt the customer back in', async () => {
    await writes('wamid.O1', 'STOP', 60);
    expect((await ravi()).whatsappOptOuts?.['+919812345678']).toBeInstanceOf(Timestamp);
    await writes('wamid.O2', 'START', 120);
    expect((await ravi()).whatsappOptOuts?.['+919812345678']).toBeInstanceOf(Timestamp);
  });

  it('a STOP delivered again after a newer START does not opt them out again', async () => {
    await writes('wamid.R1', 'STOP', 60);
    await writes('wamid.R2', 'START', 30);
    expect((await ravi()).whatsappOptOuts?.['+919812345678']).toBeUndefined();
    await writes('wamid.R1', 'STOP', 60);
    expect((await ravi()).whatsappOptOuts?.['+919812345678']).toBeUndefined();
  });
});
