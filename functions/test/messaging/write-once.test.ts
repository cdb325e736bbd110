// Write once (issue 23): the one message a person types goes on every channel that is on, word
// for word inside the window and in the template outside it; a template parameter is never '-'
// or empty; the owner keeps the words the customer received; a resend sends only the channels
// asked; STOP opts the customer out of WhatsApp until START.
import type { DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { eventually, useMessagingWorld, type MessagingWorld } from './support';
import type { OutboxMessage } from '../../../tools/stack/outbox.ts';

const employee = appAs('employee');
const world = useMessagingWorld();
const RAVI = '+919812345678';
const QUOTE = 'Quotation: 40 chairs at ₹2,350 each, delivery Friday';
const GENERIC = 'Thank you for your time. We will be in touch shortly.';

const entryOf = async (id: string) =>
  (await getDb().collection('entries').doc(id).get()).data() as DocumentData;

/** The customer writes `text` on WhatsApp; waits until the app has taken it. */
async function customerWrites(w: MessagingWorld, text: string, check: () => Promise<unknown>) {
  await w.control('inbound', { from: RAVI, text, name: 'Ravi' });
  await eventually(check);
}

const windowOpen = async () => {
  const customer = (await getDb().collection('customers').doc(world.ravi).get()).data();
  return customer?.whatsappWindows?.[RAVI];
};
const optedOut = async () => {
  const customer = (await getDb().collection('customers').doc(world.ravi).get()).data();
  return customer?.whatsappOptOuts?.[RAVI];
};

/** Add Entry as a hurried person sends it: the main box only, both channels on. */
const addEntry = (body: object = {}) =>
  request(employee)
    .post('/api/entries')
    .send({ customer: world.ravi, description: QUOTE, whatsapp: {}, email: {}, ...body });

const emailText = (m: OutboxMessage) => JSON.stringify(m.body);

describe('write once', () => {
  it('window closed: the template carries the message, the email is the message', async () => {
    const res = await addEntry();
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual([]);
    const sent = await world.sent();
    const whatsapp = sent.find((m) => m.channel === 'whatsapp')!;
    const email = sent.find((m) => m.channel === 'email')!;
    expect(whatsapp.summary).toBe(`Hello Ravi Sharma, a message from our team: ${QUOTE}`);
    expect(JSON.stringify(whatsapp.body)).not.toContain('"-"');
    expect(emailText(email)).toContain(JSON.stringify(QUOTE).slice(1, -1));
    expect(emailText(email)).not.toContain(GENERIC);
    // The owner keeps the words the customer received on each channel.
    const entry = await entryOf(res.body._id);
    expect(entry.dispatch.whatsapp.preview).toBe(whatsapp.summary);
    expect(entry.dispatch.email.preview).toBe(QUOTE);
  });

  it('window open: the message goes word for word on both channels', async () => {
    await customerWrites(world, 'Please send the quote', windowOpen);
    const res = await addEntry({ whatsapp: { body: '' }, email: { body: '' } });
    expect(res.status).toBe(201);
    const sent = await world.sent();
    const whatsapp = sent.filter((m) => m.channel === 'whatsapp');
    expect(whatsapp.map((m) => m.summary)).toEqual([QUOTE]);
    expect(emailText(sent.find((m) => m.channel === 'email')!)).toContain(
      JSON.stringify(QUOTE).slice(1, -1),
    );
    expect(res.body.dispatch.whatsapp.preview).toBe(QUOTE);
  });

  it('"different text" for one channel goes on that channel only', async () => {
    const res = await addEntry({ email: { body: 'Dear Ravi, the quote is attached.' } });
    expect(res.status).toBe(201);
    const sent = await world.sent();
    expect(sent.find((m) => m.channel === 'whatsapp')!.summary).toContain(QUOTE);
    const email = emailText(sent.find((m) => m.channel === 'email')!);
    expect(email).toContain('Dear Ravi, the quote is attached.');
    expect(email).not.toContain('40 chairs');
  });

  it('the generic line goes only when there is no message at all', async () => {
    const res = await addEntry({ description: '' });
    expect(res.status).toBe(201);
    expect(res.body.description).toBe(GENERIC);
    const sent = await world.sent();
    expect(sent.find((m) => m.channel === 'whatsapp')!.summary).toContain(GENERIC);
  });

  it('a template parameter with nothing to fill it is a 400, and nothing goes', async () => {
    const res = await request(employee)
      .post('/api/integrations/whatsapp/send')
      .send({ to: RAVI, templateId: 'crm_message', language: 'en', parameters: ['Ravi', ' '] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('needs {{2}} filled');
    expect(await world.sent()).toEqual([]);
  });

  it('the preview says what goes for an empty box: the generic line, never "-"', async () => {
    const res = await request(employee)
      .post('/api/whatsapp/preview')
      .send({ customerId: world.ravi, text: '' });
    expect(res.status).toBe(200);
    expect(res.body.preview).toBe(`Hello Ravi Sharma, a message from our team: ${GENERIC}`);
  });
});

describe('resend', () => {
  it('sends only the channels asked: WhatsApp alone leaves email alone', async () => {
    const created = await addEntry();
    const before = (await world.sent()).length;
    const res = await request(employee)
      .post(`/api/entries/${created.body._id}/resend`)
      .send({ send: { whatsapp: {}, email: null } });
    expect(res.status).toBe(200);
    const again = (await world.sent()).slice(before);
    expect(again.map((m) => m.channel)).toEqual(['whatsapp']);
    expect(again[0].summary).toContain(QUOTE);
  });

  it('a message typed for the resend goes on each channel asked', async () => {
    const created = await addEntry();
    const before = (await world.sent()).length;
    const res = await request(employee)
      .post(`/api/entries/${created.body._id}/resend`)
      .send({ message: 'Revised: 40 chairs at ₹2,200', send: { whatsapp: {}, email: {} } });
    expect(res.status).toBe(200);
    const again = (await world.sent()).slice(before);
    expect(again.find((m) => m.channel === 'whatsapp')!.summary).toContain(
      'Revised: 40 chairs at ₹2,200',
    );
    expect(emailText(again.find((m) => m.channel === 'email')!)).toContain('Revised: 40 chairs');
  });
});

describe('opt-out (STOP / START)', () => {
  it.each(['STOP', 'stop', 'Unsubscribe', 'band karo', 'बंद करो'])(
    '"%s" opts the customer out: the next WhatsApp does not go and says why',
    async (word) => {
      await customerWrites(world, word, optedOut);
      const customer = await request(employee).get(`/api/customers/${world.ravi}`);
      expect(customer.body.whatsappWindow.optedOutAt).toEqual(expect.any(String));
      const res = await addEntry();
      expect(res.status).toBe(201);
      expect(res.body.failed).toEqual(['whatsapp']);
      expect(res.body.dispatch.whatsapp).toMatchObject({
        status: 'not_sent',
        error: expect.stringContaining('opted out of WhatsApp (wrote STOP)'),
      });
      const sent = await world.sent();
      expect(sent.map((m) => m.channel)).toEqual(['email']);
      const preview = await request(employee)
        .post('/api/whatsapp/preview')
        .send({ customerId: world.ravi, text: 'Hi' });
      expect(preview.body.notSent).toContain('opted out');
    },
  );

  it('a sentence that contains "stop" is no opt-out; START opts back in', async () => {
    await customerWrites(world, 'Please stop by on Friday', windowOpen);
    expect(await optedOut()).toBeUndefined();
    await customerWrites(world, 'STOP', optedOut);
    await customerWrites(world, 'start', async () => !(await optedOut()));
    const res = await addEntry();
    expect(res.body.failed).toEqual([]);
    expect((await world.sent()).some((m) => m.channel === 'whatsapp')).toBe(true);
  });
});
