// WhatsApp through the Cloud API: POST {base}/{version}/{phoneNumberId}/messages with the
// access token as Bearer. Text, approved templates (body parameters) and media by link. Each
// message carries the queue's id as biz_opaque_callback_data, which Meta returns on every
// status callback of that message.
import type { SenderEnv } from '../config';
import { toE164 } from '../recipients';
import type { FailedSend, OutgoingWhatsApp, SendOutcome } from '../types';
import { RETRY_CODES, whatsappErrorWords } from './errors';
import { fetchOutsideRequestDomain } from '../../http/outside-request-domain';

export const WHATSAPP = 'whatsapp';

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
}

type Payload = Record<string, unknown>;

/** The request body for one message; a template wins over media, media over plain text. */
export function messagePayload(to: string, message: OutgoingWhatsApp): Payload | string {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    ...(message.trackingId ? { biz_opaque_callback_data: message.trackingId } : {}),
  };
  if (message.template) {
    const { name, language, parameters = [], header } = message.template;
    if (!name.trim()) return 'The WhatsApp template has no name';
    if (header && !/^https?:\/\//i.test(header.link))
      return `The WhatsApp ${header.type} link must be an http(s) URL`;
    const components = [
      ...(header
        ? [
            {
              type: 'header',
              parameters: [
                {
                  type: header.type,
                  [header.type]: {
                    link: header.link,
                    ...(header.type === 'document' && header.filename
                      ? { filename: header.filename }
                      : {}),
                  },
                },
              ],
            },
          ]
        : []),
      ...(parameters.length > 0
        ? [{ type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) }]
        : []),
    ];
    return {
      ...base,
      type: 'template',
      template: {
        name: name.trim(),
        language: { code: language.trim() || 'en' },
        ...(components.length > 0 ? { components } : {}),
      },
    };
  }
  if (message.media) {
    const { type, link, filename } = message.media;
    if (!/^https?:\/\//i.test(link)) return 'The WhatsApp media link must be an http(s) URL';
    const caption = message.media.caption;
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

const failed = (error: string, more: Omit<FailedSend, 'ok' | 'provider' | 'error'> = {}) =>
  ({ ok: false, provider: WHATSAPP, error, ...more }) satisfies SendOutcome;

/** Network failures that happen before a request reaches the provider: surely not sent. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH']);

/** A fetch that did not get an answer: refused before sending (retry) or cut off (unknown). */
export function networkFailure(err: unknown, who: string, timeoutMs: number) {
  if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return {
      error: `${who} did not answer within ${timeoutMs / 1000} s: the message may have been sent`,
      kind: 'unknown' as const,
    };
  }
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const detail = code ?? cause?.message ?? (err instanceof Error ? err.message : err);
  if (code && NOT_REACHED.has(code)) {
    return { error: `${who} could not be reached: ${code}`, kind: 'retry' as const };
  }
  return {
    error: `The connection to ${who} broke (${String(detail)}): the message may have been sent`,
    kind: 'unknown' as const,
  };
}

/** Seconds in a Retry-After header as milliseconds (HTTP dates are rare here; ignored). */
export function retryAfterMs(header: string | null): number | undefined {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export async function sendWithCloudApi(
  config: WhatsAppConfig,
  env: SenderEnv,
  message: OutgoingWhatsApp,
): Promise<SendOutcome> {
  const to = toE164(message.to ?? '');
  if (!to) return failed('Not a phone number');
  const payload = messagePayload(to.slice(1), message);
  if (typeof payload === 'string') return failed(payload);
  const url = `${env.whatsappApiBase}/${env.whatsappApiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  let response: Response;
  let text: string;
  try {
    response = await fetchOutsideRequestDomain(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(env.timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    return failed('', networkFailure(err, 'The WhatsApp Cloud API', env.timeoutMs));
  }
  const body = parseJson(text);
  if (!response.ok) return graphFailure(response, body, text);
  const id = (body as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
  return { ok: true, provider: WHATSAPP, messageId: typeof id === 'string' ? id : '' };
}

/**
 * Tells Meta the customer's message `messageId` (and every earlier one in the chat) was read:
 * the customer sees blue ticks. POST …/messages { status: 'read', message_id }.
 */
export async function markReadWithCloudApi(
  config: WhatsAppConfig,
  env: SenderEnv,
  messageId: string,
): Promise<SendOutcome> {
  const url = `${env.whatsappApiBase}/${env.whatsappApiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  try {
    const response = await fetchOutsideRequestDomain(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: messageId,
      }),
      signal: AbortSignal.timeout(env.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) return graphFailure(response, parseJson(text), text);
    return { ok: true, provider: WHATSAPP, messageId };
  } catch (err) {
    return failed('', networkFailure(err, 'The WhatsApp Cloud API', env.timeoutMs));
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface GraphError {
  message?: unknown;
  code?: unknown;
  error_data?: { details?: unknown };
}

/** Graph's answer in words, with whether asking again later can help. */
export function graphFailure(response: Response, body: unknown, text: string): FailedSend {
  const error = (body as { error?: GraphError } | undefined)?.error;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  const details =
    (typeof error?.error_data?.details === 'string' && error.error_data.details) ||
    (typeof error?.message === 'string' && error.message) ||
    text.trim().slice(0, 200) ||
    `HTTP ${response.status}`;
  const retry = response.status === 429 || (code !== undefined && RETRY_CODES.has(code));
  const words =
    code === undefined
      ? `WhatsApp Cloud API ${response.status}: ${details}`
      : whatsappErrorWords(code, details);
  return failed(words, {
    kind: retry ? 'retry' : 'refused',
    code: code ?? response.status,
    retryAfterMs: retry ? retryAfterMs(response.headers.get('retry-after')) : undefined,
  });
}
