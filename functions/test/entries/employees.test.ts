// GET /api/entries/employees: approved people as { _id, name } sorted by name, for
// anyone with entries.read or broadcasts.send (a broadcast's audience by owner), with nothing
// else of the user directory and a bounded read.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetBackends } from '../support/backends';
import { appWithSession } from '../support/callers';
import { appAs, readCounters, resetCounters, seedPeople, seedUser } from './support';

const employee = appAs('employee');
const outsider = appAs('outsider');
const nobody = appAs(null);

beforeAll(async () => {
  await resetBackends();
  // Anita Admin (admin-uid) and Suresh Sales (sales-uid), both approved.
  await seedPeople();
  await seedUser('kavya-uid', { fullName: 'kavya Accounts', email: 'kavya@example.in' });
  await seedUser('mail-only-uid', { fullName: '', email: 'bharat@example.in', role: 'accounts' });
  await seedUser('nameless-uid', { fullName: '', email: '' });
  await seedUser('waiting-uid', {
    fullName: 'Aaron Waiting',
    email: 'a@example.in',
    approved: false,
  });
});

describe('GET /api/entries/employees', () => {
  it('answers approved users as { _id, name }, sorted by name, names falling back to email then User', async () => {
    const res = await request(employee).get('/api/entries/employees');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { _id: 'admin-uid', name: 'Anita Admin' },
      { _id: 'mail-only-uid', name: 'bharat@example.in' },
      { _id: 'kavya-uid', name: 'kavya Accounts' },
      { _id: 'sales-uid', name: 'Suresh Sales' },
      { _id: 'nameless-uid', name: 'User' },
    ]);
  });

  it('carries no emails, phones or roles of the people', async () => {
    const res = await request(employee).get('/api/entries/employees');
    for (const person of res.body) expect(Object.keys(person).sort()).toEqual(['_id', 'name']);
    expect(JSON.stringify(res.body)).not.toContain('kavya@example.in');
  });

  it('reads only the approved users', async () => {
    await resetCounters();
    await request(employee).get('/api/entries/employees');
    expect((await readCounters()).reads).toBe(5);
  });

  it('is for callers with entries.read or broadcasts.send', async () => {
    const broadcaster = appWithSession({
      uid: 'b-uid',
      email: 'b@example.in',
      role: 'marketing',
      permissions: ['broadcasts.send'],
    });
    const owners = await request(broadcaster).get('/api/entries/employees');
    expect(owners.status).toBe(200);
    expect(owners.body).toContainEqual({ _id: 'sales-uid', name: 'Suresh Sales' });
    const refused = await request(outsider).get('/api/entries/employees');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Access denied (needs the entries.read or broadcasts.send permission).',
    );
    expect((await request(nobody).get('/api/entries/employees')).status).toBe(401);
  });
});
