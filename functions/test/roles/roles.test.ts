import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { bearer, createAccount, createRole, login } from '../support/accounts';
import { resetBackends } from '../support/backends';

const app = createApp();
let token: string;

beforeEach(async () => {
  await resetBackends();
  token = await login(app, await createAccount({ role: 'admin' }));
});

function send(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) {
  const call = request(app)[method](`/api${path}`);
  return call.set(...bearer(token)).send(body);
}

type RoleRow = { _id: string; name: string; permissions: string[]; usersCount: number };
const byName = (rows: RoleRow[], name: string) => rows.find((r) => r.name === name)!;

describe('GET /api/admin/roles', () => {
  it('lists stored and built-in roles sorted by name, each with its users count', async () => {
    await createRole('sales', ['customers.read'], 'sales');
    await createRole('manager', ['reports.read']);
    await createAccount({ role: 'sales' });
    await createAccount({ role: 'sales', approved: false });
    const res = await send('get', '/admin/roles');
    expect(res.status).toBe(200);
    expect(res.body.map((r: RoleRow) => r.name)).toEqual(['accounts', 'admin', 'manager', 'sales']);
    expect(byName(res.body, 'sales')).toMatchObject({
      _id: 'sales',
      permissions: ['customers.read'],
      builtIn: true,
      usersCount: 2,
    });
    expect(byName(res.body, 'admin')).toMatchObject({ permissions: ['*'], usersCount: 1 });
    expect(byName(res.body, 'manager')).toMatchObject({
      builtIn: false,
      usersCount: 0,
      createdAt: expect.stringMatching(/Z$/),
    });
  });

  it('counts users case-insensitively (a stored "Sales" holds sales)', async () => {
    const a = await createAccount({ role: 'sales' });
    await getDb().doc(`users/${a.uid}`).update({ role: 'Sales' });
    await createAccount({ role: ' SALES ' });
    const res = await send('get', '/admin/roles');
    expect(byName(res.body, 'sales').usersCount).toBe(2);
  });
});

