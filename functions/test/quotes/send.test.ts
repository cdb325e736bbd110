// Send: a quote's PDF to its customer through the outbox playing Meta and SendGrid. Inside the
// 24-hour window a WhatsApp document message, outside it the approved template with a DOCUMENT
// header; by email an attachment. The outbox fetches (WhatsApp) or decodes (email) the file, and
// its bytes are the PDF's the API serves. The quote moves to sent, the message shows in the
// customer's conversation as a file with its state, a retry with the same Idempotency-Key sends
// nothing again, an opted-out customer gets no WhatsApp, and sales send only to their own.
import type { DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs, seedUser } from '../entries/support';
import { eventually, useMessagingWorld } from '../messaging/support';
import type { OutboxMessage } from '../../../tools/stack/outbox.ts';

const employee = appAs('employee');
const admin = appAs('admin');
const world = useMessagingWorld();
const RAVI = '+919812345678';

const customerDoc = async () =>
  (await getDb().collection('customers').doc(world.ravi).get()).data() as DocumentData;

async function customerWrites(text: string, check: () => Promise<unknown>) {
  await world.control('inbound', { from: RAVI, text, name: 'Ravi' });
  await eventually(check);
}
const openWindow = () =>
  customerWrites(
    'Please send the quote',
    async () => (await customerDoc())?.whatsappWindows?.[RAVI],
  );

async function twoLineQuote(): Promise<string> {
  const res = await request(employee)
    .post('/api/quotes')
    .send({
      customerId: world.ravi,
      lines: [
        {
          name: 'Plate heat exchanger',
          hsn: '84195010',
          unit: 'Nos',
          qty: 2,
          rate: 185000,
          gstRate: 18,
        },
        { name: 'Installation', hsn: '998719', unit: 'Nos', qty: 1, rate: 12499.99, gstRate: 18 },
      ],
    });
  expect(res.status).toBe(201);
  return res.body._id as string;
}

