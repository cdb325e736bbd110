import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../src/clock';
import { signedFileUrl } from '../../src/features/uploads/files';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appWithSession } from '../support/callers';
import { appAs, functionsApp, JPEG, PDF, PNG } from './support';

const employee = appAs('employee');
const outsider = appAs('outsider');
const nobody = appAs(null);

beforeEach(async () => {
  await resetBackends();
  vi.stubEnv('FILE_LINK_SECRET', 'a-test-secret-for-file-links');
});
afterEach(() => {
  vi.unstubAllEnvs();
  setClock();
});

describe('POST /api/uploads', () => {
  it('stores a PDF and an image, answers their names, urls, types and sizes', async () => {
    const res = await request(employee)
      .post('/api/uploads')
      .attach('files', PDF, 'quote.pdf')
      .attach('files', PNG, 'photo.png');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.files).toEqual([
      {
        name: 'quote.pdf',
        url: expect.stringMatching(/^\/api\/files\/uploads\/\w+$/),
        mimetype: 'application/pdf',
        size: PDF.length,
      },
      {
        name: 'photo.png',
        url: expect.stringMatching(/^\/api\/files\/uploads\/\w+$/),
        mimetype: 'image/png',
        size: PNG.length,
      },
    ]);
    const id = (res.body.files[0].url as string).split('/').pop()!;
    const meta = (await getDb().doc(`files/${id}`).get()).data();
    expect(meta).toMatchObject({
      name: 'quote.pdf',
      mimetype: 'application/pdf',
      size: PDF.length,
      path: `uploads/${id}`,
      uploadedBy: { uid: 'sales-uid', email: 'sales@example.in' },
    });

    const file = await request(employee).get(res.body.files[0].url).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('filename="quote.pdf"');
    expect(Buffer.from(file.body as Buffer).equals(PDF)).toBe(true);
  });

  it('keeps a non-ASCII file name as the browser sent it (UTF-8)', async () => {
    const res = await request(employee)
      .post('/api/uploads')
      .attach('files', PDF, 'Müller कोटेशन.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.files[0].name).toBe('Müller कोटेशन.pdf');
    const id = String(res.body.files[0].url).split('/').pop()!;
    const file = await request(employee).get(`/api/files/uploads/${id}`);
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Müller कोटेशन.pdf')}`,
    );
  });

  it('trusts the content, not the name: a JPEG called .png is served as a JPEG', async () => {
    const res = await request(employee).post('/api/uploads').attach('files', JPEG, 'photo.png');
    expect(res.status).toBe(201);
    expect(res.body.files[0]).toMatchObject({ name: 'photo.png.jpg', mimetype: 'image/jpeg' });
  });

  it('refuses a file that is neither a PDF nor an image (415)', async () => {
    const res = await request(employee)
      .post('/api/uploads')
      .attach('files', Buffer.from('name,phone\nRavi,98'), 'list.csv');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('"list.csv" is not a PDF or an image (JPEG, PNG, WebP or GIF).');
  });

  it('refuses a renamed executable and stores nothing of the request', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const res = await request(employee)
      .post('/api/uploads')
      .attach('files', PDF, 'fine.pdf')
      .attach('files', exe, 'invoice.pdf');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(
      '"invoice.pdf" is not a PDF or an image (JPEG, PNG, WebP or GIF).',
    );
    expect((await getDb().collection('files').get()).size).toBe(0);
  });

  it('refuses a file over 10 MB (413)', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await request(employee).post('/api/uploads').attach('files', big, 'big.pdf');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('"big.pdf" is larger than 10 MB (the limit per file).');
  });

  it('refuses more than 10 files (413)', async () => {
    let call = request(employee).post('/api/uploads');
    for (let i = 0; i < 11; i++) call = call.attach('files', PNG, `p${i}.png`);
    const res = await call;
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('At most 10 files per upload.');
    expect((await getDb().collection('files').get()).size).toBe(0);
  });

  it('wants multipart with at least one file', async () => {
    const json = await request(employee).post('/api/uploads').send({ files: [] });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Send the files as multipart/form-data.');
    const empty = await request(employee).post('/api/uploads').field('note', 'x');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('No file was sent.');
  });

  it('reads the body the Functions runtime already read (req.rawBody)', async () => {
    const res = await request(functionsApp('employee'))
      .post('/api/uploads')
      .attach('files', PDF, 'quote.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.files[0]).toMatchObject({ name: 'quote.pdf', size: PDF.length });
  });

  it('is for signed-in callers with entries.write, or broadcasts.send (a header of a broadcast)', async () => {
    expect((await request(nobody).post('/api/uploads').attach('files', PDF, 'a.pdf')).status).toBe(
      401,
    );
    const res = await request(outsider).post('/api/uploads').attach('files', PDF, 'a.pdf');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Access denied (needs the entries.write or broadcasts.send permission).',
    );
    const marketing = appWithSession({
      uid: 'm-uid',
      email: 'm@example.in',
      role: 'marketing',
      permissions: ['customers.read', 'broadcasts.send'],
    });
    const header = await request(marketing).post('/api/uploads').attach('files', PDF, 'offer.pdf');
    expect(header.status, JSON.stringify(header.body)).toBe(201);
  });
});

describe('GET /api/files/uploads/{id}', () => {
  async function upload(): Promise<string> {
    const res = await request(employee).post('/api/uploads').attach('files', PDF, 'quote.pdf');
    return res.body.files[0].url as string;
  }

  it('needs a session without a signed link', async () => {
    const url = await upload();
    const res = await request(nobody).get(url);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Sign in required');
    expect((await request(employee).get('/api/files/uploads/missing')).status).toBe(404);
  });

  it('serves a signed link without a session until it expires', async () => {
    const url = await upload();
    const id = url.split('/').pop()!;
    const start = Date.UTC(2026, 5, 1);
    setClock(() => start);
    const signed = await signedFileUrl('https://crm.example.in', id);
    expect(signed).toMatch(
      new RegExp(`^https://crm\\.example\\.in/api/files/uploads/${id}\\?exp=\\d+&sig=[\\w-]+$`),
    );
    const local = signed.replace('https://crm.example.in', '');
    const ok = await request(nobody).get(local).buffer(true);
    expect(ok.status).toBe(200);
    expect(Buffer.from(ok.body as Buffer).equals(PDF)).toBe(true);

    const tampered = await request(nobody).get(
      local.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
    );
    expect(tampered.status).toBe(403);
    expect(tampered.body.message).toBe('This file link is not valid.');
    const otherFile = await request(nobody).get(local.replace(id, 'someotherid'));
    expect(otherFile.status).toBe(403);

    setClock(() => start + 4 * 24 * 60 * 60 * 1000);
    const expired = await request(nobody).get(local);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe('This file link has expired.');
  });
});
