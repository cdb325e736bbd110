// POST /api/entries: its rules, the sends through the real senders to local recording
// servers (their exact payloads), and failed or silent providers (the entry is kept).
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { startRecordingServer, type RecordingServer } from '../support/recording-server';
import {
  appAs,
  clearRecordings,
  configureSenders,
  EMPLOYEE,
  PDF,
  PNG,
  seedCustomer,
  seedPeople,
} from './support';

const employee = appAs('employee');
const outsider = appAs('outsider');
const nobody = appAs(null);

let graph: RecordingServer;
let sendgrid: RecordingServer;
let ravi: string;

beforeAll(async () => {
  [graph, sendgrid] = await Promise.all([startRecordingServer(), startRecordingServer()]);
});
afterAll(async () => {
  await Promise.all([graph.close(), sendgrid.close()]);
});
beforeEach(async () => {
  await resetBackends();
  clearRecordings(graph, sendgrid);
  vi.stubEnv('FILE_LINK_SECRET', 'a-test-secret-for-file-links');
  vi.stubEnv('PUBLIC_BASE_URL', 'https://crm.example.in');
  await configureSenders(graph, sendgrid);
  await seedPeople();
  ravi = await seedCustomer({
    names: ['Ravi Sharma'],
    phones: ['+919812345678', '+919811111111'],
    emails: ['ravi@example.in', 'ravi.s@example.in'],
    categories: ['PHE'],
    potential: 'HOT',
  });
});
afterEach(() => vi.unstubAllEnvs());

const create = (body: object) => request(employee).post('/api/entries').send(body);

