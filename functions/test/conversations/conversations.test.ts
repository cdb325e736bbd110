// Conversations: every message with a customer, both ways, in one thread; the owner told of a
// reply at once and the reply unread until they open it; the Inbox; the reply box under the
// sending rules; owners; and the reads a page costs, whatever the thread's length.
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { ADMIN, appAs, EMPLOYEE, readCounters, resetCounters } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';

const sales = appAs('employee');
const admin = appAs('admin');
const world = useMessagingWorld();
const RAVI_PHONE = '+919812345678';

const giveToSales = () =>
  request(admin).put(`/api/customers/${world.ravi}/owner`).send({ ownerId: EMPLOYEE.uid });
const thread = (app = sales, query = '') =>
  request(app).get(`/api/customers/${world.ravi}/conversation${query}`);
const customerWrites = (text: string, more: object = {}) =>
  world.control('inbound', { from: RAVI_PHONE, text, name: 'Ravi', ...more }) as Promise<{
    id: string;
    webhookStatus: number;
  }>;
const notifications = async () =>
  (await getDb().collection('notifications').get()).docs.map((d) => d.data());

describe('owners', () => {
  it('the new owner is told, live, with the unread that waits for them; a repeat tells nothing', async () => {
    await customerWrites('Is the tank in stock?');
    expect((await giveToSales()).status).toBe(200);
    const told = (await notifications()).filter((n) => n.type === 'customer.assigned');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      audience: 'user',
      userId: EMPLOYEE.uid,
      customerId: world.ravi,
      title: 'Ravi Sharma is now your customer',
      message: '1 unread message waiting in the conversation',
    });
    // The unread is the new owner's now.
    expect((await request(sales).get('/api/inbox')).body.unread).toBe(1);
    await giveToSales();
    expect((await notifications()).filter((n) => n.type === 'customer.assigned')).toHaveLength(1);
  });

  it('a customer is owned by whoever creates it; an admin changes it; others may not', async () => {
    const created = await request(sales)
      .post('/api/customers')
      .send({ names: ['Kiran Rao'] });
    expect(created.status).toBe(201);
    expect(created.body.owner).toEqual({ _id: EMPLOYEE.uid, name: EMPLOYEE.name });
    const bulk = await request(admin)
      .post('/api/customers/bulk')
      .send({ rows: [{ names: ['Meena Pillai'] }] });
    expect(bulk.body.customers[0].owner).toEqual({ _id: ADMIN.uid, name: ADMIN.name });

    const refused = await request(sales)
      .put(`/api/customers/${world.ravi}/owner`)
      .send({ ownerId: EMPLOYEE.uid });
    expect(refused.status).toBe(403);
    const unknown = await request(admin)
      .put(`/api/customers/${world.ravi}/owner`)
      .send({ ownerId: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No approved employee has this id');
    expect((await request(admin).get(`/api/customers/${world.ravi}`)).body.owner).toBeNull();

    const given = await giveToSales();
    expect(given.status).toBe(200);
    expect(given.body.owner).toEqual({ _id: EMPLOYEE.uid, name: EMPLOYEE.name });
    // An edit of the customer keeps the owner.
    const edited = await request(sales)
      .put(`/api/customers/${world.ravi}`)
      .send({ note: 'Prefers WhatsApp' });
    expect(edited.body.owner).toEqual({ _id: EMPLOYEE.uid, name: EMPLOYEE.name });
    const listed = await request(sales).get('/api/customers?limit=10');
    expect(listed.body.items.find((c: { _id: string }) => c._id === world.ravi).owner).toEqual({
      _id: EMPLOYEE.uid,
      name: EMPLOYEE.name,
    });
  });
});

