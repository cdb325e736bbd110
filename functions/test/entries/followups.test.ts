// Follow-ups: scheduling (its rules), the sending job (exactly once, even run twice at
// once; failures recorded; the employee notified) and the morning reminders.
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../src/clock';
import { remindTodaysFollowUps } from '../../src/features/followups/reminders';
import { sendDueFollowUps } from '../../src/features/followups/send-due';
import { getDb } from '../../src/firebase';
import { scheduledJobs } from '../../src/app/scheduled-jobs';
import {
  appAs,
  clearRecordings,
  configureSenders,
  EMPLOYEE,
  seedCustomer,
  seedUser,
  useEntriesWorld,
} from './support';

const employee = appAs('employee');
const admin = appAs('admin');

let clock = 0;
const DAY = 86_400_000;
// 2026-06-01 10:00 in Kolkata.
const START = Date.UTC(2026, 5, 1, 4, 30);

// Registered before useEntriesWorld's hooks, so the world is seeded at START.
beforeEach(() => {
  clock = START;
  setClock(() => clock);
});
afterEach(() => setClock());
const world = useEntriesWorld();

async function newEntry(customer = world.ravi): Promise<string> {
  const res = await request(employee)
    .post('/api/entries')
    .send({ customer, description: 'Quoted' });
  return res.body._id as string;
}

const schedule = (id: string, body: object) =>
  request(employee).post(`/api/entries/${id}/followup`).send(body);

const BOTH = {
  days: 3,
  note: 'Ask about the order',
  send: {
    email: { subject: 'Following up', text: 'Dear {{name}}, any news?' },
    whatsapp: { templateId: 'order_update', text: 'Any news?' },
  },
};

describe('POST /api/entries/{id}/followup', () => {
  it('schedules a follow-up due in `days`, on the entry and in its history', async () => {
    const id = await newEntry();
    clock += 1000;
    const res = await schedule(id, BOTH);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      _id: expect.any(String),
      entryId: id,
      customerId: world.ravi,
      customerName: 'Ravi Sharma',
      dueAt: new Date(START + 1000 + 3 * DAY).toISOString(),
      days: 3,
      note: 'Ask about the order',
      channels: ['email', 'whatsapp'],
      send: {
        email: {
          subject: 'Following up',
          text: 'Dear {{name}}, any news?',
          to: ['ravi@example.in'],
        },
        whatsapp: { templateId: 'order_update', text: 'Any news?', to: ['+919812345678'] },
      },
      attachments: [],
      status: 'scheduled',
      employeeId: EMPLOYEE.uid,
      byName: EMPLOYEE.name,
    });
    expect(res.body).not.toHaveProperty('baseUrl');
    const entry = await request(employee).get(`/api/entries?status=pending`);
    expect(entry.body.items[0].followUps).toEqual([
      {
        _id: res.body._id,
        when: new Date(START + 1000 + 3 * DAY).toISOString(),
        note: 'Ask about the order',
        by: EMPLOYEE.uid,
        byName: EMPLOYEE.name,
        status: 'scheduled',
        channel: 'multiple',
      },
    ]);
    const history = await request(employee).get(`/api/entries/${id}/history`);
    expect(history.body[0]).toMatchObject({
      type: 'follow_up',
      text: 'Follow-up scheduled for 4 Jun 2026, 10:00 am by email and WhatsApp: Ask about the order',
      byName: EMPLOYEE.name,
    });
  });

  it('answers each refusal with its message', async () => {
    const id = await newEntry();
    for (const days of [0, -2, 'x', null]) {
      const res = await schedule(id, { ...BOTH, days });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('days: Please select a valid number of days');
    }
    const noChannel = await schedule(id, { days: 3, send: { email: null, whatsapp: null } });
    expect(noChannel.body.message).toBe('Select at least one channel (Email or WhatsApp)');
    const walkIn = await newEntry(await seedCustomer({ names: ['Walk-in'] }));
    const email = await schedule(walkIn, { days: 1, send: { email: { text: 'x' } } });
    expect(email.body.message).toBe('No customer email found');
    const phone = await schedule(walkIn, { days: 1, send: { whatsapp: { text: 'x' } } });
    expect(phone.body.message).toBe('No customer phone found');
    expect((await schedule('missing', BOTH)).status).toBe(404);
  });

  it('accepts a custom number of days, and the simple fallback (days, note)', async () => {
    const id = await newEntry();
    const custom = await schedule(id, { days: '10', send: { whatsapp: {} } });
    expect(custom.body).toMatchObject({
      days: 10,
      dueAt: new Date(START + 10 * DAY).toISOString(),
      send: { whatsapp: { text: '' } },
    });
    expect(custom.body.send.whatsapp.templateId).toBeUndefined();
    const simple = await request(employee)
      .post(`/api/entries/${id}/followup-days`)
      .send({ days: 7, note: 'Call back' });
    expect(simple.status).toBe(201);
    expect(simple.body).toMatchObject({ days: 7, note: 'Call back', channels: [], send: {} });
  });
});

