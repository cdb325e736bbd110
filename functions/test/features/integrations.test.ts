import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createFileStore } from '../../src/storage/create-file-store';
import { appAs } from '../support/fake-session';
import { useProviderServers } from '../support/provider-servers';
import { seedTemplateCatalog, writeSettings } from '../support/settings';
import { seedCustomer } from '../entries/support';
import { getDb } from '../../src/firebase';

/** Ravi wrote on WhatsApp a minute ago: his 24-hour window is open. */
async function raviWroteIn() {
  const id = await seedCustomer({ names: ['Ravi'], phones: ['+919812345678'] });
  await getDb()
    .doc(`customers/${id}`)
    .update({ 'whatsappWindows.+919812345678': new Date(Date.now() + 23 * 3600_000) });
  await seedTemplateCatalog();
}

const admin = appAs('admin');
const sales = appAs('sales');
const nobody = appAs(null);

const providers = useProviderServers();
const configured = () =>
  writeSettings(
    {
      companyName: 'Demo Dairy',
      adminNumbers: ['+919800000001'],
      adminEmails: ['admin@demo.in', 'ops@demo.in'],
      integrations: {
        whatsapp: { phoneNumberId: '1098765432' },
        email: { smtpHost: 'smtp.sendgrid.net', smtpUser: 'apikey', fromEmail: 'crm@demo.in' },
      },
    },
    { whatsappToken: 'wa-token-secret-1', smtpPass: 'SG.email-secret-2' },
  );

function expectNoSecret(body: unknown) {
  expect(JSON.stringify(body)).not.toMatch(/wa-token-secret-1|SG\.email-secret-2/);
}

describe('POST /api/integrations/{whatsapp,email}/test', () => {
  it('sends a WhatsApp test to the first admin number and shows the answer', async () => {
    await configured();
    const res = await request(admin).post('/api/integrations/whatsapp/test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      provider: 'whatsapp',
      messageId: 'wamid.TEST1',
      to: '+919800000001',
    });
    expect(providers.graph.requests[0].json).toMatchObject({
      to: '919800000001',
      type: 'text',
      text: { body: 'Test message from Demo Dairy: WhatsApp is connected.' },
    });
  });

  it('can send an approved template as the WhatsApp test', async () => {
    await configured();
    await request(admin)
      .post('/api/integrations/whatsapp/test')
      .send({ template: 'hello_world', language: 'en_US' });
    expect(providers.graph.requests[0].json).toMatchObject({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
  });

  it("answers 502 with the provider's message when the provider refuses", async () => {
    await configured();
    providers.graph.replies.push({
      status: 401,
      body: { error: { message: 'Error validating access token', code: 190 } },
    });
    const res = await request(admin).post('/api/integrations/whatsapp/test');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      message:
        'The WhatsApp access token has expired or is invalid: update it under Integrations (WhatsApp 190)',
      provider: 'whatsapp',
      to: '+919800000001',
    });
    expectNoSecret(res.body);
  });

  it('sends an email test to the first admin email', async () => {
    await configured();
    const res = await request(admin).post('/api/integrations/email/test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      provider: 'sendgrid',
      messageId: 'sg-message-1',
      to: 'admin@demo.in',
    });
    expect(providers.sendgrid.requests[0].json).toMatchObject({
      subject: 'Test email from Demo Dairy',
      personalizations: [{ to: [{ email: 'admin@demo.in' }] }],
    });
  });

  it('asks for an admin contact first', async () => {
    const wa = await request(admin).post('/api/integrations/whatsapp/test');
    expect(wa.status).toBe(400);
    expect(wa.body).toEqual({ message: 'Add an admin phone number under Settings first' });
    const mail = await request(admin).post('/api/integrations/email/test');
    expect(mail.body).toEqual({ message: 'Add an admin email under Settings first' });
  });

  it('reports an unconfigured integration as a failed send', async () => {
    await writeSettings({ adminEmails: ['admin@demo.in'] }, {});
    const res = await request(admin).post('/api/integrations/email/test');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'Email is not configured: set an SMTP server (or a SendGrid API key) under Integrations',
    );
  });

  it('is for admins only', async () => {
    for (const path of ['/api/integrations/whatsapp/test', '/api/integrations/email/test']) {
      expect((await request(nobody).post(path)).status).toBe(401);
      expect((await request(sales).post(path)).body).toEqual({
        message: 'Access denied (admin only).',
      });
    }
  });
});

