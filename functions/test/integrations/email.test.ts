import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SenderEnv } from '../../src/integrations/config';
import { deliverEmail, emailConfig, type EmailConfig } from '../../src/integrations/email/deliver';
import { sendWithSmtp } from '../../src/integrations/email/smtp';
import type { OutgoingEmail } from '../../src/integrations/types';
import {
  closedPort,
  startRecordingServer,
  type RecordingServer,
} from '../support/recording-server';
import { startSilentServer, startSmtpServer } from '../support/smtp-server';
import { selfSignedCert } from '../support/tls-cert';

const pdf = Buffer.from('%PDF-1.4 quotation bytes \u0000\u00ff', 'latin1');

const message: OutgoingEmail = {
  to: ['ravi@example.in', 'meera@example.in'],
  subject: 'Your quotation',
  html: '<p>Dear Ravi,</p><p>Please find our quotation attached.</p>',
  attachments: [{ filename: 'quotation.pdf', content: pdf, contentType: 'application/pdf' }],
};

const from = { fromEmail: 'sales@dairy.example.in', fromName: 'Demo Dairy' };

function env(sendgridApiBase: string | undefined, timeoutMs = 10_000): SenderEnv {
  return {
    sendgridApiBase,
    whatsappApiBase: 'http://127.0.0.1:9',
    whatsappApiVersion: 'v22.0',
    timeoutMs,
  };
}