describe('a reply from the customer', () => {
  it('is in the conversation at once, tells the owner, and stays unread until they open it', async () => {
    await giveToSales();
    const sent = await customerWrites('OK, 40 chairs confirmed');
    expect(sent.webhookStatus).toBe(200);

    const page = await thread();
    expect(page.status).toBe(200);
    expect(page.body.messages).toEqual([
      expect.objectContaining({
        direction: 'in',
        channel: 'whatsapp',
        text: 'OK, 40 chairs confirmed',
        state: 'received',
        source: 'inbound',
        entryId: expect.any(String),
      }),
    ]);
    // The entry still waits for approval; the message did not.
    const entry = await getDb().collection('entries').doc(page.body.messages[0].entryId).get();
    expect(entry.get('status')).toBe('pending');

    // (Being given the customer told the owner too: customer.assigned.)
    expect((await notifications()).filter((n) => n.type !== 'customer.assigned')).toEqual([
      expect.objectContaining({
        type: 'message.inbound',
        title: 'New WhatsApp message',
        message: 'Ravi Sharma: OK, 40 chairs confirmed',
        audience: 'user',
        userId: EMPLOYEE.uid,
        customerId: world.ravi,
      }),
    ]);
    const latest = await request(sales).get('/api/notifications/latest');
    expect(latest.body[0]).toMatchObject({ title: 'New WhatsApp message', customerId: world.ravi });

    const inbox = await request(sales).get('/api/inbox');
    expect(inbox.body.unread).toBe(1);
    expect(inbox.body.items).toEqual([
      expect.objectContaining({
        customerId: world.ravi,
        customerName: 'Ravi Sharma',
        unread: 1,
        lastText: 'OK, 40 chairs confirmed',
        lastDirection: 'in',
        owner: { _id: EMPLOYEE.uid, name: EMPLOYEE.name },
        window: expect.objectContaining({ open: true }),
      }),
    ]);
    // An admin opening it leaves it unread for the owner.
    expect(
      (await request(admin).post(`/api/customers/${world.ravi}/conversation/read`)).body,
    ).toEqual({ unread: 1 });
    expect(
      (await request(sales).post(`/api/customers/${world.ravi}/conversation/read`)).body,
    ).toEqual({ unread: 0 });
    const after = await request(sales).get('/api/inbox');
    expect(after.body.unread).toBe(0);
    expect(after.body.items[0].unread).toBe(0);
  });

  it('of a customer without an owner goes to the admins', async () => {
    await customerWrites('Anyone there?');
    expect(await notifications()).toEqual([
      expect.objectContaining({
        type: 'message.inbound',
        audience: 'admins',
        customerId: world.ravi,
      }),
    ]);
    expect((await request(sales).get('/api/inbox')).body.items).toEqual([]);
    const unowned = await request(admin).get('/api/inbox?scope=unowned');
    expect(unowned.body.items.map((i: { customerId: string }) => i.customerId)).toEqual([
      world.ravi,
    ]);
    expect(unowned.body.unread).toBe(1);
    // The admin's own Inbox holds what their unread count counts: the admin opening it from
    // the top bar's count finds the message there.
    const mine = await request(admin).get('/api/inbox');
    expect(mine.body.unread).toBe(1);
    expect(mine.body.items.map((i: { customerId: string }) => i.customerId)).toEqual([world.ravi]);
    expect((await request(sales).get('/api/inbox?scope=all')).status).toBe(403);
  });

  it('names a customer from an unknown number by the profile name, else "Unknown (+91 …)"', async () => {
    await world.control('inbound', { from: '+919810185084', text: 'Hi' });
    await world.control('inbound', { from: '+919810185085', text: 'Hi', name: 'Farida Khan' });
    const names = async (phone: string) =>
      (
        await getDb().collection('customers').where('phones', 'array-contains', phone).get()
      ).docs.map((d) => d.get('names') as string[]);
    expect(await names('+919810185084')).toEqual([['Unknown (+91 98101 85084)']]);
    expect(await names('+919810185085')).toEqual([['Farida Khan']]);
  });

  it('carries a file the app downloads from the media endpoint, and the message it answers', async () => {
    await giveToSales();
    const reply = await request(sales)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'whatsapp', text: 'Sending the quote now' });
    // The window is closed: the company default goes, which the customer can answer.
    expect(reply.status).toBe(201);
    const wamid = await eventually(async () => {
      const sent = await world.sent();
      return sent.find((m) => m.channel === 'whatsapp')?.id;
    });
    await customerWrites('Here is our PO', {
      file: { name: 'po.pdf', mimetype: 'application/pdf' },
      contextId: wamid,
    });
    const page = await thread();
    const inbound = page.body.messages.at(-1);
    expect(inbound).toMatchObject({
      direction: 'in',
      text: 'Here is our PO',
      files: [expect.objectContaining({ name: 'po.pdf', mimetype: 'application/pdf' })],
      replyTo: { providerId: wamid, text: expect.stringContaining('Sending the quote now') },
    });
    const file = await request(sales).get(inbound.files[0].url).buffer(true);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(file.body as Buffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('the reply box', () => {
  it('inside the window sends the text as typed, shown in the thread with its state', async () => {
    await customerWrites('Please send the quote');
    const res = await request(sales)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'whatsapp', text: 'Quotation: 40 chairs at ₹2,350 each' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      direction: 'out',
      text: 'Quotation: 40 chairs at ₹2,350 each',
      source: 'reply',
      byName: EMPLOYEE.name,
    });
    const sent = (await world.sent()).filter((m) => m.channel === 'whatsapp');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      type: 'text',
      text: { body: 'Quotation: 40 chairs at ₹2,350 each' },
    });
    // Delivery callbacks keep the thread's state current.
    const read = await eventually(async () => {
      const last = (await thread()).body.messages.at(-1);
      return last.state === 'read' ? last : undefined;
    });
    expect(read).toBeTruthy();
  });

  it('outside the window sends what the preview showed, with the template named', async () => {
    const preview = await request(sales)
      .post('/api/whatsapp/preview')
      .send({ customerId: world.ravi, text: 'Your order ships Friday' });
    expect(preview.body.window.open).toBe(false);
    const res = await request(sales)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'whatsapp', text: 'Your order ships Friday' });
    expect(res.status).toBe(201);
    expect(res.body.text).toBe(preview.body.preview);
    expect(res.body.templateName).toBe(preview.body.template.name);
    const sent = (await world.sent()).filter((m) => m.channel === 'whatsapp');
    expect(sent[0].summary).toBe(preview.body.preview);
  });

  it('sends an email with the typed words, and refuses what cannot go', async () => {
    const res = await request(sales)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'email', text: 'The brochure is attached', subject: 'Brochure' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      channel: 'email',
      subject: 'Brochure',
      text: 'The brochure is attached',
    });
    const empty = await request(sales)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'whatsapp', text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Type a message or choose a template first');
    const bad = await request(sales)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'fax', text: 'Hi' });
    expect(bad.status).toBe(400);
    const missing = await request(sales)
      .post('/api/customers/nobody/conversation')
      .send({ channel: 'email', text: 'x' });
    expect(missing.status).toBe(404);
  });

  it('an Add Entry message shows in the thread too', async () => {
    const entry = await request(sales)
      .post('/api/entries')
      .send({
        customer: world.ravi,
        description: 'Quote',
        email: { subject: 'Quote', body: 'Quote for 40 chairs' },
      });
    expect(entry.status).toBe(201);
    const messages = (await thread()).body.messages;
    expect(messages).toEqual([
      expect.objectContaining({
        direction: 'out',
        channel: 'email',
        source: 'entry',
        entryId: entry.body._id,
        subject: 'Quote',
      }),
    ]);
  });
});