describe('a follow-up at a time of day', () => {
  it('is due on the day `days` ahead at its time (company time zone), and goes then', async () => {
    const id = await newEntry();
    const res = await schedule(id, {
      days: 1,
      time: '09:15',
      note: 'Call about the 40 chairs',
      send: { whatsapp: {}, email: {} },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 2026-06-02 09:15 in Kolkata.
    const due = Date.UTC(2026, 5, 2, 3, 45);
    expect(res.body).toMatchObject({ dueAt: new Date(due).toISOString(), time: '09:15' });
    clearRecordings(world.graph, world.sendgrid);

    clock = due - 60_000;
    expect((await sendDueFollowUps()).claimed).toBe(0);
    clock = due;
    expect((await sendDueFollowUps()).claimed).toBe(1);
    // Write once: the one message (the note) goes on both channels, never a stand-in.
    const [whatsapp] = world.graph.requests.map((r) => JSON.stringify(r.json));
    expect(whatsapp).toContain('Call about the 40 chairs');
    expect(whatsapp).not.toContain('"text":"-"');
    expect(JSON.stringify(world.sendgrid.requests[0].json)).toContain('Call about the 40 chairs');
  });

  it('refuses a time that is no time of day', async () => {
    const id = await newEntry();
    const res = await schedule(id, { ...BOTH, time: '25:00' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Time must be a time of day like 10:00');
  });

  it('a reminder without messages tells the employee at its time', async () => {
    const id = await newEntry();
    const res = await request(employee)
      .post(`/api/entries/${id}/followup-days`)
      .send({ days: 2, time: '10:00', note: 'Check the payment' });
    expect(res.status).toBe(201);
    clock = Date.UTC(2026, 5, 3, 4, 30);
    expect((await sendDueFollowUps()).claimed).toBe(1);
    const notes = await getDb()
      .collection('notifications')
      .where('userId', '==', EMPLOYEE.uid)
      .get();
    expect(notes.docs.map((d) => d.get('title'))).toContain('Follow-up due: Ravi Sharma');
  });
});

describe('the follow-up job', () => {
  it('is registered to run every minute, with the morning reminder and the inbox', () => {
    expect(scheduledJobs.map((j) => [j.name, j.schedule])).toEqual(
      expect.arrayContaining([
        ['sendDueFollowUps', 'every 1 minutes'],
        ['followUpReminders', '30 8 * * *'],
        ['importInboundEmail', 'every 5 minutes'],
      ]),
    );
  });

  it('sends due follow-ups once, records them and notifies the employee', async () => {
    const id = await newEntry();
    const scheduled = await schedule(id, BOTH);
    clearRecordings(world.graph, world.sendgrid);

    expect(await sendDueFollowUps()).toMatchObject({ claimed: 0 });
    expect(world.graph.requests).toHaveLength(0);

    clock = START + 3 * DAY + 1;
    expect(await sendDueFollowUps()).toEqual({
      claimed: 1,
      sent: 1,
      partial: 0,
      failed: 0,
      recovered: 0,
    });
    expect(world.graph.requests.map((r) => r.json)).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '919812345678',
        biz_opaque_callback_data: expect.any(String),
        type: 'template',
        template: {
          name: 'order_update',
          language: { code: 'en' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Any news?' }] }],
        },
      },
    ]);
    expect(world.sendgrid.requests).toHaveLength(1);
    expect(world.sendgrid.requests[0].json).toMatchObject({
      subject: 'Following up',
      personalizations: [{ to: [{ email: 'ravi@example.in' }] }],
      content: [
        { type: 'text/plain', value: 'Dear Ravi Sharma, any news?' },
        { type: 'text/html', value: '<p>Dear Ravi Sharma, any news?</p>' },
      ],
    });

    const stored = (await getDb().doc(`followUps/${scheduled.body._id}`).get()).data()!;
    expect(stored).toMatchObject({
      status: 'sent',
      results: {
        whatsapp: { status: 'sent', messageId: 'wamid.TEST1' },
        email: { status: 'sent', messageId: 'sg-message-1' },
      },
    });
    const entry = (await getDb().doc(`entries/${id}`).get()).data()!;
    expect(entry.followUps[0].status).toBe('sent');
    const history = await request(employee).get(`/api/entries/${id}/history`);
    expect(history.body[0]).toMatchObject({
      type: 'follow_up',
      text: 'Follow-up: WhatsApp sent; Email sent. Note: Ask about the order',
      byName: 'Follow-up job',
    });
    const notes = await getDb()
      .collection('notifications')
      .where('userId', '==', EMPLOYEE.uid)
      .get();
    expect(notes.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        type: 'followup.sent',
        title: 'Follow-up sent to Ravi Sharma',
        audience: 'user',
        entryId: id,
        followUpId: scheduled.body._id,
      }),
    ]);

    // Nothing is sent twice.
    clearRecordings(world.graph, world.sendgrid);
    expect((await sendDueFollowUps()).claimed).toBe(0);
    expect(world.graph.requests).toHaveLength(0);
  });

  it('sends once when two runs overlap', async () => {
    const ids = [await newEntry(), await newEntry(), await newEntry()];
    for (const id of ids) await schedule(id, { ...BOTH, days: 1 });
    clearRecordings(world.graph, world.sendgrid);
    clock = START + 2 * DAY;
    const [a, b] = await Promise.all([sendDueFollowUps(), sendDueFollowUps()]);
    expect(a.claimed + b.claimed).toBe(3);
    expect(a.sent + b.sent).toBe(3);
    expect(world.graph.requests).toHaveLength(3);
    expect(world.sendgrid.requests).toHaveLength(3);
    const statuses = (await getDb().collection('followUps').get()).docs.map((d) => d.get('status'));
    expect(statuses).toEqual(['sent', 'sent', 'sent']);
  });

  it('records failures with their reasons and tells the employee', async () => {
    const id = await newEntry();
    await seedUser('kavya-uid', { fullName: 'Kavya Accounts', email: 'kavya@example.in' });
    await request(admin)
      .put(`/api/admin/entries/${id}/assign-employee`)
      .send({ employeeId: 'kavya-uid' });
    const scheduled = await schedule(id, BOTH);
    clearRecordings(world.graph, world.sendgrid);
    world.graph.replies.push({ status: 500, body: { error: { message: 'Try later' } } });
    clock = START + 4 * DAY;
    expect(await sendDueFollowUps()).toMatchObject({ claimed: 1, partial: 1 });
    const stored = (await getDb().doc(`followUps/${scheduled.body._id}`).get()).data()!;
    expect(stored).toMatchObject({
      status: 'partial',
      results: {
        whatsapp: { status: 'failed', error: 'WhatsApp Cloud API 500: Try later' },
        email: { status: 'sent' },
      },
    });
    // The assignment told Kavya too (entry.assigned): here only this follow-up's notification.
    const notes = await getDb()
      .collection('notifications')
      .where('userId', '==', 'kavya-uid')
      .where('followUpId', '==', scheduled.body._id)
      .get();
    expect(notes.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        type: 'followup.failed',
        title: 'Follow-up partly sent for Ravi Sharma',
        message:
          'Follow-up: WhatsApp failed (WhatsApp Cloud API 500: Try later); Email sent. Note: Ask about the order',
      }),
    ]);
  });

  it('fails a claim left behind by a run that died, without sending it', async () => {
    const id = await newEntry();
    const scheduled = await schedule(id, BOTH);
    const ref = getDb().doc(`followUps/${scheduled.body._id}`);
    await ref.update({ status: 'sending', claimedAt: new Date(START), claimToken: 'dead-run' });
    clearRecordings(world.graph, world.sendgrid);
    clock = START + 10 * 60_000;
    expect((await sendDueFollowUps()).recovered).toBe(0);
    clock = START + 31 * 60_000;
    expect((await sendDueFollowUps()).recovered).toBe(1);
    expect((await ref.get()).get('status')).toBe('failed');
    expect(world.graph.requests).toHaveLength(0);
  });
});

