// The outbox keeps the files it receives, as the customer gets them, and refuses what the
// providers refuse: a WhatsApp document is fetched from its link (a document message, or a
// template's DOCUMENT header), and so is a template's IMAGE header's picture; an email's
// attachments are decoded; a document without link or id is 131008, a DOCUMENT- or IMAGE-header
// template without its header's parameter of that type 132012 (with it but no link, 131008), an
// attachment without content or filename SendGrid's 400 with errors[].
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOutbox, type Outbox, type OutboxMessage } from '../outbox.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
let dir: string;
let outbox: Outbox;
/** Serves the PDF at /quote.pdf and a PNG at /tank.png (the app's signed links), a 403 elsewhere. */
let files: http.Server;
let fileUrl = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'outbox-files-'));
  files = http.createServer((req, res) => {
    if (req.url === '/quote.pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' });
      res.end(PDF);
    } else if (req.url === '/tank.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(PNG);
    } else {
      res.writeHead(403).end();
    }
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  outbox = await startOutbox(dir, () => undefined);
});
afterAll(async () => {
  await outbox?.stop();
  files?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await fetch(`${outbox.url}/control/reset`, { method: 'POST' });
});

async function whatsapp(message: object) {
  const res = await fetch(`${outbox.url}/whatsapp/v21.0/1098765432/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer wa-token' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to: '919812345678', ...message }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function email(attachments: object[]) {
  const res = await fetch(`${outbox.url}/sendgrid/v3/mail/send`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer SG.key' },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: 'ravi@example.in' }] }],
      from: { email: 'crm@demo.in' },
      subject: 'Quotation Q/2026-27/0001',
      content: [{ type: 'text/plain', value: 'Attached.' }],
      attachments,
    }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer) : {} };
}

/** What Meta's and SendGrid's refusals hold. */
interface Answer {
  error?: { code: number; error_data?: { details: string } };
  errors?: { field: string }[];
}

const sent = async () => (await (await fetch(`${outbox.url}/messages`)).json()) as OutboxMessage[];

const quoteTemplate = (components: object[]) => ({
  type: 'template',
  template: { name: 'quotation_document', language: { code: 'en' }, components },
});
const body = {
  type: 'body',
  parameters: ['Ravi', 'Q/2026-27/0001', '₹4,51,350.00'].map((text) => ({ type: 'text', text })),
};

describe('the outbox and files', () => {
  it('fetches a document message from its link and keeps its bytes', async () => {
    const res = await whatsapp({
      type: 'document',
      document: { link: `${fileUrl}/quote.pdf`, filename: 'Q-2026-27-0001.pdf', caption: 'Quote' },
    });
    expect(res.status).toBe(200);
    const [message] = await sent();
    expect(message.files?.[0]).toMatchObject({
      filename: 'Q-2026-27-0001.pdf',
      mimetype: 'application/pdf',
      size: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
    });
    expect(Buffer.from(message.files![0].base64, 'base64').equals(PDF)).toBe(true);
  });

  it('refuses a document without link or id (131008)', async () => {
    const res = await whatsapp({ type: 'document', document: { filename: 'x.pdf' } });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(131008);
    expect(await sent()).toHaveLength(0);
  });

  it('takes the DOCUMENT-header template with its document, and refuses it without (132012)', async () => {
    const header = {
      type: 'header',
      parameters: [
        { type: 'document', document: { link: `${fileUrl}/quote.pdf`, filename: 'Q.pdf' } },
      ],
    };
    const ok = await whatsapp(quoteTemplate([header, body]));
    expect(ok.status).toBe(200);
    const [message] = await sent();
    expect(Buffer.from(message.files![0].base64, 'base64').equals(PDF)).toBe(true);
    expect(message.summary).toContain('please find attached our quotation Q/2026-27/0001');

    const without = await whatsapp(quoteTemplate([body]));
    expect(without.status).toBe(400);
    expect(without.body.error?.code).toBe(132012);
    const headerElsewhere = await whatsapp({
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en' },
        components: [header, { type: 'body', parameters: [{ type: 'text', text: 'Shipped' }] }],
      },
    });
    expect(headerElsewhere.body.error?.code).toBe(132012);
  });

  it('takes the IMAGE-header template with its picture, fetched; refuses no header, a document in it, or no link', async () => {
    const image = (parameter: object) => ({
      type: 'template',
      template: {
        name: 'new_arrivals',
        language: { code: 'en' },
        components: [
          { type: 'header', parameters: [parameter] },
          {
            type: 'body',
            parameters: ['Ravi', 'SS tanks of 500 litres.'].map((text) => ({ type: 'text', text })),
          },
        ],
      },
    });
    const ok = await whatsapp(image({ type: 'image', image: { link: `${fileUrl}/tank.png` } }));
    expect(ok.status).toBe(200);
    const [message] = await sent();
    expect(message.files?.[0]).toMatchObject({ mimetype: 'image/png', size: PNG.length });
    expect(message.summary).toBe(
      'Namaste Ravi, new in our range: SS tanks of 500 litres. Reply STOP to stop these messages.',
    );

    const bodyOnly = await whatsapp({
      type: 'template',
      template: {
        name: 'new_arrivals',
        language: { code: 'en' },
        components: [image({}).template.components[1]],
      },
    });
    expect(bodyOnly.status).toBe(400);
    expect(bodyOnly.body.error).toMatchObject({
      code: 132012,
      error_data: { details: 'header: Format mismatch, expected IMAGE, received UNKNOWN' },
    });
    const documentInstead = await whatsapp(
      image({ type: 'document', document: { link: `${fileUrl}/quote.pdf` } }),
    );
    expect(documentInstead.body.error).toMatchObject({
      code: 132012,
      error_data: { details: 'header: Format mismatch, expected IMAGE, received DOCUMENT' },
    });
    const noLink = await whatsapp(image({ type: 'image', image: {} }));
    expect(noLink.status).toBe(400);
    expect(noLink.body.error?.code).toBe(131008);
    expect(await sent()).toHaveLength(1);
  });

  it('decodes an email attachment, and refuses one without content or filename (400)', async () => {
    const ok = await email([
      {
        content: PDF.toString('base64'),
        filename: 'Q-2026-27-0001.pdf',
        type: 'application/pdf',
        disposition: 'attachment',
      },
    ]);
    expect(ok.status).toBe(202);
    const [message] = await sent();
    expect(Buffer.from(message.files![0].base64, 'base64').equals(PDF)).toBe(true);

    const bad = await email([{ type: 'application/pdf' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e: { field: string }) => e.field)).toEqual([
      'attachments.0.content',
      'attachments.0.filename',
    ]);
  });
});
