// Read means seen, for that person: the owner's unread is what the owner has not seen (an admin
// opening the conversation leaves it); a customer given to someone else brings the messages the
// new owner has not seen; the owner with the conversation on screen when the customer writes
// reads it at once (the page's call on the stream's notice), and the Inbox agrees.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { getDb } from '../../src/firebase';
import { appAs, EMPLOYEE, EMPLOYEE_PERMISSIONS, seedUser } from '../entries/support';
import { openStream, until } from '../support/event-stream';
import { useMessagingWorld } from '../messaging/support';

const world = useMessagingWorld();
const sales = appAs('employee');
const admin = appAs('admin');
const PRIYA = { uid: 'priya-uid', email: 'priya@example.in', name: 'Priya Nair' };
const priya = createApp({
  session: (req, _res, next) => {
    req.session = {
      uid: PRIYA.uid,
      email: PRIYA.email,
      role: 'sales',
      permissions: EMPLOYEE_PERMISSIONS,
    };
    next();
  },
});

const customerWrites = (text: string) =>
  world.control('inbound', { from: '+919812345678', text, name: 'Ravi' });
const giveTo = (ownerId: string | null) =>
  request(admin).put(`/api/customers/${world.ravi}/owner`).send({ ownerId }).expect(200);
const opens = (app: typeof sales) =>
  request(app).post(`/api/customers/${world.ravi}/conversation/read`).expect(200);
const inbox = async (app: typeof sales) => {
  const page = (await request(app).get('/api/inbox').expect(200)).body as {
    unread: number;
    items: { customerId: string; unread: number }[];
  };
  return { count: page.unread, row: page.items.find((i) => i.customerId === world.ravi)?.unread };
};
const assignedNotice = async (uid: string) =>
  (await getDb().collection('notifications').where('userId', '==', uid).get()).docs
    .map((d) => d.data())
    .find((n) => n.type === 'customer.assigned');

describe('unread is per person', () => {
  it("an admin opening the owner's conversation leaves it unread for the owner", async () => {
    await giveTo(EMPLOYEE.uid);
    await customerWrites('Is the tank in stock?');
    await customerWrites('Need 2 by Friday');
    expect((await opens(admin)).body).toEqual({ unread: 2 });
    expect(await inbox(sales)).toEqual({ count: 2, row: 2 });
    expect((await opens(sales)).body).toEqual({ unread: 0 });
    expect(await inbox(sales)).toEqual({ count: 0, row: 0 });
  });

  it('the new owner gets the messages they have not seen, though an admin had read them', async () => {
    await seedUser(PRIYA.uid, { fullName: PRIYA.name, email: PRIYA.email });
    // No owner: the admins' shared inbox, read by an admin.
    await customerWrites('Is the tank in stock?');
    await customerWrites('Need 2 by Friday');
    expect((await opens(admin)).body).toEqual({ unread: 0 });

    await giveTo(EMPLOYEE.uid);
    expect(await inbox(sales)).toEqual({ count: 2, row: 2 });
    expect(await assignedNotice(EMPLOYEE.uid)).toMatchObject({
      message: '2 unread messages waiting in the conversation',
    });
    await opens(sales);
    await customerWrites('And a stand');

    // Suresh has seen two of three; Priya none.
    await giveTo(PRIYA.uid);
    expect(await inbox(sales)).toEqual({ count: 0, row: undefined });
    expect(await inbox(priya)).toEqual({ count: 3, row: 3 });
    expect(await assignedNotice(PRIYA.uid)).toMatchObject({
      message: '3 unread messages waiting in the conversation',
    });

    // Back to Suresh: only what he had not seen.
    await giveTo(EMPLOYEE.uid);
    expect(await inbox(priya)).toEqual({ count: 0, row: undefined });
    expect(await inbox(sales)).toEqual({ count: 1, row: 1 });
    // And back to the admins: the shared inbox had seen the first two.
    await giveTo(null);
    expect(await inbox(sales)).toEqual({ count: 0, row: undefined });
    expect((await request(admin).get('/api/inbox?scope=unowned')).body.unread).toBe(1);
  });
});

describe('a message that arrives while its conversation is on screen', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = sales.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is read by the owner when the stream tells their open page, and the Inbox agrees', async () => {
    await giveTo(EMPLOYEE.uid);
    const stream = openStream(`${base}/api/notifications/stream`);
    try {
      await customerWrites('Sending the PO now');
      // The open page hears of the message and marks what it shows as seen (conversation-panel).
      await until(() => stream.events.some((e) => e.title === 'New WhatsApp message'));
      expect((await opens(sales)).body).toEqual({ unread: 0 });
      expect(await inbox(sales)).toEqual({ count: 0, row: 0 });
    } finally {
      stream.close();
    }
  });
});