describe('email through SendGrid', () => {
  let sendgrid: RecordingServer;
  const config: EmailConfig = { sendgridApiKey: 'SG.test-key', ...from };

  beforeAll(async () => {
    sendgrid = await startRecordingServer();
  });
  afterAll(() => sendgrid.close());
  beforeEach(() => {
    sendgrid.requests.length = 0;
    sendgrid.replies.length = 0;
  });

  it('posts the message, sender and attachments to /v3/mail/send with the key', async () => {
    const outcome = await deliverEmail(message, config, env(sendgrid.url));
    expect(outcome).toEqual({ ok: true, provider: 'sendgrid', messageId: 'sg-message-1' });
    expect(sendgrid.requests).toHaveLength(1);
    const [request] = sendgrid.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/mail/send');
    expect(request.headers.authorization).toBe('Bearer SG.test-key');
    expect(request.json).toEqual({
      from: { email: 'sales@dairy.example.in', name: 'Demo Dairy' },
      subject: 'Your quotation',
      personalizations: [{ to: [{ email: 'ravi@example.in' }, { email: 'meera@example.in' }] }],
      content: [
        { type: 'text/plain', value: 'Dear Ravi,\nPlease find our quotation attached.' },
        { type: 'text/html', value: message.html },
      ],
      attachments: [
        {
          filename: 'quotation.pdf',
          type: 'application/pdf',
          content: pdf.toString('base64'),
          disposition: 'attachment',
        },
      ],
    });
  });

  it('sends the text given instead of one made from the HTML', async () => {
    await deliverEmail(
      { ...message, text: 'Plain words', attachments: [] },
      config,
      env(sendgrid.url),
    );
    expect((sendgrid.requests[0].json as { content: unknown[] }).content[0]).toEqual({
      type: 'text/plain',
      value: 'Plain words',
    });
  });

  it("reports SendGrid's own message on an error answer", async () => {
    sendgrid.replies.push({
      status: 401,
      body: {
        errors: [
          {
            message: 'The provided authorization grant is invalid, expired, or revoked',
            field: null,
            help: null,
          },
        ],
      },
    });
    expect(await deliverEmail(message, config, env(sendgrid.url))).toEqual({
      ok: false,
      provider: 'sendgrid',
      error: 'SendGrid 401: The provided authorization grant is invalid, expired, or revoked',
      kind: 'refused',
      code: 401,
    });
  });

  it('reports a 500 without a body as a failed send', async () => {
    sendgrid.replies.push({ status: 500 });
    const outcome = await deliverEmail(message, config, env(sendgrid.url));
    expect(outcome).toMatchObject({ ok: false, provider: 'sendgrid' });
    expect(outcome.ok || outcome.error).toMatch(/^SendGrid 500/);
  });

  it('gives up after the timeout', async () => {
    sendgrid.replies.push({ status: 202, delayMs: 3000 });
    const started = Date.now();
    expect(await deliverEmail(message, config, env(sendgrid.url, 300))).toEqual({
      ok: false,
      provider: 'sendgrid',
      error: 'SendGrid did not answer within 0.3 s',
      kind: 'unknown',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports an unreachable API', async () => {
    const outcome = await deliverEmail(
      message,
      config,
      env(`http://127.0.0.1:${await closedPort()}`),
    );
    expect(outcome).toMatchObject({ ok: false, provider: 'sendgrid' });
    expect(outcome.ok || outcome.error).toMatch(/^SendGrid could not be reached: .*ECONNREFUSED/);
  });
});

describe('email through an SMTP server', () => {
  const smtpConfig = (port: number, pass = 'smtp-pass-1'): EmailConfig => ({
    smtp: { host: '127.0.0.1', port, user: 'mailer', pass },
    ...from,
  });

  it('hands the server the envelope and a message with text, HTML and attachments', async () => {
    const smtp = await startSmtpServer({ users: { mailer: 'smtp-pass-1' } });
    try {
      const outcome = await deliverEmail(message, smtpConfig(smtp.port), env(undefined));
      expect(outcome).toMatchObject({ ok: true, provider: 'smtp' });
      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect(mail.from).toBe('sales@dairy.example.in');
      expect(mail.to).toEqual(['ravi@example.in', 'meera@example.in']);
      expect(mail.auth).toBe('mailer');

      const { parsed } = mail;
      expect(parsed.from?.value).toEqual([
        { address: 'sales@dairy.example.in', name: 'Demo Dairy' },
      ]);
      expect(parsed.to).toMatchObject({
        value: [
          { address: 'ravi@example.in', name: '' },
          { address: 'meera@example.in', name: '' },
        ],
      });
      expect(parsed.subject).toBe('Your quotation');
      expect(outcome.ok && outcome.messageId).toBe(parsed.messageId);
      expect(parsed.text?.trim()).toBe('Dear Ravi,\nPlease find our quotation attached.');
      expect(parsed.html).toBe(message.html);
      expect(parsed.attachments).toHaveLength(1);
      expect(parsed.attachments[0]).toMatchObject({
        filename: 'quotation.pdf',
        contentType: 'application/pdf',
        contentDisposition: 'attachment',
      });
      expect(parsed.attachments[0].content.equals(pdf)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('carries a Hindi subject, sender name and file name', async () => {
    const smtp = await startSmtpServer();
    try {
      const subject = 'आपका कोटेशन — quotation for the new pasteurizer line, as discussed';
      const outcome = await deliverEmail(
        {
          to: ['ravi@example.in'],
          subject,
          html: '<p>नमस्ते</p>',
          attachments: [{ filename: 'कोटेशन.pdf', content: pdf, contentType: 'application/pdf' }],
        },
        {
          smtp: { host: '127.0.0.1', port: smtp.port, user: '', pass: '' },
          fromEmail: 'a@b.in',
          fromName: 'डेमो डेयरी',
        },
        env(undefined),
      );
      expect(outcome.ok).toBe(true);
      const [{ parsed, auth }] = smtp.mails;
      expect(parsed.subject).toBe(subject);
      expect(parsed.from?.value).toEqual([{ address: 'a@b.in', name: 'डेमो डेयरी' }]);
      expect(parsed.html).toBe('<p>नमस्ते</p>');
      expect(parsed.attachments[0].filename).toBe('कोटेशन.pdf');
      expect(auth).toBeUndefined();
    } finally {
      await smtp.close();
    }
  });

  it('upgrades to TLS with STARTTLS before signing in', async () => {
    const cert = selfSignedCert();
    const smtp = await startSmtpServer({ users: { mailer: 'pw' }, tls: cert });
    try {
      const outcome = await sendWithSmtp(
        {
          host: '127.0.0.1',
          port: smtp.port,
          user: 'mailer',
          pass: 'pw',
          timeoutMs: 5000,
          tls: { ca: cert.cert },
        },
        {
          from: { email: 'a@b.in' },
          to: ['c@d.in'],
          subject: 'hi',
          html: '<p>hi</p>',
          text: 'hi',
          attachments: [],
        },
      );
      expect(outcome).toMatchObject({ ok: true, provider: 'smtp' });
      expect(smtp.mails[0]).toMatchObject({ secure: true, auth: 'mailer' });
    } finally {
      await smtp.close();
    }
  });

  it('refuses a certificate it cannot trust', async () => {
    const cert = selfSignedCert();
    const smtp = await startSmtpServer({ users: { mailer: 'pw' }, tls: cert });
    try {
      const outcome = await deliverEmail(message, smtpConfig(smtp.port, 'pw'), env(undefined));
      expect(outcome).toMatchObject({ ok: false, provider: 'smtp' });
      expect(outcome.ok || outcome.error).toMatch(/self-signed certificate/);
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("reports the server's answer to a wrong password", async () => {
    const smtp = await startSmtpServer({ users: { mailer: 'right' } });
    try {
      expect(await deliverEmail(message, smtpConfig(smtp.port, 'wrong'), env(undefined))).toEqual({
        ok: false,
        provider: 'smtp',
        error: 'The SMTP server refused the sign-in: 535 Authentication credentials invalid',
        kind: 'refused',
      });
    } finally {
      await smtp.close();
    }
  });

  it("reports the server's refusal of the message", async () => {
    const smtp = await startSmtpServer({
      rejectData: { code: 554, message: 'Message rejected as spam' },
    });
    try {
      expect(await deliverEmail(message, smtpConfig(smtp.port, ''), env(undefined))).toEqual({
        ok: false,
        provider: 'smtp',
        error: 'The SMTP server refused the message: 554 Message rejected as spam',
        kind: 'refused',
      });
    } finally {
      await smtp.close();
    }
  });

  it('gives up on a silent server after the timeout', async () => {
    const silent = await startSilentServer();
    try {
      const started = Date.now();
      expect(await deliverEmail(message, smtpConfig(silent.port), env(undefined, 300))).toEqual({
        ok: false,
        provider: 'smtp',
        error: `The SMTP server 127.0.0.1:${silent.port} did not answer within 0.3 s`,
        kind: 'unknown',
      });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await silent.close();
    }
  });

  it('reports a server it cannot reach', async () => {
    const port = await closedPort();
    const outcome = await deliverEmail(message, smtpConfig(port), env(undefined));
    expect(outcome).toMatchObject({ ok: false, provider: 'smtp' });
    expect(outcome.ok || outcome.error).toMatch(
      new RegExp(`^Could not reach the SMTP server 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`),
    );
  });
});

describe('email configuration', () => {
  const base = {
    companyName: 'Demo Dairy',
    smtpHost: '',
    smtpPort: 587,
    smtpUser: '',
    smtpPass: '',
    fromEmail: '',
    fromName: '',
  };

  it("uses SendGrid's API for SendGrid's SMTP relay, the SMTP password being the key", () => {
    expect(
      emailConfig({
        ...base,
        smtpHost: 'SMTP.SendGrid.net',
        smtpUser: 'apikey',
        smtpPass: 'SG.k',
        fromEmail: 'a@b.in',
      }),
    ).toEqual({
      sendgridApiKey: 'SG.k',
      smtp: undefined,
      fromEmail: 'a@b.in',
      fromName: 'Demo Dairy',
    });
  });

  it('prefers the SendGrid secret over an SMTP server', () => {
    expect(
      emailConfig({
        ...base,
        smtpHost: 'mail.example.in',
        smtpPass: 'x',
        sendgridSecret: 'SG.secret',
      }),
    ).toMatchObject({ sendgridApiKey: 'SG.secret' });
  });

  it('sends under the company name, the From name only when there is none', () => {
    expect(emailConfig({ ...base, fromName: 'Sales' }).fromName).toBe('Demo Dairy');
    expect(emailConfig({ ...base, companyName: ' ', fromName: 'Sales' }).fromName).toBe('Sales');
  });

  it('uses the SMTP server otherwise, the user as From when it is an address', () => {
    expect(
      emailConfig({
        ...base,
        smtpHost: ' mail.example.in ',
        smtpPort: 465,
        smtpUser: 'crm@example.in',
        smtpPass: 'p',
        fromName: 'Sales',
      }),
    ).toEqual({
      sendgridApiKey: undefined,
      smtp: { host: 'mail.example.in', port: 465, user: 'crm@example.in', pass: 'p' },
      fromEmail: 'crm@example.in',
      fromName: 'Demo Dairy',
    });
  });

  it('says what is missing instead of sending', async () => {
    expect(await deliverEmail(message, emailConfig(base), env(undefined))).toEqual({
      ok: false,
      provider: 'email',
      error:
        'Email is not configured: set an SMTP server (or a SendGrid API key) under Integrations',
    });
    expect(
      await deliverEmail(
        message,
        emailConfig({ ...base, smtpHost: 'mail.example.in' }),
        env(undefined),
      ),
    ).toEqual({
      ok: false,
      provider: 'smtp',
      error: 'Email is not configured: set the From address under Integrations',
    });
  });

  it('refuses a message without valid recipients', async () => {
    const config = { sendgridApiKey: 'SG.k', ...from };
    expect(await deliverEmail({ ...message, to: [' '] }, config, env(undefined))).toEqual({
      ok: false,
      provider: 'sendgrid',
      error: 'No email recipient',
    });
    expect(
      await deliverEmail({ ...message, to: ['not-an-email'] }, config, env(undefined)),
    ).toEqual({ ok: false, provider: 'sendgrid', error: 'Not an email address: not-an-email' });
  });
});
