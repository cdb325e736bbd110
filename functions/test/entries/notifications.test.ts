// The notifications an entry's changes write, read back through the HTTP feed: confirming tells
// the entry's employee (the admins when it has none), assigning tells the newly assigned
// employee; a change that changes nothing writes none.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appWithSession } from '../support/callers';
import { ADMIN, appAs, EMPLOYEE, EMPLOYEE_PERMISSIONS, seedUser, useEntriesWorld } from './support';

const admin = appAs('admin');
const employee = appAs('employee');
/** Kavya, an approved employee other than the caller of `employee`. */
const kavya = appWithSession({
  uid: 'kavya-uid',
  email: 'kavya@example.in',
  role: 'accounts',
  permissions: EMPLOYEE_PERMISSIONS,
});

const world = useEntriesWorld();

async function newEntry(): Promise<string> {
  const res = await request(employee)
    .post('/api/entries')
    .send({ customer: world.ravi, description: 'Wants a pump' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id as string;
}

interface FeedItem {
  type: string;
  title: string;
  message: string;
}

const feed = async (app: typeof admin) => {
  const res = await request(app).get('/api/notifications/latest');
  expect(res.status).toBe(200);
  return res.body as FeedItem[];
};
const about = async (entryId: string, type: string) =>
  (await getDb().collection('notifications').where('entryId', '==', entryId).get()).docs
    .map((d) => d.data())
    .filter((n) => n.type === type);

describe('entry notifications', () => {
  it('tells the entry’s employee that it was confirmed, once', async () => {
    const id = await newEntry();
    expect(await feed(employee)).toEqual([]);
    expect((await request(admin).post(`/api/entries/${id}/confirm`)).status).toBe(200);

    const confirmed = {
      type: 'entry.confirmed',
      title: 'Entry confirmed',
      message: `${ADMIN.name} confirmed the entry for Ravi Sharma: Wants a pump`,
    };
    expect(await feed(employee)).toEqual([expect.objectContaining(confirmed)]);
    expect(await feed(admin)).toContainEqual(expect.objectContaining(confirmed));
    expect(await feed(kavya)).toEqual([]);
    expect(await about(id, 'entry.confirmed')).toEqual([
      expect.objectContaining({ audience: 'user', userId: EMPLOYEE.uid, entryId: id }),
    ]);

    // Confirmed already: no change, no second notification.
    expect((await request(admin).post(`/api/entries/${id}/confirm`)).status).toBe(200);
    expect(await about(id, 'entry.confirmed')).toHaveLength(1);
  });

  it('tells the admins when the confirmed entry has no employee', async () => {
    const id = await newEntry();
    await request(admin).put(`/api/admin/entries/${id}/assign-employee`).send({ employeeId: null });
    await request(admin).post(`/api/entries/${id}/confirm`);
    expect(await about(id, 'entry.confirmed')).toEqual([
      expect.objectContaining({ audience: 'admins', title: 'Entry confirmed' }),
    ]);
    expect(await feed(employee)).toEqual([]);
    expect((await feed(admin)).map((n) => n.title)).toContain('Entry confirmed');
  });

  it('tells the newly assigned employee, and nobody on an unassignment', async () => {
    const id = await newEntry();
    await seedUser('kavya-uid', { fullName: 'Kavya Accounts', email: 'kavya@example.in' });
    const assign = (employeeId: string | null) =>
      request(admin).put(`/api/admin/entries/${id}/assign-employee`).send({ employeeId });

    expect((await assign('kavya-uid')).status).toBe(200);
    const assigned = {
      type: 'entry.assigned',
      title: 'Entry assigned to you',
      message: `${ADMIN.name} assigned you the entry for Ravi Sharma: Wants a pump`,
    };
    expect(await feed(kavya)).toEqual([expect.objectContaining(assigned)]);
    expect(await feed(employee)).toEqual([]);
    expect(await feed(admin)).toContainEqual(expect.objectContaining(assigned));

    // The same employee again, then nobody: nothing new for anyone.
    await assign('kavya-uid');
    await assign(null);
    expect(await about(id, 'entry.assigned')).toHaveLength(1);
    // Back to the first employee: they are told.
    await assign(EMPLOYEE.uid);
    expect(await feed(employee)).toEqual([expect.objectContaining(assigned)]);
  });
});