describe('the morning reminder', () => {
  it('tells each employee their follow-ups due today, in the app and by email, once', async () => {
    await configureSenders(world.graph, world.sendgrid, { notifications: { email: true } });
    await seedUser('kavya-uid', { fullName: 'Kavya Accounts', email: 'kavya@example.in' });
    const a = await newEntry();
    const b = await newEntry();
    await schedule(a, { ...BOTH, days: 1, note: 'Morning call' });
    await schedule(b, { ...BOTH, days: 1.05, note: 'Second' });
    await schedule(b, { ...BOTH, days: 5, note: 'Later' });
    await request(admin)
      .put(`/api/admin/entries/${b}/assign-employee`)
      .send({ employeeId: 'kavya-uid' });
    await schedule(b, { ...BOTH, days: 1.1, note: 'For Kavya' });
    clearRecordings(world.graph, world.sendgrid);

    // 2026-06-02 08:30 in Kolkata.
    clock = Date.UTC(2026, 5, 2, 3, 0);
    expect(await remindTodaysFollowUps()).toEqual({
      date: '2026-06-02',
      followUps: 3,
      notified: 2,
      emailed: 2,
    });
    const mine = (
      await getDb().doc(`notifications/followup-reminder-${EMPLOYEE.uid}-2026-06-02`).get()
    ).data();
    expect(mine).toMatchObject({
      type: 'followup.reminder',
      title: '2 follow-ups due today',
      message: '10:00 am – Ravi Sharma: Morning call\n11:12 am – Ravi Sharma: Second',
      audience: 'user',
      userId: EMPLOYEE.uid,
    });
    const kavya = (
      await getDb().doc('notifications/followup-reminder-kavya-uid-2026-06-02').get()
    ).data();
    expect(kavya).toMatchObject({ title: '1 follow-up due today' });
    expect(
      world.sendgrid.requests.map((r) => (r.json as { subject: string }).subject).sort(),
    ).toEqual(['1 follow-up due today', '2 follow-ups due today']);
    expect(
      world.sendgrid.requests
        .map(
          (r) =>
            (r.json as { personalizations: { to: { email: string }[] }[] }).personalizations[0]
              .to[0].email,
        )
        .sort(),
    ).toEqual(['kavya@example.in', 'sales@example.in']);

    clearRecordings(world.sendgrid);
    expect(await remindTodaysFollowUps()).toMatchObject({ notified: 0, emailed: 0 });
    expect(world.sendgrid.requests).toHaveLength(0);
  });

  it('sends no email when email notifications are off', async () => {
    const a = await newEntry();
    await schedule(a, { ...BOTH, days: 1 });
    clearRecordings(world.sendgrid);
    clock = Date.UTC(2026, 5, 2, 3, 0);
    expect(await remindTodaysFollowUps()).toMatchObject({ notified: 1, emailed: 0 });
    expect(world.sendgrid.requests).toHaveLength(0);
  });
});