describe('POST /api/integrations/whatsapp/send', () => {
  it('sends a text for any signed-in user (inside the window)', async () => {
    await configured();
    await raviWroteIn();
    const res = await request(sales)
      .post('/api/integrations/whatsapp/send')
      .send({ to: '98123 45678', text: 'Your quotation is ready' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, messageId: 'wamid.TEST1' });
    expect(providers.graph.requests[0].json).toMatchObject({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812345678',
      type: 'text',
      text: { preview_url: false, body: 'Your quotation is ready' },
    });
  });

  it('sends the named approved template with its parameters', async () => {
    await configured();
    await seedTemplateCatalog();
    await request(sales)
      .post('/api/integrations/whatsapp/send')
      .send({
        to: '+919812345678',
        text: 'ignored by a template',
        templateId: 'order_update',
        language: 'en',
        parameters: ['ORD-12 dispatched'],
      });
    expect(providers.graph.requests[0].json).toMatchObject({
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'ORD-12 dispatched' }] }],
      },
    });
  });

  it('sends the text, then the media by link (inside the window)', async () => {
    await configured();
    await raviWroteIn();
    await request(sales).post('/api/integrations/whatsapp/send').send({
      to: '+919812345678',
      text: 'Brochure',
      mediaUrl: 'https://crm.example.in/api/files/b.pdf',
      mediaType: 'document',
    });
    expect(providers.graph.requests.map((r) => (r.json as { type: string }).type)).toEqual([
      'text',
      'document',
    ]);
    expect(providers.graph.requests[1].json).toMatchObject({
      document: { link: 'https://crm.example.in/api/files/b.pdf' },
    });
  });

  it('names bad fields', async () => {
    const res = await request(sales)
      .post('/api/integrations/whatsapp/send')
      .send({ to: '', mediaUrl: 'ftp://x', mediaType: 'audio' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      to: 'Phone number is required',
      mediaUrl: 'Media URL must be an http(s) URL',
      mediaType: 'Media type must be image, video or document',
    });
    const empty = await request(sales)
      .post('/api/integrations/whatsapp/send')
      .send({ to: '+919812345678' });
    expect(empty.body).toEqual({ message: 'Give a text, a template id or a media URL' });
    expect(providers.graph.requests).toHaveLength(0);
  });

  it('answers 502 on a timeout, saying it may have gone', async () => {
    await configured();
    await raviWroteIn();
    vi.stubEnv('SEND_TIMEOUT_MS', '200');
    providers.graph.replies.push({ status: 200, body: {}, delayMs: 2000 });
    const res = await request(sales)
      .post('/api/integrations/whatsapp/send')
      .send({ to: '+919812345678', text: 'x' });
    expect(res.status).toBe(502);
    expect(res.body.message).toBe(
      'The WhatsApp Cloud API did not answer within 0.2 s: the message may have been sent',
    );
  });

  it('needs a session', async () => {
    const res = await request(nobody)
      .post('/api/integrations/whatsapp/send')
      .send({ to: '+919812345678', text: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/integrations/email/send', () => {
  it("sends with attachments read from this app's files", async () => {
    await configured();
    const pdf = Buffer.from('%PDF-1.4 quotation');
    await createFileStore().save('uploads/q 1.pdf', pdf, 'application/pdf');
    const res = await request(sales)
      .post('/api/integrations/email/send')
      .set('Host', 'crm.example.in')
      .send({
        to: 'ravi@example.in, meera@example.in',
        subject: 'Quotation',
        html: '<p>Attached.</p>',
        attachments: [
          { filename: 'quotation.pdf', path: '/api/files/uploads/q%201.pdf' },
          { filename: 'again.pdf', path: 'https://crm.example.in/api/files/uploads/q%201.pdf' },
        ],
      });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      provider: 'sendgrid',
      messageId: 'sg-message-1',
      to: ['ravi@example.in', 'meera@example.in'],
    });
    expect(providers.sendgrid.requests[0].json).toMatchObject({
      subject: 'Quotation',
      personalizations: [{ to: [{ email: 'ravi@example.in' }, { email: 'meera@example.in' }] }],
      attachments: [
        { filename: 'quotation.pdf', type: 'application/pdf', content: pdf.toString('base64') },
        { filename: 'again.pdf', type: 'application/pdf', content: pdf.toString('base64') },
      ],
    });
  });

  it('refuses attachment paths that are not files of this app', async () => {
    await configured();
    for (const p of [
      'https://evil.example.com/api/files/uploads/x.pdf',
      'http://169.254.169.254/latest/meta-data',
      '/api/files/../secrets.json',
      '/etc/passwd',
    ]) {
      const res = await request(sales)
        .post('/api/integrations/email/send')
        .set('Host', 'crm.example.in')
        .send({ to: 'a@b.in', subject: 's', html: 'h', attachments: [{ filename: 'x', path: p }] });
      expect(res.status, p).toBe(400);
      expect(res.body.fields, p).toEqual({
        'attachments.0.path': 'Not a file of this app (/api/files/…)',
      });
    }
    const missing = await request(sales)
      .post('/api/integrations/email/send')
      .send({
        to: 'a@b.in',
        subject: 's',
        html: 'h',
        attachments: [{ filename: 'x', path: '/api/files/uploads/none.pdf' }],
      });
    expect(missing.body.fields).toEqual({ 'attachments.0.path': 'File not found' });
    expect(providers.sendgrid.requests).toHaveLength(0);
  });

  it('names bad fields', async () => {
    const res = await request(sales)
      .post('/api/integrations/email/send')
      .send({ to: ' , ', subject: ' ', html: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      to: 'Recipient is required',
      subject: 'Subject is required',
      html: 'Message is required',
    });
  });

  it("answers 502 with SendGrid's message on a 500", async () => {
    await configured();
    providers.sendgrid.replies.push({
      status: 500,
      body: { errors: [{ message: 'Internal error' }] },
    });
    const res = await request(sales)
      .post('/api/integrations/email/send')
      .send({ to: 'a@b.in', subject: 's', html: 'h' });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      message: 'SendGrid 500: Internal error',
      provider: 'sendgrid',
      to: ['a@b.in'],
    });
    expectNoSecret(res.body);
  });
});