/** `count` messages written straight to the store, one a minute. */
async function seedThread(customerId: string, count: number): Promise<void> {
  const db = getDb();
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i += 400) {
    const batch = db.batch();
    for (let j = i; j < Math.min(count, i + 400); j++) {
      const doc: DocumentData = {
        customerId,
        at: Timestamp.fromMillis(start + j * 60_000),
        direction: j % 2 ? 'out' : 'in',
        channel: 'whatsapp',
        text: `Message ${j}`,
        files: [],
        state: j % 2 ? 'read' : 'received',
        source: j % 2 ? 'reply' : 'inbound',
      };
      batch.set(db.collection('conversationMessages').doc(), doc);
    }
    await batch.commit();
  }
}

describe('reads', () => {
  it('a page of a 1,000-message conversation reads the page and 2 more; pages go back in order', async () => {
    await seedThread(world.ravi, 1000);
    await resetCounters();
    const first = await thread(sales, '?limit=30');
    const { reads } = await readCounters();
    expect(first.body.messages).toHaveLength(30);
    expect(reads).toBeLessThanOrEqual(30 + 2);
    expect(first.body.messages[0].text).toBe('Message 970');
    expect(first.body.messages.at(-1).text).toBe('Message 999');
    const second = await thread(sales, `?limit=30&cursor=${first.body.nextCursor}`);
    expect(second.body.messages.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Message ${940 + i}`),
    );
    expect((await thread(sales, '?cursor=nonsense')).status).toBe(400);
  });

  it("the Inbox's first page reads at most twice the page size", async () => {
    const db = getDb();
    const batch = db.batch();
    for (let i = 0; i < 120; i++) {
      batch.set(db.collection('conversations').doc(`c${i}`), {
        customerId: `c${i}`,
        customerName: `Customer ${i}`,
        phone: null,
        ownerId: i % 2 ? EMPLOYEE.uid : '',
        ownerName: i % 2 ? EMPLOYEE.name : '',
        lastAt: Timestamp.fromMillis(Date.UTC(2026, 0, 1) + i * 60_000),
        lastText: `Hello ${i}`,
        lastDirection: 'in',
        lastChannel: 'whatsapp',
        unread: 1,
      });
    }
    await batch.commit();
    for (const [app, scope] of [
      [sales, 'mine'],
      [admin, 'all'],
    ] as const) {
      await resetCounters();
      const page = await request(app).get(`/api/inbox?scope=${scope}&limit=20`);
      const { reads } = await readCounters();
      expect(page.body.items).toHaveLength(20);
      expect(page.body.items[0].customerName).toBe(
        scope === 'mine' ? 'Customer 119' : 'Customer 119',
      );
      expect(reads).toBeLessThanOrEqual(2 * 20);
    }
  });
});