async function pdfOf(id: string): Promise<Buffer> {
  const res = await request(employee)
    .get(`/api/quotes/${id}/pdf`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

const send = (id: string, channels: string[], key?: string) => {
  const call = request(employee).post(`/api/quotes/${id}/send`);
  if (key) call.set('Idempotency-Key', key);
  return call.send({ channels });
};

const bytesOf = (m: OutboxMessage | undefined) =>
  Buffer.from(m?.files?.[0]?.base64 ?? '', 'base64');

beforeEach(() => {
  // Meta fetches the document from the app's own address.
  vi.stubEnv('PUBLIC_BASE_URL', world.appUrl);
});

describe('POST /quotes/:id/send', () => {
  it('inside the window: a WhatsApp document and an email attachment, both the PDF byte for byte', async () => {
    await openWindow();
    const id = await twoLineQuote();
    const res = await send(id, ['whatsapp', 'email']);
    expect(res.status).toBe(200);
    expect(res.body.quote.status).toBe('sent');
    expect(res.body.quote.sentAt).toBeTruthy();
    expect(res.body.results.map((r: { channel: string }) => r.channel)).toEqual([
      'whatsapp',
      'email',
    ]);
    for (const result of res.body.results) expect(result.state).not.toBe('failed');

    const pdf = await pdfOf(id);
    const sent = await world.sent();
    const whatsapp = sent.find((m) => m.channel === 'whatsapp');
    const email = sent.find((m) => m.channel === 'email');
    const body = whatsapp?.body as { type: string; document: Record<string, string> };
    expect(body.type).toBe('document');
    expect(body.document.filename).toMatch(/^Q-\d{4}-\d{2}-0001\.pdf$/);
    expect(body.document.caption).toContain('Quotation Q/');
    expect(bytesOf(whatsapp).equals(pdf)).toBe(true);
    const mail = email?.body as { attachments: Record<string, string>[] };
    expect(mail.attachments[0]).toMatchObject({
      type: 'application/pdf',
      disposition: 'attachment',
    });
    expect(bytesOf(email).equals(pdf)).toBe(true);
    expect(res.body.results[0].file).toEqual({ name: body.document.filename, size: pdf.length });

    // In the customer's conversation as a file with its state, moving on live.
    const shown = await eventually(async () => {
      const conversation = await request(employee).get(`/api/customers/${world.ravi}/conversation`);
      const messages = (conversation.body.messages ?? conversation.body) as DocumentData[];
      const mine = messages.filter((m) => m.source === 'quote');
      return mine.length === 2 && mine.every((m) => ['delivered', 'read'].includes(m.state))
        ? mine
        : undefined;
    });
    expect(shown).toBeTruthy();
    for (const message of shown!) {
      expect(message.files[0]).toMatchObject({ name: body.document.filename, size: pdf.length });
    }
  });

  it('outside the window: the approved template with the PDF in its DOCUMENT header', async () => {
    const id = await twoLineQuote();
    const res = await send(id, ['whatsapp']);
    expect(res.status).toBe(200);
    expect(res.body.results[0].state).not.toBe('failed');
    const [whatsapp] = await world.sent();
    const template = (whatsapp.body as { template: DocumentData }).template;
    expect(template.name).toBe('quotation_document');
    expect(template.components[0]).toMatchObject({
      type: 'header',
      parameters: [{ type: 'document', document: { filename: expect.stringMatching(/\.pdf$/) } }],
    });
    expect(template.components[1].parameters.map((p: { text: string }) => p.text)).toEqual([
      'Ravi Sharma',
      expect.stringMatching(/^Q\//),
      '₹4,51,350.00',
    ]);
    expect(bytesOf(whatsapp).equals(await pdfOf(id))).toBe(true);
    const quote = await request(employee).get(`/api/quotes/${id}`);
    expect(quote.body.status).toBe('sent');
    expect(quote.body.sends[0]).toMatchObject({
      channel: 'whatsapp',
      how: 'template quotation_document',
    });
  });

  it('sends once for a retry with the same Idempotency-Key', async () => {
    const id = await twoLineQuote();
    const first = await send(id, ['email'], 'quote-send-1');
    const again = await send(id, ['email'], 'quote-send-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.results).toEqual(first.body.results);
    expect((await world.sent()).filter((m) => m.channel === 'email')).toHaveLength(1);
  });

  it('refuses WhatsApp to a customer who opted out, and still sends the email', async () => {
    await customerWrites('STOP', async () => (await customerDoc())?.whatsappOptOuts?.[RAVI]);
    const id = await twoLineQuote();
    const refused = await send(id, ['whatsapp', 'email']);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/opted out/);
    expect((await world.sent()).filter((m) => m.channel === 'whatsapp')).toHaveLength(0);
    expect((await request(employee).get(`/api/quotes/${id}`)).body.status).toBe('draft');
    const email = await send(id, ['email']);
    expect(email.status).toBe(200);
    expect((await world.sent()).filter((m) => m.channel === 'email')).toHaveLength(1);
  });

  it("forbids sales another's customer; refuses bad channels, unknown quotes, answered quotes", async () => {
    const id = await twoLineQuote();
    expect(
      (await request(employee).post(`/api/quotes/${id}/send`).send({ channels: [] })).status,
    ).toBe(400);
    expect(
      (
        await request(employee)
          .post(`/api/quotes/${id}/send`)
          .send({ channels: ['sms'] })
      ).status,
    ).toBe(400);
    expect((await send('nope', ['email'])).status).toBe(404);

    await seedUser('other-uid', { fullName: 'Omar Other', email: 'omar@example.in' });
    const owned = await request(admin)
      .put(`/api/customers/${world.ravi}/owner`)
      .send({ ownerId: 'other-uid' });
    expect(owned.status).toBe(200);
    const forbidden = await send(id, ['email']);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toMatch(/your own customers/);
    expect(await world.sent()).toHaveLength(0);
    // An admin may.
    expect(
      (
        await request(admin)
          .post(`/api/quotes/${id}/send`)
          .send({ channels: ['email'] })
      ).status,
    ).toBe(200);

    const declined = await request(admin).post(`/api/quotes/${id}/decline`);
    expect(declined.status).toBe(200);
    const closed = await request(admin)
      .post(`/api/quotes/${id}/send`)
      .send({ channels: ['email'] });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toMatch(/declined/);
  });
});
