// "My day" (GET /dashboard/my-day, and the `myDay` part of GET /dashboard/all): the caller's
// unread conversations, follow-ups due today, messages they sent that failed (an entry's and a
// reply's, not anyone else's) and their month in ₹, in at most 12 document reads.
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { addDays, dayKey, startOfDay } from '../../src/domain/figures/days';
import { clearDashboardCache } from '../../src/features/dashboard/read';
import { recomputeDashboard } from '../../src/features/dashboard/recompute';
import { getDb } from '../../src/firebase';
import { ADMIN, appAs, EMPLOYEE, readCounters, resetCounters } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';

const sales = appAs('employee');
const admin = appAs('admin');
const world = useMessagingWorld();
const RAVI_PHONE = '+919812345678';

const myDay = (app = sales) => request(app).get('/api/dashboard/my-day');
/** The outbox refuses the next WhatsApp send as Meta refuses a bad parameter. */
const refuseNextWhatsApp = () =>
  world.control('next', {
    channel: 'whatsapp',
    status: 400,
    body: { error: { message: 'Invalid parameter', code: 100 } },
  });

async function followUp(employeeId: string, dueAt: number, customerName: string) {
  await getDb()
    .collection('followUps')
    .add({
      status: 'scheduled',
      employeeId,
      customerId: world.ravi,
      customerName,
      dueAt: Timestamp.fromMillis(dueAt),
      note: `Call ${customerName}`,
      channels: ['whatsapp'],
    });
}

describe('GET /api/dashboard/my-day', () => {
  it("answers the caller's unread, follow-ups today, failed messages and month", async () => {
    await request(admin).put(`/api/customers/${world.ravi}/owner`).send({ ownerId: EMPLOYEE.uid });
    await world.control('inbound', { from: RAVI_PHONE, text: 'Is the quote ready?', name: 'Ravi' });

    // An entry of mine that failed on WhatsApp, and one an admin confirms.
    await refuseNextWhatsApp();
    const failedEntry = await request(sales)
      .post('/api/entries')
      .send({
        customer: world.ravi,
        description: 'Quotation',
        amount: 5000,
        whatsapp: { body: 'Quote attached' },
      });
    expect(failedEntry.status, failedEntry.text).toBe(201);
    expect(failedEntry.body.failed).toEqual(['whatsapp']);
    const confirmed = await request(sales)
      .post('/api/entries')
      .send({ customer: world.ravi, description: 'Order', amount: 12500.5 });
    expect((await request(admin).post(`/api/entries/${confirmed.body._id}/confirm`)).status).toBe(
      200,
    );
    // A reply of mine that failed (no entry), and an admin's that failed (not mine).
    await refuseNextWhatsApp();
    const reply = await request(sales)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'whatsapp', text: 'Sending it now' });
    expect(reply.status, reply.text).toBe(201);
    await refuseNextWhatsApp();
    await request(admin)
      .post(`/api/customers/${world.ravi}/conversation`)
      .send({ channel: 'whatsapp', text: 'From the admin' });

    const today = dayKey(Date.now());
    await followUp(EMPLOYEE.uid, Date.now(), 'Ravi Sharma');
    await followUp(EMPLOYEE.uid, startOfDay(addDays(today, 1)) + 3600_000, 'Tomorrow Ltd');
    await followUp(ADMIN.uid, Date.now(), 'Not mine');

    const failedTwo = await eventually(async () => {
      const res = await myDay();
      return res.body.failed?.length === 2 ? res : undefined;
    });
    expect(failedTwo, 'two failed messages of mine').toBeDefined();
    const day = failedTwo!.body;
    expect(day.unread).toBe(1);
    expect(day.conversations).toEqual([
      expect.objectContaining({ customerId: world.ravi, customerName: 'Ravi Sharma', unread: 1 }),
    ]);
    expect(day.followUpsToday).toEqual([
      expect.objectContaining({ customerName: 'Ravi Sharma', note: 'Call Ravi Sharma' }),
    ]);
    // Newest first: the reply, then the entry's message; each says why and what to open.
    expect(day.failed).toEqual([
      expect.objectContaining({
        customerId: world.ravi,
        customerName: 'Ravi Sharma',
        channel: 'whatsapp',
        text: 'Sending it now',
        reason: expect.stringContaining('(WhatsApp 100)'),
        fix: 'Open the conversation to send it again',
      }),
      expect.objectContaining({
        entryId: failedEntry.body._id,
        reason: expect.stringContaining('(WhatsApp 100)'),
        fix: "Open the customer, then the entry's Channel Details to resend it",
      }),
    ]);
    expect(day.failed[0].entryId).toBeUndefined();
    expect(day.month).toEqual({
      month: today.slice(0, 7),
      // Ravi's first message started a pending entry, assigned to his owner: mine.
      entries: 3,
      amount: 17500.5,
      confirmed: 1,
      confirmedAmount: 12500.5,
    });

    // The admin's own: their failed reply, the follow-up due them, none of the employee's.
    const admins = (await myDay(admin)).body;
    expect(admins.failed).toEqual([expect.objectContaining({ text: 'From the admin' })]);
    expect(admins.followUpsToday).toEqual([expect.objectContaining({ customerName: 'Not mine' })]);
    expect(admins.month).toMatchObject({ entries: 0, amount: 0 });

    // The dashboard's one call carries the same.
    clearDashboardCache();
    const all = await request(sales).get('/api/dashboard/all?range=30d&days=3');
    expect(all.status).toBe(200);
    expect(all.body.myDay).toEqual(day);

    // The month is kept by each entry's write; the dashboard job, counting from the entries,
    // finds the same.
    await recomputeDashboard();
    clearDashboardCache();
    expect((await myDay()).body.month).toEqual(day.month);
  });

  it('reads at most 12 documents, and needs a session', async () => {
    for (let i = 0; i < 5; i++) await followUp(ADMIN.uid, Date.now(), `Customer ${i}`);
    await world.control('inbound', { from: RAVI_PHONE, text: 'Hello', name: 'Ravi' });
    for (let i = 0; i < 3; i++) {
      await refuseNextWhatsApp();
      await request(admin)
        .post(`/api/customers/${world.ravi}/conversation`)
        .send({ channel: 'whatsapp', text: `Try ${i}` });
    }
    await resetCounters();
    const res = await myDay(admin);
    expect(res.status).toBe(200);
    expect(res.body.followUpsToday).toHaveLength(3);
    expect(res.body.failed).toHaveLength(2);
    expect((await readCounters()).reads).toBeLessThanOrEqual(12);
    expect((await myDay(appAs(null))).status).toBe(401);
  });
});
