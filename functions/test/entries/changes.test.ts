// Changing entries: edits with history snapshots, confirm / delete / assign (admin only, each
// refusal saying so), the Approvals tab, history and comments, resend.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import {
  ADMIN,
  appAs,
  clearRecordings,
  EMPLOYEE,
  seedEntries,
  seedUser,
  useEntriesWorld,
} from './support';

const admin = appAs('admin');
const employee = appAs('employee');
const outsider = appAs('outsider');

const world = useEntriesWorld();

async function newEntry(extra: object = {}): Promise<string> {
  const res = await request(employee)
    .post('/api/entries')
    .send({ customer: world.ravi, description: 'First call', tags: ['lead'], ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

const history = async (id: string) =>
  (await request(employee).get(`/api/entries/${id}/history`)).body as {
    type: string;
    text: string;
    byName: string;
    snapshot: Record<string, unknown> | null;
    previous?: Record<string, unknown>;
  }[];

describe('PUT /api/entries/{id}', () => {
  it('changes the fields sent and keeps an edited history item with both snapshots', async () => {
    const id = await newEntry();
    const res = await request(employee)
      .put(`/api/entries/${id}`)
      .send({
        description: 'Second call: wants a pump',
        tags: 'lead, pump',
        category: 'SS PUMP',
        process: 'Negotiation',
        amount: 5000,
        customer: { names: ['Ravi K Sharma'], phones: ['098111 22233'] },
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      description: 'Second call: wants a pump',
      tags: ['lead', 'pump'],
      category: 'SS PUMP',
      process: 'Negotiation',
      amount: 5000,
      customer: {
        names: ['Ravi K Sharma'],
        phones: ['+919811122233'],
        emails: ['ravi@example.in'],
      },
    });
    const [edited, created] = await history(id);
    expect(created.type).toBe('created');
    expect(edited).toMatchObject({
      type: 'edited',
      text: 'Edited: description, category, tags, process, amount, customer',
      byName: EMPLOYEE.name,
      snapshot: {
        description: 'Second call: wants a pump',
        status: 'pending',
        category: 'SS PUMP',
        channel: 'manual',
        tags: ['lead', 'pump'],
        amount: 5000,
        currency: 'INR',
      },
      previous: { description: 'First call', tags: ['lead'], amount: 0 },
    });
    // The search keys follow the edit.
    const found = await request(employee).get('/api/entries?name=ravi k&phone=1122233');
    expect(found.body.items.map((e: { _id: string }) => e._id)).toEqual([id]);
    expect((await request(employee).get('/api/entries?q=pump')).body.total).toBe(1);
  });

  it('adds no history when nothing changes, and checks what it is sent', async () => {
    const id = await newEntry();
    await request(employee).put(`/api/entries/${id}`).send({ description: 'First call' });
    expect(await history(id)).toHaveLength(1);
    const bad = await request(employee).put(`/api/entries/${id}`).send({ amount: -3 });
    expect(bad.body.message).toBe('amount: Amount should be a positive number');
    const phone = await request(employee)
      .put(`/api/entries/${id}`)
      .send({ customer: { phones: ['12ab'] } });
    expect(phone.status).toBe(400);
    expect(phone.body.fields).toEqual({ 'customer.phones.0': 'Invalid phone number: 12ab' });
    expect((await request(employee).put('/api/entries/missing').send({})).status).toBe(404);
  });
});

describe('confirm, delete, assign', () => {
  it('lets only an admin confirm', async () => {
    const id = await newEntry();
    const refused = await request(employee).post(`/api/entries/${id}/confirm`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only admin can confirm');
    const res = await request(admin).post(`/api/entries/${id}/confirm`);
    expect(res.body.status).toBe('confirmed');
    expect((await history(id))[0]).toMatchObject({
      type: 'edited',
      text: `Confirmed by ${ADMIN.name}`,
      snapshot: { status: 'confirmed' },
    });
    // Again: already done, nothing new.
    expect((await request(admin).post(`/api/entries/${id}/confirm`)).status).toBe(200);
    expect(await history(id)).toHaveLength(2);
  });

  it('lets only an admin delete, with its history and follow-ups', async () => {
    const id = await newEntry();
    await request(employee).post(`/api/entries/${id}/followup-days`).send({ days: 3 });
    const refused = await request(employee).delete(`/api/entries/${id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only admin can delete');
    const res = await request(admin).delete(`/api/entries/${id}`);
    expect(res.body).toEqual({ _id: id, deleted: true });
    expect((await getDb().doc(`entries/${id}`).get()).exists).toBe(false);
    expect((await getDb().collection(`entries/${id}/history`).get()).size).toBe(0);
    expect((await getDb().collection('followUps').where('entryId', '==', id).get()).size).toBe(0);
    expect((await request(admin).delete(`/api/entries/${id}`)).status).toBe(404);
  });

  it('lets only an admin assign an approved employee, or unassign', async () => {
    const id = await newEntry();
    await seedUser('kavya-uid', { fullName: 'Kavya Accounts', email: 'kavya@example.in' });
    await seedUser('new-uid', { fullName: 'New Person', email: 'new@example.in', approved: false });
    const refused = await request(employee)
      .put(`/api/admin/entries/${id}/assign-employee`)
      .send({ employeeId: 'kavya-uid' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only admin can assign');

    const unapproved = await request(admin)
      .put(`/api/admin/entries/${id}/assign-employee`)
      .send({ employeeId: 'new-uid' });
    expect(unapproved.status).toBe(400);
    expect(unapproved.body.message).toBe('Employee not found or not approved');

    const res = await request(admin)
      .put(`/api/admin/entries/${id}/assign-employee`)
      .send({ employeeId: 'kavya-uid' });
    expect(res.body.employee).toEqual({
      _id: 'kavya-uid',
      name: 'Kavya Accounts',
      email: 'kavya@example.in',
    });
    expect((await request(employee).get('/api/entries?employee=kavya-uid')).body.total).toBe(1);
    expect((await history(id))[0].text).toBe('Assigned to Kavya Accounts');

    const none = await request(admin)
      .put(`/api/admin/entries/${id}/assign-employee`)
      .send({ employeeId: null });
    expect(none.body.employee).toBeNull();
    expect((await history(id))[0].text).toBe('Unassigned');
    const missing = await request(admin).put(`/api/admin/entries/${id}/assign-employee`).send({});
    expect(missing.body.message).toBe('employeeId: employeeId is required (null to unassign)');
  });
});

describe('Approvals: pending entries', () => {
  it('lists pending entries and approves or rejects them', async () => {
    const a = await newEntry({ description: 'Needs approval', whatsapp: { body: 'Hi' } });
    const b = await newEntry({ description: 'To reject' });
    await seedEntries(world.ravi, 1, () => ({ status: 'approved', description: 'Old one' }));

    const pending = await request(admin).get('/api/admin/entries/pending');
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual([
      {
        _id: b,
        customer: { names: ['Ravi Sharma'] },
        description: 'To reject',
        source: `Manual (by ${EMPLOYEE.name})`,
        createdAt: expect.any(String),
        createdByName: EMPLOYEE.name,
        amount: 0,
        currency: 'INR',
        owner: EMPLOYEE.name,
        sent: [],
      },
      expect.objectContaining({
        _id: a,
        source: `WhatsApp (by ${EMPLOYEE.name})`,
        sent: [expect.objectContaining({ channel: 'whatsapp' })],
      }),
    ]);

    expect((await request(admin).post(`/api/admin/entries/${a}/approve`)).body.status).toBe(
      'approved',
    );
    const rejected = await request(admin).delete(`/api/admin/entries/${b}/reject`);
    expect(rejected.body.status).toBe('cancelled');
    expect((await request(admin).get('/api/admin/entries/pending')).body).toEqual([]);
    // Rejected stays in the list and in its history.
    const cancelled = await request(employee).get('/api/entries?status=cancelled');
    expect(cancelled.body.items.map((e: { _id: string }) => e._id)).toEqual([b]);
    expect((await history(b))[0].text).toBe(`Rejected by ${ADMIN.name}`);
    // Approving a rejected entry is refused; approving twice is fine.
    expect((await request(admin).post(`/api/admin/entries/${b}/approve`)).status).toBe(409);
    expect((await request(admin).post(`/api/admin/entries/${a}/approve`)).status).toBe(200);
  });

  it('is admin only', async () => {
    const res = await request(employee).get('/api/admin/entries/pending');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Access denied (admin only).');
    expect((await request(employee).post('/api/admin/entries/x/approve')).status).toBe(403);
    expect((await request(employee).delete('/api/admin/entries/x/reject')).status).toBe(403);
  });
});

describe('history and comments', () => {
  it('adds comments and lists the history newest first', async () => {
    const id = await newEntry();
    const sentAt = new Date();
    const res = await request(employee)
      .post(`/api/entries/${id}/history/comment`)
      .send({ when: sentAt.toISOString(), text: ' Customer asked for a call ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      _id: expect.any(String),
      type: 'comment',
      text: 'Customer asked for a call',
      by: EMPLOYEE.uid,
      byName: EMPLOYEE.name,
      snapshot: null,
    });
    // Stamped with the server's time.
    expect(Math.abs(Date.parse(res.body.when) - sentAt.getTime())).toBeLessThan(60_000);
    // History cannot be backdated (or dated ahead) beyond a device clock's drift.
    for (const when of ['1900-01-01T00:00:00Z', '9999-12-31T00:00:00Z', '2020-01-01T10:00:00Z']) {
      const refused = await request(employee)
        .post(`/api/entries/${id}/history/comment`)
        .send({ when, text: 'Backdated note' });
      expect(refused.status).toBe(400);
      expect(refused.body.fields.when).toMatch(/^When must be the current time/);
    }
    expect((await history(id)).map((h) => h.text)).toEqual([
      'Customer asked for a call',
      'Entry created',
    ]);
    const empty = await request(employee).post(`/api/entries/${id}/history/comment`).send({});
    expect(empty.body.message).toBe('text: Comment is required');
    expect(
      (await request(employee).post('/api/entries/nope/history/comment').send({ text: 'x' }))
        .status,
    ).toBe(404);
    expect((await request(employee).get('/api/entries/nope/history')).status).toBe(404);
    expect((await request(outsider).get(`/api/entries/${id}/history`)).status).toBe(403);
  });
});

describe('POST /api/entries/{id}/resend', () => {
  it('sends again with other templates and records the outcome', async () => {
    const id = await newEntry({
      whatsapp: { body: 'Hi' },
      email: { subject: 'Hello', body: 'Hi' },
    });
    clearRecordings(world.graph, world.sendgrid);
    const res = await request(employee)
      .post(`/api/entries/${id}/resend`)
      .send({
        descriptionTemplate: {
          templateId: 't1',
          templateTitle: 'Thanks',
          templateContent: 'Thank you {{name}}',
        },
        send: {
          whatsapp: { templateId: 'order_update', templateContent: 'Pay soon' },
          email: { templateTitle: 'Reminder', templateContent: '<p>Please pay</p>' },
        },
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      description: 'Thank you Ravi Sharma',
      templateRef: { templateId: 't1', templateTitle: 'Thanks' },
      failed: [],
      dispatch: {
        whatsapp: {
          templateId: 'order_update',
          templateName: 'order_update',
          text: 'Pay soon',
          status: 'sent',
        },
        email: { subject: 'Reminder', text: 'Please pay', status: 'sent' },
      },
    });
    expect(world.graph.requests[0].json).toMatchObject({
      template: {
        name: 'order_update',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Pay soon' }] }],
      },
    });
    expect(world.sendgrid.requests[0].json).toMatchObject({ subject: 'Reminder' });
    expect((await history(id))[0].text).toBe('Resent by WhatsApp and email');
  });

  it('answers 502 when every channel failed, and 400 without a channel', async () => {
    const id = await newEntry();
    world.graph.replies.push({ status: 500, body: { error: { message: 'Down' } } });
    const res = await request(employee)
      .post(`/api/entries/${id}/resend`)
      .send({ send: { whatsapp: {}, email: null } });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      message: 'Resend failed: WhatsApp failed (WhatsApp Cloud API 500: Down)',
      failed: ['whatsapp'],
    });
    expect((await getDb().doc(`entries/${id}`).get()).get('dispatch.whatsapp.status')).toBe(
      'failed',
    );
    const none = await request(employee).post(`/api/entries/${id}/resend`).send({ send: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Select at least one channel (Email or WhatsApp)');
  });
});
