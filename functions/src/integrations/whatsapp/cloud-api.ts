// WhatsApp through the Cloud API: POST {base}/{version}/{phoneNumberId}/messages with the
// access token as Bearer. Text, approved templates (body parameters) and media by link.
import type { SenderEnv } from '../config';
import { toE164 } from '../recipients';
import type { OutgoingWhatsApp, SendOutcome } from '../types';

export const WHATSAPP = 'whatsapp';

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
}

type Payload = Record<string, unknown>;

/** The request body for one message; a template wins over media, media over plain text. */
export function messagePayload(to: string, message: OutgoingWhatsApp): Payload | string {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  if (message.template) {
    const { name, language, parameters = [] } = message.template;
    if (!name.trim()) return 'The WhatsApp template has no name';
    return {
      ...base,
      type: 'template',
      template: {
        name: name.trim(),
        language: { code: language.trim() || 'en' },
        ...(parameters.length > 0
          ? {
              components: [
                { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
              ],
            }
          : {}),
      },
    };
  }
  if (message.media) {
    const { type, link, filename } = message.media;
    if (!/^https?:\/\//i.test(link)) return 'The WhatsApp media link must be an http(s) URL';
    const caption = message.media.caption ?? message.text;
    return {
      ...base,
      type,
      [type]: {
        link,
        ...(caption ? { caption } : {}),
        ...(type === 'document' && filename ? { filename } : {}),
      },
    };
  }
  if (message.text?.trim()) {
    return { ...base, type: 'text', text: { preview_url: false, body: message.text } };
  }
  return 'The WhatsApp message is empty (no text, template or media)';
}

const failed = (error: string): SendOutcome => ({ ok: false, provider: WHATSAPP, error });

export async function sendWithCloudApi(
  config: WhatsAppConfig,
  env: SenderEnv,
  message: OutgoingWhatsApp,
): Promise<SendOutcome> {
  const to = toE164(message.to ?? '');
  if (!to) return failed(`Not a phone number: ${message.to}`);
  const payload = messagePayload(to.slice(1), message);
  if (typeof payload === 'string') return failed(payload);
  const url = `${env.whatsappApiBase}/${env.whatsappApiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(env.timeoutMs),
    });
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) return failed(graphError(response.status, body, text));
    const id = (body as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
    return { ok: true, provider: WHATSAPP, messageId: typeof id === 'string' ? id : '' };
  } catch (err) {
    if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      return failed(`The WhatsApp Cloud API did not answer within ${env.timeoutMs / 1000} s`);
    }
    const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
    const detail = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : err);
    return failed(`The WhatsApp Cloud API could not be reached: ${String(detail)}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Graph's own words: `error.message` (with its code) of the answer. */
function graphError(status: number, body: unknown, text: string): string {
  const error = (body as { error?: { message?: unknown; code?: unknown } } | undefined)?.error;
  if (error && typeof error.message === 'string') {
    const code = typeof error.code === 'number' ? ` (code ${error.code})` : '';
    return `WhatsApp Cloud API ${status}: ${error.message}${code}`;
  }
  const snippet = text.trim().slice(0, 300);
  return `WhatsApp Cloud API ${status}${snippet ? `: ${snippet}` : ''}`;
}
