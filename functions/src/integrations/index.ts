// The outside-message senders (contract in ./types.ts). Each send reads the current settings
// (Integrations screen) and secrets, so a saved change applies at once. Never throws: a
// provider error, a timeout or missing configuration comes back as { ok: false, error }.
import * as logger from 'firebase-functions/logger';
import { readSettingsAndSecrets } from '../domain/settings/store';
import { getSenderEnv } from './config';
import { deliverEmail, emailConfig } from './email/deliver';
import { secretOverride, sendgridApiKey, whatsappToken } from './secrets';
import type { OutgoingEmail, OutgoingWhatsApp, SendOutcome } from './types';
import { markReadWithCloudApi, sendWithCloudApi, WHATSAPP } from './whatsapp/cloud-api';
import { listMetaTemplates, type MetaTemplate } from './whatsapp/templates';

export type {
  EmailAttachment,
  FailedSend,
  OutgoingEmail,
  OutgoingWhatsApp,
  SendOutcome,
} from './types';
export type { MetaTemplate } from './whatsapp/templates';
export { escapeHtml } from './email/escape-html';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Logs a failed send without its content or recipients (they may hold codes or customer data). */
function logged(kind: string, outcome: SendOutcome): SendOutcome {
  if (!outcome.ok) logger.warn(`${kind} not sent (${outcome.provider}): ${outcome.error}`);
  return outcome;
}

export async function sendEmail(message: OutgoingEmail): Promise<SendOutcome> {
  try {
    const { settings, secrets } = await readSettingsAndSecrets();
    const config = emailConfig({
      companyName: settings.companyName,
      ...settings.integrations.email,
      smtpPass: secrets.smtpPass,
      sendgridSecret: secretOverride(sendgridApiKey),
    });
    return logged('Email', await deliverEmail(message, config, getSenderEnv()));
  } catch (err) {
    return logged('Email', { ok: false, provider: 'email', error: reason(err) });
  }
}

/** The account's templates as Meta lists them, or why they could not be read. */
export async function fetchWhatsAppTemplates(): Promise<
  MetaTemplate[] | { error: string; unconfigured?: boolean }
> {
  const { settings, secrets } = await readSettingsAndSecrets();
  const token = secretOverride(whatsappToken) ?? secrets.whatsappToken;
  const wabaId = settings.integrations.whatsapp.wabaId.trim();
  if (!token || !wabaId) {
    return {
      error:
        'Set the access token and the WhatsApp Business Account ID under Integrations to sync templates',
      unconfigured: true,
    };
  }
  return listMetaTemplates({ token, wabaId }, getSenderEnv());
}

/** The WhatsApp account's token and number, or why there are none. */
async function whatsappAccount(): Promise<{ token: string; phoneNumberId: string } | SendOutcome> {
  const { settings, secrets } = await readSettingsAndSecrets();
  const token = secretOverride(whatsappToken) ?? secrets.whatsappToken;
  const phoneNumberId = settings.integrations.whatsapp.phoneNumberId.trim();
  if (token && phoneNumberId) return { token, phoneNumberId };
  return {
    ok: false,
    provider: WHATSAPP,
    error:
      'WhatsApp is not configured: set the access token and phone number ID under Integrations',
  };
}

export async function sendWhatsApp(message: OutgoingWhatsApp): Promise<SendOutcome> {
  try {
    const account = await whatsappAccount();
    if ('ok' in account) return logged('WhatsApp', account);
    return logged('WhatsApp', await sendWithCloudApi(account, getSenderEnv(), message));
  } catch (err) {
    return logged('WhatsApp', { ok: false, provider: WHATSAPP, error: reason(err) });
  }
}

/** Blue ticks for the customer: their message `messageId` and every earlier one were read. */
export async function markWhatsAppRead(messageId: string): Promise<SendOutcome> {
  try {
    const account = await whatsappAccount();
    if ('ok' in account) return logged('WhatsApp read receipt', account);
    return logged(
      'WhatsApp read receipt',
      await markReadWithCloudApi(account, getSenderEnv(), messageId),
    );
  } catch (err) {
    return logged('WhatsApp read receipt', { ok: false, provider: WHATSAPP, error: reason(err) });
  }
}