describe('POST /api/entries', () => {
  it('fills {name} typed with single braces as it fills {{name}}, in what goes out', async () => {
    const res = await create({
      customer: ravi,
      description: 'Single braces',
      whatsapp: { body: 'Namaste {name}!' },
      email: { subject: 'For {name}', body: 'Dear { Name },' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.dispatch.whatsapp.text).toBe('Namaste Ravi Sharma!');
    expect(res.body.dispatch.email).toMatchObject({
      subject: 'For Ravi Sharma',
      text: 'Dear Ravi Sharma,',
    });
    expect(JSON.stringify(graph.requests[0].json)).toContain('Namaste Ravi Sharma!');
    expect(JSON.stringify(graph.requests[0].json)).not.toContain('{name}');
  });

  it('saves a pending entry and sends WhatsApp and email to the first phone and email', async () => {
    const res = await create({
      customer: ravi,
      description: 'Quoted a plate heat exchanger',
      tags: ['urgent', 'Urgent', ' export '],
      category: 'PHE',
      amount: '125000.50',
      process: 'quotation',
      extraNote: 'Call back Monday',
      whatsapp: { body: 'Namaste {{name}}!' },
      email: { subject: 'Your quotation', body: 'Dear {{name}},\nPlease find the quote.' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      customerId: ravi,
      customer: { _id: ravi, names: ['Ravi Sharma'], categories: ['PHE'], potential: 'HOT' },
      description: 'Quoted a plate heat exchanger',
      tags: ['urgent', 'export'],
      category: 'PHE',
      amount: 125000.5,
      currency: 'INR',
      process: 'Quotation',
      extraNote: 'Call back Monday',
      channel: 'multiple',
      status: 'pending',
      source: 'employee',
      employee: { _id: EMPLOYEE.uid, name: EMPLOYEE.name, email: EMPLOYEE.email },
      createdByName: EMPLOYEE.name,
      followUps: [],
      failed: [],
      dispatch: {
        whatsapp: {
          to: ['+919812345678'],
          templateName: 'crm_message',
          preview: 'Hello Ravi Sharma, a message from our team: Namaste Ravi Sharma!',
          text: 'Namaste Ravi Sharma!',
          attachments: [],
          status: 'sent',
          messageId: 'wamid.TEST1',
        },
        email: {
          to: ['ravi@example.in'],
          subject: 'Your quotation',
          text: 'Dear Ravi Sharma,\nPlease find the quote.',
          status: 'sent',
          messageId: 'sg-message-1',
        },
      },
    });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect(graph.requests).toHaveLength(1);
    expect(graph.requests[0].path).toBe('/v22.0/1098765432/messages');
    expect(graph.requests[0].headers.authorization).toBe('Bearer wa-token');
    // The customer has not written in 24 hours: the company default template carries the text.
    expect(graph.requests[0].json).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812345678',
      biz_opaque_callback_data: res.body.dispatch.whatsapp.outboundId,
      type: 'template',
      template: {
        name: 'crm_message',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ravi Sharma' },
              { type: 'text', text: 'Namaste Ravi Sharma!' },
            ],
          },
        ],
      },
    });
    expect(sendgrid.requests).toHaveLength(1);
    expect(sendgrid.requests[0].headers.authorization).toBe('Bearer SG.key');
    expect(sendgrid.requests[0].json).toMatchObject({
      from: { email: 'crm@demo.in', name: 'Demo Dairy' },
      subject: 'Your quotation',
      personalizations: [{ to: [{ email: 'ravi@example.in' }] }],
      content: [
        { type: 'text/plain', value: 'Dear Ravi Sharma,\nPlease find the quote.' },
        { type: 'text/html', value: '<p>Dear Ravi Sharma,<br>Please find the quote.</p>' },
      ],
    });

    const stored = (await getDb().doc(`entries/${res.body._id}`).get()).data()!;
    expect(stored.dispatch.whatsapp.status).toBe('sent');
    expect(stored.searchKeys).toEqual(expect.arrayContaining(['n:ravi', 'p:12345678', 't:urgent']));
    const history = await request(employee).get(`/api/entries/${res.body._id}/history`);
    expect(history.body).toMatchObject([
      { type: 'created', text: 'Entry created', by: EMPLOYEE.uid, byName: EMPLOYEE.name },
    ]);
  });

  it('uses the typed template id and the default subject', async () => {
    const res = await create({
      customer: { _id: ravi },
      whatsapp: { templateId: 'order_update', body: 'Your order shipped' },
      email: { body: '<p>Hello</p>' },
    });
    expect(res.status).toBe(201);
    expect(graph.requests[0].json).toMatchObject({ template: { name: 'order_update' } });
    expect(sendgrid.requests[0].json).toMatchObject({
      subject: 'Message from Demo Dairy',
      content: [
        { type: 'text/plain', value: 'Hello' },
        { type: 'text/html', value: '<p>Hello</p>' },
      ],
    });
  });

  it('takes the channel from the switches and the description from the only body', async () => {
    const wa = await create({ customer: ravi, whatsapp: { body: 'WhatsApp words' } });
    expect(wa.body).toMatchObject({ channel: 'whatsapp', description: 'WhatsApp words' });
    const em = await create({ customer: ravi, email: { body: '<p>Email <b>words</b></p>' } });
    expect(em.body).toMatchObject({ channel: 'email', description: 'Email words' });
    const both = await create({
      customer: ravi,
      whatsapp: { body: 'a' },
      email: { body: 'b' },
    });
    expect(both.body).toMatchObject({
      channel: 'multiple',
      description: 'Thank you for your time. We will be in touch shortly.',
    });
    const none = await create({ customer: ravi, whatsapp: null, email: { enabled: false } });
    expect(none.body).toMatchObject({
      channel: 'manual',
      description: 'Thank you for your time. We will be in touch shortly.',
      dispatch: {},
    });
    const other = await create({ customer: ravi, channel: 'other', description: 'Met at expo' });
    expect(other.body).toMatchObject({ channel: 'other', description: 'Met at expo' });
  });

  it('checks the amount and the other fields', async () => {
    for (const amount of [-1, 'abc', '-0.5']) {
      const res = await create({ customer: ravi, amount });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('amount: Amount should be a positive number');
    }
    expect((await create({ customer: ravi, amount: '' })).body.amount).toBe(0);
    const noCustomer = await create({ description: 'x' });
    expect(noCustomer.status).toBe(400);
    expect(noCustomer.body.message).toBe('customer: Customer is required');
    const unknown = await create({ customer: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Customer not found');
    const process = await create({ customer: ravi, process: 'Dancing' });
    expect(process.status).toBe(400);
    expect(process.body.message).toMatch(/^process: Process must be one of: Lead Generation, /);
    expect(graph.requests).toHaveLength(0);
  });

  it('keeps the entry and records the failure when WhatsApp answers 500', async () => {
    graph.replies.push({
      status: 500,
      body: { error: { message: 'Service unavailable', code: 2 } },
    });
    const res = await create({ customer: ravi, whatsapp: { body: 'Hi' }, email: { body: 'Hi' } });
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual(['whatsapp']);
    expect(res.body.dispatch.whatsapp).toMatchObject({
      status: 'failed',
      error: 'WhatsApp refused the message: Service unavailable (WhatsApp 2)',
    });
    expect(res.body.dispatch.whatsapp.messageId).toBeUndefined();
    expect(res.body.dispatch.email).toMatchObject({ status: 'sent' });
    const stored = (await getDb().doc(`entries/${res.body._id}`).get()).data()!;
    expect(stored.dispatch.whatsapp).toMatchObject({ status: 'failed' });
    expect(stored.status).toBe('pending');
  });

  it('keeps the entry and records an unknown outcome when the email provider stays silent', async () => {
    vi.stubEnv('SEND_TIMEOUT_MS', '300');
    sendgrid.replies.push({ status: 202, delayMs: 3000 });
    const res = await create({ customer: ravi, email: { body: 'Hi' } });
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual([]);
    expect(res.body.dispatch.email).toMatchObject({
      status: 'unknown',
      error: 'SendGrid did not answer within 0.3 s',
    });
    expect((await getDb().doc(`entries/${res.body._id}`).get()).exists).toBe(true);
  });

  it('fails a channel the customer has no address for, without calling the provider', async () => {
    const nameOnly = await seedCustomer({ names: ['Walk-in'] });
    const res = await create({ customer: nameOnly, whatsapp: { body: 'x' }, email: { body: 'y' } });
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual(['whatsapp', 'email']);
    expect(res.body.dispatch.whatsapp).toMatchObject({
      status: 'not_sent',
      error: 'No customer phone found',
    });
    expect(res.body.dispatch.email).toMatchObject({
      status: 'not_sent',
      error: 'No customer email found',
    });
    expect(graph.requests).toHaveLength(0);
    expect(sendgrid.requests).toHaveLength(0);
  });

  it('sends files: WhatsApp by a signed link (inside the window), email attached', async () => {
    await getDb()
      .doc(`customers/${ravi}`)
      .update({ 'whatsappWindows.+919812345678': new Date(Date.now() + 3600_000) });
    const upload = await request(employee)
      .post('/api/uploads')
      .attach('files', PDF, 'quote.pdf')
      .attach('files', PNG, 'site.png');
    const [pdf, png] = upload.body.files as { url: string; name: string }[];
    const res = await create({
      customer: ravi,
      attachments: [pdf, png],
      whatsapp: { body: 'See the quote', attachments: [pdf] },
      email: { body: 'Attached', attachments: [pdf, png] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.attachments).toEqual([
      { name: 'quote.pdf', url: pdf.url, mimetype: 'application/pdf', size: PDF.length },
      { name: 'site.png', url: png.url, mimetype: 'image/png', size: PNG.length },
    ]);
    expect(graph.requests).toHaveLength(2);
    expect(graph.requests[0].json).toMatchObject({ type: 'text', text: { body: 'See the quote' } });
    const media = graph.requests[1].json as { document: { link: string } };
    expect(media).toMatchObject({
      to: '919812345678',
      type: 'document',
      document: { filename: 'quote.pdf' },
    });
    expect(media.document.link).toMatch(
      new RegExp(`^https://crm\\.example\\.in${pdf.url}\\?exp=\\d+&sig=[\\w-]+$`),
    );
    // The link works without a session.
    const fetched = await request(nobody)
      .get(media.document.link.replace('https://crm.example.in', ''))
      .buffer(true);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(fetched.body as Buffer).equals(PDF)).toBe(true);

    expect(sendgrid.requests[0].json).toMatchObject({
      attachments: [
        { filename: 'quote.pdf', type: 'application/pdf', content: PDF.toString('base64') },
        { filename: 'site.png', type: 'image/png', content: PNG.toString('base64') },
      ],
    });
  });

  it('refuses attachments that are not files of this app', async () => {
    const res = await create({
      customer: ravi,
      attachments: [{ name: 'x', url: '/api/files/uploads/nothere', mimetype: '', size: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('attachments.0.url: File not found: x');
  });

  it('is for callers with entries.write', async () => {
    expect((await request(nobody).post('/api/entries').send({ customer: ravi })).status).toBe(401);
    const res = await request(outsider).post('/api/entries').send({ customer: ravi });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Access denied (needs the entries.write permission).');
  });
});
