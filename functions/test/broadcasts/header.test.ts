// A broadcast of a template with a DOCUMENT or IMAGE header (issue 45), through real HTTP against
// /api and the outbox playing Meta (which refuses such a template without its header, 132012):
// the file is an uploaded one or a quote's PDF, checked against the header (a template with one
// needs it, one without takes none, a PDF is no picture), shown on the broadcast, and sent in the
// header of every recipient's message, which the outbox fetches from the app's signed link.
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs, PDF, PNG } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';
import type { OutboxMessage } from '../../../tools/stack/outbox.ts';

const admin = appAs('admin');
const world = useMessagingWorld();

beforeEach(() => {
  // Meta fetches the header's file from the app's own address.
  vi.stubEnv('PUBLIC_BASE_URL', world.appUrl);
});

const phoneOf = (i: number) => `+9198500${String(100000 + i).slice(1)}`;

async function addCustomers(n: number): Promise<string[]> {
  const phones: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await request(admin)
      .post('/api/customers')
      .send({ names: [`Farhan${i} Shaikh`], phones: [phoneOf(i)] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    phones.push(phoneOf(i));
  }
  return phones;
}

async function upload(bytes: Buffer, name: string): Promise<string> {
  const res = await request(admin).post('/api/uploads').attach('files', bytes, name);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.files[0].url as string;
}

/** quotation_document: a DOCUMENT header, {{1}} name, {{2}} quote number, {{3}} what for. */
const QUOTATION = {
  name: 'Price list',
  template: { name: 'quotation_document', language: 'en' },
  params: [{ field: 'firstName' }, { text: 'PL-2026' }, { text: 'SS tanks' }],
};
/** new_arrivals: an IMAGE header, {{1}} name, {{2}} what is new. */
const ARRIVALS = {
  name: 'New tanks',
  template: { name: 'new_arrivals', language: 'en' },
  params: [{ field: 'firstName' }, { text: 'SS tanks of 500 litres.' }],
};

const create = (body: object) => request(admin).post('/api/broadcasts').send(body);
const report = async (id: string) => (await request(admin).get(`/api/broadcasts/${id}`)).body;
const stored = async () => (await getDb().collection('broadcasts').get()).size;
const headerOf = (m: OutboxMessage) =>
  (m.body as { template: { components: { type: string; parameters: object[] }[] } }).template
    .components[0];

describe('a broadcast with a document or image header', { timeout: 45_000 }, () => {
  it('refuses a header missing, not wanted or of the wrong kind, saying why, and stores nothing', async () => {
    const phones = await addCustomers(1);
    const pdf = await upload(PDF, 'price-list.pdf');
    const audience = { phones };
    const refusals: [object, string][] = [
      [
        { ...QUOTATION, audience },
        "The template quotation_document (en) has a DOCUMENT header: choose a PDF to go in it (an uploaded file or a quote's PDF)",
      ],
      [
        { ...ARRIVALS, audience },
        'The template new_arrivals (en) has an IMAGE header: choose a JPEG or PNG picture to go in it (an uploaded file)',
      ],
      [
        {
          name: 'Offer',
          template: { name: 'season_offer', language: 'en' },
          params: [{ field: 'firstName' }, { text: 'Prices until Friday.' }],
          header: { fileUrl: pdf },
          audience,
        },
        'The template season_offer (en) has no document or image header: it takes no file',
      ],
      [
        { ...ARRIVALS, header: { fileUrl: pdf }, audience },
        'The IMAGE header of new_arrivals (en) takes a JPEG or PNG picture; price-list.pdf is application/pdf',
      ],
      [
        { ...ARRIVALS, header: { quoteId: 'q1' }, audience },
        "A quote's PDF goes in a DOCUMENT header; the header of new_arrivals (en) is IMAGE",
      ],
      [
        { ...QUOTATION, header: { fileUrl: 'https://example.com/list.pdf' }, audience },
        'header.fileUrl: not a file uploaded here (/api/files/uploads/…)',
      ],
      [
        { ...QUOTATION, header: { fileUrl: '/api/files/uploads/gone' }, audience },
        "The header's file was not found: upload it again",
      ],
      [{ ...QUOTATION, header: { quoteId: 'gone' }, audience }, 'header.quoteId: Quote not found'],
    ];
    for (const [body, message] of refusals) {
      const res = await create(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A video header: uploads take no video, so a broadcast cannot send it.
    await getDb().doc('whatsappTemplates/tank_video:en').set({
      name: 'tank_video',
      language: 'en',
      status: 'APPROVED',
      category: 'MARKETING',
      headerFormat: 'VIDEO',
      body: 'Namaste {{1}}',
      paramCount: 1,
    });
    const video = await create({
      name: 'Video',
      template: { name: 'tank_video', language: 'en' },
      params: [{ field: 'firstName' }],
      audience,
    });
    expect(video.status).toBe(400);
    expect(video.body.message).toContain('tank_video (en) has a video header');
    expect(await stored()).toBe(0);
  });

  it("sends an uploaded PDF in every recipient's DOCUMENT header, fetched by Meta byte for byte", async () => {
    const phones = await addCustomers(2);
    const url = await upload(PDF, 'price-list.pdf');
    const made = await create({ ...QUOTATION, header: { fileUrl: url }, audience: { phones } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const header = {
      type: 'document',
      file: { name: 'price-list.pdf', url, mimetype: 'application/pdf', size: PDF.length },
    };
    expect(made.body.header).toEqual(header);
    expect((await report(made.body._id)).header).toEqual(header);
    const started = await request(admin).post(`/api/broadcasts/${made.body._id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await eventually(async () => {
      const body = await report(made.body._id);
      return body.state === 'done' ? body : null;
    }, 30_000);
    expect(done.counts).toMatchObject({ sent: 2, failed: 0, queued: 0 });
    const sent = (await world.sent()).filter((m) => m.channel === 'whatsapp');
    expect(sent.map((m) => m.to[0]).sort()).toEqual(phones.map((p) => p.slice(1)).sort());
    for (const message of sent) {
      expect(headerOf(message)).toEqual({
        type: 'header',
        parameters: [
          {
            type: 'document',
            document: {
              link: expect.stringMatching(
                new RegExp(`^${world.appUrl}${url}\\?`.replace(/\//g, '\\/')),
              ),
              filename: 'price-list.pdf',
            },
          },
        ],
      });
      expect(Buffer.from(message.files?.[0]?.base64 ?? '', 'base64').equals(PDF)).toBe(true);
      expect(message.summary).toContain('please find attached our quotation PL-2026 for SS tanks');
    }
  });

  it("a picture in an IMAGE header, and a quote's PDF in a DOCUMENT header, as a test to one's own phone shows", async () => {
    const phones = await addCustomers(1);
    await getDb().doc('users/admin-uid').set({ phone: '+919800000042' }, { merge: true });
    const picture = await upload(PNG, 'tank.png');
    const arrivals = await create({
      ...ARRIVALS,
      header: { fileUrl: picture },
      audience: { phones },
    });
    expect(arrivals.status, JSON.stringify(arrivals.body)).toBe(201);
    expect(arrivals.body.header).toMatchObject({
      type: 'image',
      file: { name: 'tank.png', mimetype: 'image/png' },
    });
    const tested = await request(admin).post(`/api/broadcasts/${arrivals.body._id}/test`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const [image] = await world.sent();
    expect(headerOf(image)).toEqual({
      type: 'header',
      parameters: [{ type: 'image', image: { link: expect.stringContaining(picture) } }],
    });
    expect(image.files?.[0]).toMatchObject({ mimetype: 'image/png', size: PNG.length });

    const quote = await request(admin)
      .post('/api/quotes')
      .send({
        customerId: world.ravi,
        lines: [
          { name: 'SS tank 500 L', hsn: '73090010', unit: 'Nos', qty: 1, rate: 42000, gstRate: 18 },
        ],
      });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    const quoted = await create({
      ...QUOTATION,
      header: { quoteId: quote.body._id },
      audience: { phones },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
    expect(quoted.body.header).toMatchObject({
      type: 'document',
      file: { mimetype: 'application/pdf', url: expect.stringMatching(/^\/api\/files\/uploads\//) },
      quote: { _id: quote.body._id, number: quote.body.number },
    });
    expect((await request(admin).post(`/api/broadcasts/${quoted.body._id}/test`)).status).toBe(200);
    const document = (await world.sent()).at(-1)!;
    expect(headerOf(document).parameters[0]).toMatchObject({
      type: 'document',
      document: { filename: quoted.body.header.file.name },
    });
    const pdf = await request(admin)
      .get(`/api/quotes/${quote.body._id}/pdf`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(Buffer.from(document.files?.[0]?.base64 ?? '', 'base64').equals(pdf.body)).toBe(true);
  });
});
