// sendEmail / sendWhatsApp as other features call them: configured by the saved settings and
// secrets (Firestore), the server's secrets winning, against local recording servers.
import { describe, expect, it, vi } from 'vitest';
import { writeSettings } from '../support/settings';
import { sendEmail, sendWhatsApp } from '../../src/integrations';
import { useProviderServers } from '../support/provider-servers';
import { startSmtpServer } from '../support/smtp-server';

const providers = useProviderServers();

const email = { to: ['ravi@example.in'], subject: 'Hello', html: '<p>Hi</p>' };

describe('sendEmail', () => {
  it('fails cleanly, without a network call, when nothing is configured', async () => {
    expect(await sendEmail(email)).toEqual({
      ok: false,
      provider: 'email',
      error:
        'Email is not configured: set an SMTP server (or a SendGrid API key) under Integrations',
    });
    expect(providers.sendgrid.requests).toHaveLength(0);
  });

  it("goes through SendGrid's API for SendGrid's SMTP relay, with the saved password as key", async () => {
    await writeSettings(
      {
        companyName: 'Demo Dairy',
        integrations: {
          email: {
            smtpHost: 'smtp.sendgrid.net',
            smtpPort: 587,
            smtpUser: 'apikey',
            fromEmail: 'crm@demo.in',
          },
        },
      },
      { smtpPass: 'SG.saved-key' },
    );
    expect(await sendEmail(email)).toEqual({
      ok: true,
      provider: 'sendgrid',
      messageId: 'sg-message-1',
    });
    expect(providers.sendgrid.requests[0].headers.authorization).toBe('Bearer SG.saved-key');
    expect(providers.sendgrid.requests[0].json).toMatchObject({
      from: { email: 'crm@demo.in', name: 'Demo Dairy' },
      personalizations: [{ to: [{ email: 'ravi@example.in' }] }],
    });
  });

  it('lets the SENDGRID_API_KEY secret win over a saved SMTP server', async () => {
    await writeSettings(
      {
        integrations: {
          email: { smtpHost: 'smtp.example.in', fromEmail: 'crm@demo.in', fromName: 'CRM' },
        },
      },
      { smtpPass: 'smtp-pass' },
    );
    vi.stubEnv('SENDGRID_API_KEY', 'SG.from-secret-manager');
    expect(await sendEmail(email)).toMatchObject({ ok: true, provider: 'sendgrid' });
    expect(providers.sendgrid.requests[0].headers.authorization).toBe(
      'Bearer SG.from-secret-manager',
    );
  });

  it('uses the saved SMTP server otherwise', async () => {
    const smtp = await startSmtpServer({ users: { crm: 'smtp-pass' } });
    try {
      await writeSettings(
        {
          integrations: {
            email: {
              smtpHost: '127.0.0.1',
              smtpPort: smtp.port,
              smtpUser: 'crm',
              fromEmail: 'crm@demo.in',
            },
          },
        },
        { smtpPass: 'smtp-pass' },
      );
      expect(await sendEmail(email)).toMatchObject({ ok: true, provider: 'smtp' });
      expect(smtp.mails[0]).toMatchObject({
        from: 'crm@demo.in',
        to: ['ravi@example.in'],
        auth: 'crm',
      });
      expect(providers.sendgrid.requests).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('reports a bad SEND_TIMEOUT_MS as a failed send, not a throw', async () => {
    vi.stubEnv('SEND_TIMEOUT_MS', 'soon');
    await writeSettings(
      { integrations: { email: { smtpHost: 'smtp.sendgrid.net', fromEmail: 'a@b.in' } } },
      { smtpPass: 'SG.k' },
    );
    expect(await sendEmail(email)).toEqual({
      ok: false,
      provider: 'email',
      error: 'SEND_TIMEOUT_MS must be a positive whole number of milliseconds: soon',
    });
  });
});

describe('sendWhatsApp', () => {
  it('fails cleanly when the token or phone number ID is missing', async () => {
    await writeSettings({ integrations: { whatsapp: { phoneNumberId: '123' } } }, {});
    expect(await sendWhatsApp({ to: '+919812345678', text: 'x' })).toEqual({
      ok: false,
      provider: 'whatsapp',
      error:
        'WhatsApp is not configured: set the access token and phone number ID under Integrations',
    });
    expect(providers.graph.requests).toHaveLength(0);
  });

  it('sends with the saved token and phone number ID', async () => {
    await writeSettings(
      { integrations: { whatsapp: { phoneNumberId: '1098765432' } } },
      { whatsappToken: 'saved-token' },
    );
    expect(await sendWhatsApp({ to: '9812345678', text: 'Namaste' })).toEqual({
      ok: true,
      provider: 'whatsapp',
      messageId: 'wamid.TEST1',
    });
    expect(providers.graph.requests[0].path).toBe('/v22.0/1098765432/messages');
    expect(providers.graph.requests[0].headers.authorization).toBe('Bearer saved-token');
  });

  it('lets the WHATSAPP_TOKEN secret win over the saved token', async () => {
    await writeSettings(
      { integrations: { whatsapp: { phoneNumberId: '1098765432' } } },
      { whatsappToken: 'saved-token' },
    );
    vi.stubEnv('WHATSAPP_TOKEN', 'secret-token');
    vi.stubEnv('WHATSAPP_API_VERSION', 'v23.0');
    await sendWhatsApp({ to: '9812345678', text: 'Namaste' });
    expect(providers.graph.requests[0].path).toBe('/v23.0/1098765432/messages');
    expect(providers.graph.requests[0].headers.authorization).toBe('Bearer secret-token');
  });
});
