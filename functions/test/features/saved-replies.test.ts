// Saved replies: each person's own, stored server-side; a file of this app may go with one;
// nobody lists or deletes another's.
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_SAVED_REPLIES } from '../../src/contract/saved-replies';
import { resetBackends } from '../support/backends';
import { appAs, PDF } from '../entries/support';

const sales = appAs('employee');
const other = appAs('admin');
const nobody = appAs(null);

const save = (body: object, app = sales) => request(app).post('/api/me/saved-replies').send(body);
const list = async (app = sales) => {
  const res = await request(app).get('/api/me/saved-replies');
  expect(res.status).toBe(200);
  return res.body as { _id: string; title: string }[];
};

describe('/api/me/saved-replies', () => {
  beforeEach(async () => {
    await resetBackends();
    vi.stubEnv('FILE_LINK_SECRET', 'a-test-secret-for-file-links');
  });

  it("stores a person's reply with its file, lists it to them only, oldest first", async () => {
    const upload = await request(sales).post('/api/uploads').attach('files', PDF, 'rates.pdf');
    const [pdf] = upload.body.files as { url: string; name: string }[];
    const first = await save({
      title: ' Rates ',
      content: 'Dear {{name}}, our rates are attached.',
      attachment: { name: 'whatever.pdf', url: pdf.url },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      _id: expect.any(String),
      title: 'Rates',
      content: 'Dear {{name}}, our rates are attached.',
      // The stored file's own name, type and size.
      attachment: {
        name: 'rates.pdf',
        url: pdf.url,
        mimetype: 'application/pdf',
        size: PDF.length,
      },
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    expect((await save({ title: 'Thanks', content: 'Thank you!' })).status).toBe(201);

    expect((await list()).map((r) => r.title)).toEqual(['Rates', 'Thanks']);
    expect(await list(other)).toEqual([]);
    expect((await request(nobody).get('/api/me/saved-replies')).status).toBe(401);
  });

  it('refuses what cannot be a reply, with the field in the message', async () => {
    const noTitle = await save({ title: ' ', content: 'Hello' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toMatch(/Title is required/);
    const noText = await save({ title: 'Hi', content: '  ' });
    expect(noText.status).toBe(400);
    expect(noText.body.message).toMatch(/Text is required/);
    const foreign = await save({
      title: 'Hi',
      content: 'Hello',
      attachment: { name: 'x.pdf', url: '/api/files/uploads/nosuchfile' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/^attachment/);
    expect(await list()).toEqual([]);
  });

  it('a retried save stores one reply', async () => {
    const key = 'save-reply-once';
    const body = { title: 'Visit', content: 'Our engineer visits tomorrow.' };
    const first = await request(sales)
      .post('/api/me/saved-replies')
      .set('Idempotency-Key', key)
      .send(body);
    const again = await request(sales)
      .post('/api/me/saved-replies')
      .set('Idempotency-Key', key)
      .send(body);
    expect(again.status).toBe(201);
    expect(again.body._id).toBe(first.body._id);
    expect(await list()).toHaveLength(1);
  });

  it('is deleted by its owner only: 403 for another, 404 once gone', async () => {
    const { body } = await save({ title: 'Visit', content: 'Our engineer visits tomorrow.' });
    const refused = await request(other).delete(`/api/me/saved-replies/${body._id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the person who saved a reply can delete it');
    expect(await list()).toHaveLength(1);

    expect((await request(sales).delete(`/api/me/saved-replies/${body._id}`)).status).toBe(200);
    expect(await list()).toEqual([]);
    const gone = await request(sales).delete(`/api/me/saved-replies/${body._id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Saved reply not found');
  });

  it(`keeps at most ${MAX_SAVED_REPLIES} a person: 409 after`, async () => {
    for (let i = 0; i < MAX_SAVED_REPLIES; i++) {
      expect((await save({ title: `R${i}`, content: 'x' })).status).toBe(201);
    }
    const full = await save({ title: 'One more', content: 'x' });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(`At most ${MAX_SAVED_REPLIES} saved replies; delete some first`);
    expect((await save({ title: 'Mine', content: 'x' }, other)).status).toBe(201);
  });
});
