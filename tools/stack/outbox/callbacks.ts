// How the providers call the app back: Meta posts WhatsApp webhooks signed with the app
// secret (X-Hub-Signature-256: HMAC-SHA256 of the raw body); SendGrid posts its event batches
// signed with ECDSA P-256 over the timestamp header followed by the raw body.
import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export interface AppConnection {
  /** The app's origin (the Hosting URL), where /api is. */
  baseUrl: string;
  /** The app secret saved under Integrations at this moment (Meta signs with it). */
  appSecret: () => Promise<string>;
}

/** The event-signing key pair, kept in `file` so that a saved public key stays valid. */
export function sendgridKeys(file: string): { privateKey: KeyObject; publicKeyBase64: string } {
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }));
  }
  const privateKey = createPrivateKey(readFileSync(file));
  const publicKeyBase64 = createPublicKey(privateKey)
    .export({ format: 'der', type: 'spki' })
    .toString('base64');
  return { privateKey, publicKeyBase64 };
}

async function post(url: string, body: string, headers: Record<string, string>) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    return response.status;
  } catch {
    return 0;
  }
}

export async function postWhatsAppWebhook(app: AppConnection, payload: object): Promise<number> {
  const body = JSON.stringify(payload);
  const secret = await app.appSecret();
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return post(`${app.baseUrl}/api/integrations/whatsapp/webhook`, body, {
    'X-Hub-Signature-256': signature,
  });
}

export async function postSendgridEvents(
  app: AppConnection,
  key: KeyObject,
  events: object[],
): Promise<number> {
  const body = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + body), {
    key,
    dsaEncoding: 'der',
  }).toString('base64');
  return post(`${app.baseUrl}/api/integrations/email/events`, body, {
    'X-Twilio-Email-Event-Webhook-Signature': signature,
    'X-Twilio-Email-Event-Webhook-Timestamp': timestamp,
  });
}

/** A Cloud API webhook body with one change value. */
export function whatsappChange(value: object) {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'OUTBOX_WABA', changes: [{ field: 'messages', value }] }],
  };
}