describe('POST /api/admin/roles', () => {
  it('creates a role: name trimmed and lowercased, permissions trimmed and deduplicated', async () => {
    const res = await send('post', '/admin/roles', {
      name: '  Field Sales ',
      permissions: [' customers.read', 'customers.read', '', 'reports.read '],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      _id: expect.any(String),
      name: 'field sales',
      permissions: ['customers.read', 'reports.read'],
      builtIn: false,
      usersCount: 0,
    });
    const doc = await getDb().doc(`roles/${res.body._id}`).get();
    expect(doc.get('name')).toBe('field sales');
  });

  it('takes the permissions as comma-separated text too, and * ', async () => {
    const res = await send('post', '/admin/roles', {
      name: 'ops',
      permissions: 'entries.export, entries.export ,*',
    });
    expect(res.body.permissions).toEqual(['entries.export', '*']);
  });

  it('requires a name and known permissions', async () => {
    const blank = await send('post', '/admin/roles', { name: '   ', permissions: [] });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ name: 'Role name required' });
    const missing = await send('post', '/admin/roles', {});
    expect(missing.body.fields).toEqual({ name: 'Role name required' });
    const unknown = await send('post', '/admin/roles', {
      name: 'x',
      permissions: ['customers.read', 'fly'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ permissions: 'Unknown permission: fly' });
  });

  it('refuses invisible, control and right-to-left characters, and reads look-alike forms as plain', async () => {
    for (const name of ['admin\u200b', 'ad\u0000min', '\u202eadmin', 'sales\u2060', 'mana\tger']) {
      const res = await send('post', '/admin/roles', { name, permissions: [] });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.fields.name).toBe(
        'Use letters, digits, spaces and punctuation only (no invisible or control characters)',
      );
    }
    // Full-width letters are the plain ones: 'ａｄｍｉｎ' is admin, taken.
    const fullWidth = await send('post', '/admin/roles', {
      name: '\uff41\uff44\uff4d\uff49\uff4e',
      permissions: [],
    });
    expect(fullWidth.status).toBe(409);
    expect((await getDb().collection('roles').get()).size).toBe(0);
    const hindi = await send('post', '/admin/roles', { name: 'बिक्री टीम', permissions: [] });
    expect(hindi.status).toBe(201);
  });

  it('refuses a name taken, in any case, including the built-in names', async () => {
    await send('post', '/admin/roles', { name: 'manager', permissions: [] });
    for (const name of ['MANAGER', 'admin', 'Sales', 'accounts']) {
      const res = await send('post', '/admin/roles', { name, permissions: [] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Role "${name.toLowerCase()}" already exists.`);
    }
    expect((await getDb().collection('roles').get()).size).toBe(1);
  });
});

describe('PUT /api/admin/roles/:id', () => {
  it('edits the permissions', async () => {
    const id = await createRole('manager', ['reports.read']);
    const res = await send('put', `/admin/roles/${id}`, {
      name: 'manager',
      permissions: ['entries.export'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, name: 'manager', permissions: ['entries.export'] });
  });

  it('renames a role and moves every user holding it (any case) along, in one transaction', async () => {
    const id = await createRole('manager', ['reports.read']);
    const a = await createAccount({ role: 'manager' });
    const b = await createAccount({ role: 'manager' });
    await getDb().doc(`users/${b.uid}`).update({ role: 'Manager' });
    const other = await createAccount({ role: 'sales' });
    const res = await send('put', `/admin/roles/${id}`, { name: 'Team Lead', permissions: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'team lead', usersCount: 2 });
    for (const uid of [a.uid, b.uid])
      expect((await getDb().doc(`users/${uid}`).get()).get('role')).toBe('team lead');
    expect((await getDb().doc(`users/${other.uid}`).get()).get('role')).toBe('sales');
  });

  it('refuses renaming onto a taken name, and answers 404 for an unknown id', async () => {
    const id = await createRole('manager', []);
    await createRole('lead', []);
    const taken = await send('put', `/admin/roles/${id}`, { name: 'Lead', permissions: [] });
    expect(taken.status).toBe(409);
    const builtIn = await send('put', `/admin/roles/${id}`, { name: 'sales', permissions: [] });
    expect(builtIn.status).toBe(409);
    const nobody = await send('put', '/admin/roles/nope', { name: 'x', permissions: [] });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ message: 'Role not found' });
  });

  it('protects the built-in roles: no rename; admin keeps *; their lists can change', async () => {
    const rename = await send('put', '/admin/roles/sales', { name: 'sellers', permissions: [] });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toBe('The built-in role "sales" cannot be renamed.');
    const strip = await send('put', '/admin/roles/admin', {
      name: 'admin',
      permissions: ['customers.read'],
    });
    expect(strip.status).toBe(400);
    expect(strip.body.message).toBe('The admin role always holds every permission (*).');
    // Stores a built-in role under its name on first edit.
    const edit = await send('put', '/admin/roles/accounts', {
      name: 'accounts',
      permissions: ['payments.read'],
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ _id: 'accounts', permissions: ['payments.read'] });
    expect((await getDb().doc('roles/accounts').get()).get('permissions')).toEqual([
      'payments.read',
    ]);
  });
});

describe('DELETE /api/admin/roles/:id', () => {
  it('deletes an unused role', async () => {
    const id = await createRole('manager', []);
    const res = await send('delete', `/admin/roles/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Role deleted' });
    expect((await getDb().doc(`roles/${id}`).get()).exists).toBe(false);
  });

  it('refuses a role held by users, matching names case-insensitively', async () => {
    const id = await createRole('manager', []);
    const a = await createAccount({ role: 'manager', approved: false });
    await getDb().doc(`users/${a.uid}`).update({ role: 'MANAGER' });
    const res = await send('delete', `/admin/roles/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This role is in use by users. Reassign users first.');
    expect((await getDb().doc(`roles/${id}`).get()).exists).toBe(true);
  });

  it('refuses the built-in roles and answers 404 for an unknown id', async () => {
    for (const name of ['admin', 'sales', 'accounts']) {
      const res = await send('delete', `/admin/roles/${name}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`The built-in role "${name}" cannot be deleted.`);
    }
    expect((await send('delete', '/admin/roles/nope')).status).toBe(404);
  });
});
