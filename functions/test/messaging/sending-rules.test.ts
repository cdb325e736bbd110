// The sending rules against the outbox playing Meta: the 24-hour window opened by the
// customer's own message, text and files inside it, only approved templates outside it, a
// company default filled with the typed text, and refusals before anything is stored.
import type { DocumentData } from 'firebase-admin/firestore';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { appAs } from '../entries/support';
import { writeSettings } from '../support/settings';
import { configureMessaging, eventually, PUBLIC_BASE, useMessagingWorld } from './support';

const employee = appAs('employee');
const admin = appAs('admin');
const world = useMessagingWorld();
const RAVI_PHONE = '919812345678';

const entryOf = async (id: string) =>
  (await getDb().collection('entries').doc(id).get()).data() as DocumentData;

function addEntry(whatsapp: object, extra: object = {}) {
  return request(employee)
    .post('/api/entries')
    .send({ customer: world.ravi, description: 'Quotation', whatsapp, ...extra });
}

async function openWindow() {
  await world.control('inbound', {
    from: `+${RAVI_PHONE}`,
    text: 'Please send the quote',
    name: 'Ravi',
  });
  await eventually(async () => {
    const customer = (await getDb().collection('customers').doc(world.ravi).get()).data();
    return customer?.whatsappWindows?.[`+${RAVI_PHONE}`];
  });
}

describe('the 24-hour window', () => {
  it('is opened by the customer writing in, and shown on the customer and in the preview', async () => {
    const before = await request(employee)
      .post('/api/whatsapp/preview')
      .send({ customerId: world.ravi, text: 'Rate is 4.2 lakh' });
    expect(before.status).toBe(200);
    expect(before.body.window).toEqual({ open: false, openUntil: null });
    expect(before.body.preview).toBe(
      'Hello Ravi Sharma, a message from our team: Rate is 4.2 lakh',
    );
    expect(before.body.template).toEqual({ name: 'crm_message', language: 'en' });

    const started = Date.now();
    await openWindow();
    const after = await request(employee)
      .post('/api/whatsapp/preview')
      .send({ customerId: world.ravi, text: 'Rate is 4.2 lakh', attachments: 1 });
    expect(after.body.window.open).toBe(true);
    const until = Date.parse(after.body.window.openUntil);
    expect(until).toBeGreaterThanOrEqual(started - 2_000 + 24 * 3600_000 - 5_000);
    expect(after.body).toMatchObject({ preview: 'Rate is 4.2 lakh', sends: ['text', 'media'] });

    const list = await request(employee).get('/api/customers?q=ravi');
    const ravi = (list.body.items ?? list.body).find((c: { _id: string }) => c._id === world.ravi);
    expect(ravi.whatsappWindow).toMatchObject({ phone: `+${RAVI_PHONE}`, open: true });
  });

  it('keeps the window when the customer is edited', async () => {
    await openWindow();
    const res = await request(employee).put(`/api/customers/${world.ravi}`).send({ note: 'VIP' });
    expect(res.status).toBe(200);
    expect(res.body.whatsappWindow.open).toBe(true);
  });
});

describe('inside the window', () => {
  it('sends the typed words as a text message and the files as media, then follows delivery', async () => {
    await openWindow();
    const upload = await request(employee)
      .post('/api/uploads')
      .attach('files', Buffer.from('%PDF-1.4\n%%EOF\n'), 'quote.pdf');
    const file = upload.body.files[0];
    const res = await addEntry(
      { body: 'Rate for the 500 L tank: 4.2 lakh', attachments: [file] },
      { attachments: [file] },
    ).set('X-Forwarded-Host', 'evil.example');
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual([]);
    const outgoing = (await world.sent()).filter((m) => m.channel === 'whatsapp');
    expect(outgoing.map((m) => (m.body as { type: string }).type)).toEqual(['text', 'document']);
    expect(outgoing[0].summary).toBe('Rate for the 500 L tank: 4.2 lakh');
    const link = (outgoing[1].body as { document: { link: string } }).document.link;
    expect(link.startsWith(`${PUBLIC_BASE}/api/files/uploads/`)).toBe(true);

    const read = await eventually(async () => {
      const entry = await entryOf(res.body._id);
      return entry.dispatch.whatsapp.status === 'read' ? entry : undefined;
    });
    expect(read?.dispatch.whatsapp.timeline.map((t: { status: string }) => t.status)).toEqual(
      expect.arrayContaining(['queued', 'read']),
    );
  });
});

