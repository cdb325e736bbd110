// Where the senders send and how long they wait. Read on each send so that tests and the local
// stack can point them at local recording servers (nothing here is a secret).

export interface SenderEnv {
  /** SendGrid's API base; unset means SendGrid's own (https://api.sendgrid.com/). */
  sendgridApiBase: string | undefined;
  /** The Graph API base for the WhatsApp Cloud API. */
  whatsappApiBase: string;
  /** The Graph API version in the path, e.g. v22.0. */
  whatsappApiVersion: string;
  /** How long one provider call may take before it counts as failed. */
  timeoutMs: number;
}

export const DEFAULT_WHATSAPP_API_BASE = 'https://graph.facebook.com';
export const DEFAULT_WHATSAPP_API_VERSION = 'v22.0';
export const DEFAULT_SEND_TIMEOUT_MS = 10_000;

export function getSenderEnv(env: NodeJS.ProcessEnv = process.env): SenderEnv {
  return {
    sendgridApiBase: nonEmpty(env.SENDGRID_API_BASE),
    whatsappApiBase: withoutTrailingSlash(
      nonEmpty(env.WHATSAPP_API_BASE) ?? DEFAULT_WHATSAPP_API_BASE,
    ),
    whatsappApiVersion: nonEmpty(env.WHATSAPP_API_VERSION) ?? DEFAULT_WHATSAPP_API_VERSION,
    timeoutMs: timeout(nonEmpty(env.SEND_TIMEOUT_MS)),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function timeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SEND_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new Error(`SEND_TIMEOUT_MS must be a positive whole number of milliseconds: ${value}`);
  }
  return ms;
}
