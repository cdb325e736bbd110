// Which way an email leaves, and sending it that way: SendGrid's API when there is a SendGrid
// key (the SENDGRID_API_KEY secret, or the SMTP password when the SMTP host is SendGrid's relay:
// SendGrid's SMTP password is an API key), otherwise the configured SMTP server.
import type { SenderEnv } from '../config';
import { isEmail } from '../recipients';
import type { OutgoingEmail, SendOutcome } from '../types';
import { htmlToText } from './html-to-text';
import { sendWithSendgrid } from './sendgrid';
import { SMTP, sendWithSmtp } from './smtp';

export interface EmailConfig {
  sendgridApiKey?: string;
  smtp?: { host: string; port: number; user: string; pass: string };
  fromEmail: string;
  fromName: string;
}

const UNCONFIGURED = 'email';
const SENDGRID_SMTP_HOST = /^smtp\.sendgrid\.net$/i;

export function isSendgridSmtpHost(host: string): boolean {
  return SENDGRID_SMTP_HOST.test(host.trim());
}

export interface EmailSettingsInput {
  companyName: string;
  smtpHost: string;
  smtpPort: number;
  smtpUser: string;
  smtpPass: string;
  fromEmail: string;
  fromName: string;
  /** The SENDGRID_API_KEY secret when set (it wins over the settings). */
  sendgridSecret?: string;
}

export function emailConfig(input: EmailSettingsInput): EmailConfig {
  const host = input.smtpHost.trim();
  const relayKey = isSendgridSmtpHost(host) && input.smtpPass ? input.smtpPass : undefined;
  const user = input.smtpUser.trim();
  return {
    sendgridApiKey: input.sendgridSecret ?? relayKey,
    smtp:
      host && !isSendgridSmtpHost(host)
        ? { host, port: input.smtpPort, user, pass: input.smtpPass }
        : undefined,
    fromEmail: input.fromEmail.trim() || (isEmail(user) ? user : ''),
    // One company name: emails go out under the name the subjects and texts use (Settings);
    // the From name is kept only for a company that has not set one.
    fromName: input.companyName.trim() || input.fromName.trim(),
  };
}

const failed = (provider: string, error: string): SendOutcome => ({ ok: false, provider, error });

export async function deliverEmail(
  message: OutgoingEmail,
  config: EmailConfig,
  env: SenderEnv,
): Promise<SendOutcome> {
  const to = message.to.map((address) => address.trim()).filter(Boolean);
  const provider = config.sendgridApiKey ? 'sendgrid' : config.smtp ? SMTP : UNCONFIGURED;
  if (to.length === 0) return failed(provider, 'No email recipient');
  const invalid = to.find((address) => !isEmail(address));
  if (invalid) return failed(provider, `Not an email address: ${invalid}`);
  if (provider === UNCONFIGURED) {
    return failed(
      provider,
      'Email is not configured: set an SMTP server (or a SendGrid API key) under Integrations',
    );
  }
  if (!config.fromEmail) {
    return failed(provider, 'Email is not configured: set the From address under Integrations');
  }
  const full = { ...message, to, text: message.text ?? htmlToText(message.html) };
  const from = { email: config.fromEmail, name: config.fromName || undefined };

  if (config.sendgridApiKey) {
    return sendWithSendgrid(
      {
        apiKey: config.sendgridApiKey,
        apiBase: env.sendgridApiBase,
        timeoutMs: env.timeoutMs,
        from,
      },
      full,
    );
  }
  const smtp = config.smtp!;
  return sendWithSmtp(
    {
      host: smtp.host,
      port: smtp.port,
      user: smtp.user || undefined,
      pass: smtp.pass || undefined,
      timeoutMs: env.timeoutMs,
    },
    { ...full, from, attachments: message.attachments ?? [] },
  );
}
