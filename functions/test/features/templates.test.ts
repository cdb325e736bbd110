import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/fake-session';

const admin = appAs('admin');
const sales = appAs('sales');
const nobody = appAs(null);

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

async function add(body: object) {
  const res = await request(admin).post('/api/admin/templates').send(body);
  expect(res.status).toBe(201);
  return res.body as { _id: string };
}

describe('/api/admin/templates', () => {
  beforeEach(resetBackends);

  it('creates a template, trimming the title, the type defaulting to text', async () => {
    const res = await request(admin)
      .post('/api/admin/templates')
      .send({ title: '  Thank you ', content: 'Thanks for your time.' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      type: 'text',
      title: 'Thank you',
      content: 'Thanks for your time.',
      createdAt: iso,
      updatedAt: iso,
    });
    const stored = (await getDb().doc(`templates/${res.body._id}`).get()).data();
    expect(stored).toMatchObject({ type: 'text', title: 'Thank you', createdBy: 'admin-uid' });
  });

  it('keeps a subject on email templates only', async () => {
    const email = await request(admin)
      .post('/api/admin/templates')
      .send({ type: 'email', title: 'Quote', content: '<p>Hi</p>', subject: ' Your quote ' });
    expect(email.body).toMatchObject({ type: 'email', subject: 'Your quote' });
    const whatsapp = await request(admin)
      .post('/api/admin/templates')
      .send({ type: 'whatsapp', title: 'Hi', content: 'Namaste', subject: 'ignored' });
    expect(whatsapp.body).not.toHaveProperty('subject');
  });

  it('lists templates for every signed-in role, oldest first', async () => {
    await add({ type: 'text', title: 'A', content: 'a' });
    await add({ type: 'whatsapp', title: 'B', content: 'b' });
    await add({ type: 'email', title: 'C', content: 'c', subject: 's' });
    for (const app of [admin, sales]) {
      const res = await request(app).get('/api/admin/templates');
      expect(res.status).toBe(200);
      expect(res.body.map((t: { title: string }) => t.title)).toEqual(['A', 'B', 'C']);
      expect(res.body[2]).toMatchObject({ type: 'email', subject: 's' });
    }
  });

  it('refuses callers without a session (401) and writes by employees (403)', async () => {
    const { _id } = await add({ title: 'A', content: 'a' });
    expect((await request(nobody).get('/api/admin/templates')).status).toBe(401);
    const attempts = [
      request(sales).post('/api/admin/templates').send({ title: 'X', content: 'x' }),
      request(sales).put(`/api/admin/templates/${_id}`).send({ title: 'X' }),
      request(sales).delete(`/api/admin/templates/${_id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Access denied (admin only).' });
    }
    const list = await request(admin).get('/api/admin/templates');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].title).toBe('A');
  });

  it('names each bad field', async () => {
    const res = await request(admin)
      .post('/api/admin/templates')
      .send({ type: 'sms', title: '   ', content: ' \n ' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      type: 'Type must be text, whatsapp or email',
      title: 'Title is required',
      content: 'Content is required',
    });
    const missing = await request(admin).post('/api/admin/templates').send({});
    expect(missing.body.fields).toEqual({
      title: 'Title is required',
      content: 'Content is required',
    });
    const long = await request(admin)
      .post('/api/admin/templates')
      .send({ title: 'x'.repeat(201), content: 'c' });
    expect(long.body.fields).toEqual({ title: 'Title must be at most 200 characters' });
    expect((await request(admin).get('/api/admin/templates')).body).toEqual([]);
  });

  it('updates the fields sent, moving a template to another type', async () => {
    const { _id } = await add({ type: 'text', title: 'Old', content: 'old' });
    const res = await request(admin)
      .put(`/api/admin/templates/${_id}`)
      .send({ type: 'email', title: ' New ', subject: 'Hello' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id,
      type: 'email',
      title: 'New',
      content: 'old',
      subject: 'Hello',
    });
    const back = await request(admin).put(`/api/admin/templates/${_id}`).send({ type: 'text' });
    expect(back.body).not.toHaveProperty('subject');
    expect((await getDb().doc(`templates/${_id}`).get()).data()).not.toHaveProperty('subject');
  });

  it('refuses an update that empties the title or content', async () => {
    const { _id } = await add({ title: 'T', content: 'c' });
    const res = await request(admin)
      .put(`/api/admin/templates/${_id}`)
      .send({ title: ' ', content: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ title: 'Title is required', content: 'Content is required' });
  });

  it('deletes a template', async () => {
    const { _id } = await add({ title: 'T', content: 'c' });
    const res = await request(admin).delete(`/api/admin/templates/${_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, _id });
    expect((await getDb().doc(`templates/${_id}`).get()).exists).toBe(false);
  });

  it('answers 404 for a template that is not there', async () => {
    for (const res of await Promise.all([
      request(admin).put('/api/admin/templates/nope').send({ title: 'x' }),
      request(admin).delete('/api/admin/templates/nope'),
      request(admin).delete('/api/admin/templates/..'),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Template not found' });
    }
  });
});