describe('outside the window', () => {
  it('sends the company default template with the typed text and the name, and no files', async () => {
    const res = await addEntry({
      body: 'Rate is 4.2 lakh',
      mediaUrl: 'https://cdn.example.in/q.pdf',
    });
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual([]);
    const [message, ...rest] = await world.sent();
    expect(rest).toEqual([]);
    expect(message.body).toMatchObject({
      type: 'template',
      template: {
        name: 'crm_message',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ravi Sharma' },
              { type: 'text', text: 'Rate is 4.2 lakh' },
            ],
          },
        ],
      },
    });
    expect(message.summary).toBe('Hello Ravi Sharma, a message from our team: Rate is 4.2 lakh');
    const entry = await entryOf(res.body._id);
    expect(entry.dispatch.whatsapp).toMatchObject({
      templateName: 'crm_message',
      preview: 'Hello Ravi Sharma, a message from our team: Rate is 4.2 lakh',
      skipped: expect.stringContaining('outside the 24-hour window'),
    });
  });

  it('sends nothing without a default template, saves the entry and says why', async () => {
    await configureMessaging(world.outbox, null);
    const res = await addEntry({ body: 'Rate is 4.2 lakh' });
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual(['whatsapp']);
    expect(res.body.dispatch.whatsapp).toMatchObject({
      status: 'not_sent',
      error: expect.stringContaining('has not written in the last 24 hours'),
    });
    expect(await world.sent()).toEqual([]);
  });

  it('never falls back to hello_world', async () => {
    await configureMessaging(world.outbox, null);
    await addEntry({ body: '' });
    expect(JSON.stringify(await world.sent())).not.toContain('hello_world');
  });

  it("sends an app template's linked approved template, its parameters mapped", async () => {
    const template = await request(admin)
      .post('/api/admin/templates')
      .send({
        type: 'whatsapp',
        title: 'Order update',
        content: 'Dispatched today',
        approved: { name: 'order_update', language: 'en', textParam: 1 },
      });
    expect(template.status).toBe(201);
    const res = await addEntry({ body: 'Dispatched today', templateId: template.body._id });
    expect(res.status).toBe(201);
    const [message] = await world.sent();
    expect(message.summary).toBe(
      'Update on your order: Dispatched today. Reply to this message for any question.',
    );
  });

  it("leaves the text's own full stop out where the template's body ends the sentence", async () => {
    const template = await request(admin)
      .post('/api/admin/templates')
      .send({
        type: 'whatsapp',
        title: 'Order update',
        content: 'Thank you for your time. We will be in touch shortly.',
        approved: { name: 'order_update', language: 'en', textParam: 1 },
      });
    const res = await addEntry({
      body: 'Thank you for your time. We will be in touch shortly.',
      templateId: template.body._id,
    });
    expect(res.status).toBe(201);
    const [message] = await world.sent();
    expect(message.summary).toBe(
      'Update on your order: Thank you for your time. We will be in touch shortly. Reply to this message for any question.',
    );
  });
});

describe('refusals before anything is stored or sent', () => {
  it.each([
    ['an unknown template', { templateId: 'no_such_template' }, 'not among the templates synced'],
    ['a template not approved', { templateId: 'festive_offer' }, 'is pending'],
    [
      'a template whose header takes a file (only a broadcast or a quote fills it)',
      { templateId: 'quotation_document' },
      'has a document header',
    ],
    [
      'a template whose parameters cannot all be filled',
      { templateId: 'crm_message' },
      'takes 2 parameter(s)',
    ],
  ])('%s is a 400', async (_what, choice, words) => {
    const res = await addEntry({ body: 'Hi', ...choice });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(words);
    expect((await getDb().collection('entries').get()).size).toBe(0);
    expect((await getDb().collection('outboundMessages').get()).size).toBe(0);
    expect(await world.sent()).toEqual([]);
  });

  it('the send route checks the number first: 400 with a short message', async () => {
    const res = await request(employee)
      .post('/api/integrations/whatsapp/send')
      .send({ to: `12ab${'x'.repeat(5000)}`, text: 'Hi' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Not a valid phone number');
    expect(JSON.stringify(res.body).length).toBeLessThan(300);
  });

  it('the email send route refuses a bad address with 400', async () => {
    const res = await request(employee)
      .post('/api/integrations/email/send')
      .send({ to: 'not-an-address', subject: 'Hi', html: '<p>Hi</p>' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Not an email address: not-an-address');
  });
});

describe('the send route follows the same rules', () => {
  it('outside the window a text goes as the default template; an explicit template needs its parameter count', async () => {
    const text = await request(employee)
      .post('/api/integrations/whatsapp/send')
      .send({ to: '+919812345678', text: 'Your visit is at 4 pm' });
    expect(text.status).toBe(200);
    expect((await world.sent())[0].summary).toBe(
      'Hello Ravi Sharma, a message from our team: Your visit is at 4 pm',
    );
    const wrong = await request(employee)
      .post('/api/integrations/whatsapp/send')
      .send({
        to: '+919812345678',
        templateId: 'order_update',
        language: 'en',
        parameters: ['a', 'b'],
      });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('takes 1 parameter(s); 2 given');
  });
});

describe('approved templates from Meta', () => {
  it('an admin syncs them; everyone signed in lists them', async () => {
    await getDb().doc('whatsappTemplates/gone:en').set({ name: 'gone', language: 'en' });
    const synced = await request(admin).post('/api/admin/whatsapp/templates/sync');
    expect(synced.status).toBe(200);
    expect(synced.body.map((t: { name: string }) => t.name)).toEqual([
      'crm_message',
      'festive_offer',
      'hello_world',
      'new_arrivals',
      'order_update',
      'quotation_document',
      'season_offer',
    ]);
    // A DOCUMENT header is kept: a quote's PDF goes in it outside the window.
    expect(
      synced.body.find((t: { name: string }) => t.name === 'quotation_document'),
    ).toMatchObject({ headerFormat: 'DOCUMENT', paramCount: 3 });
    expect(synced.body.find((t: { name: string }) => t.name === 'new_arrivals')).toMatchObject({
      headerFormat: 'IMAGE',
      category: 'MARKETING',
    });
    expect(synced.body[0]).toMatchObject({
      status: 'APPROVED',
      paramCount: 2,
      category: 'UTILITY',
    });
    const listed = await request(employee).get('/api/whatsapp/templates');
    expect(listed.body).toHaveLength(7);
    expect((await request(employee).post('/api/admin/whatsapp/templates/sync')).status).toBe(403);
  });

  it('a sync without the account id says what to set', async () => {
    await writeSettings({}, { whatsappToken: 'wa-token' });
    const res = await request(admin).post('/api/admin/whatsapp/templates/sync');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('WhatsApp Business Account ID');
  });
});
