// Email through SendGrid's v3 Mail Send API with @sendgrid/mail. A client per send: the base
// URL, key and timeout come from configuration each time (the library's singleton is global).
import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import type { FailedSend, OutgoingEmail, SendOutcome } from '../types';

export interface SendgridOptions {
  apiKey: string;
  /** Unset: SendGrid's own API. */
  apiBase?: string;
  timeoutMs: number;
  from: { email: string; name?: string };
}

export const SENDGRID = 'sendgrid';

export async function sendWithSendgrid(
  options: SendgridOptions,
  message: OutgoingEmail & { text: string },
): Promise<SendOutcome> {
  const client = new Client();
  client.setApiKey(options.apiKey); // resets the base URL: set ours after it
  if (options.apiBase) client.setDefaultRequest('baseUrl', options.apiBase);
  const mail = new MailService();
  mail.setClient(client);
  mail.setTimeout(options.timeoutMs);
  try {
    const [response] = await mail.send({
      to: message.to,
      from: options.from.name
        ? { email: options.from.email, name: options.from.name }
        : options.from.email,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        type: a.contentType,
        content: a.content.toString('base64'),
        disposition: 'attachment',
      })),
      // Returned on every Event Webhook event of this message.
      ...(message.trackingId ? { customArgs: { outboundId: message.trackingId } } : {}),
    });
    const headers = response.headers as Record<string, unknown>;
    const id = headers['x-message-id'];
    return { ok: true, provider: SENDGRID, messageId: typeof id === 'string' ? id : '' };
  } catch (err) {
    return { ok: false, provider: SENDGRID, ...sendgridFailure(err, options.timeoutMs) };
  }
}

/** Network failures before the request reached SendGrid: surely not sent. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH']);

/**
 * SendGrid's answer in words, and whether it surely did not take the message: 429 (rate limit)
 * and 503 (unavailable) are refusals to try again later; another 5xx or no answer may have
 * been taken.
 */
function sendgridFailure(err: unknown, timeoutMs: number): Omit<FailedSend, 'ok' | 'provider'> {
  const e = (err ?? {}) as { code?: unknown; response?: { headers?: Record<string, unknown> } };
  const error = sendgridError(err, timeoutMs);
  if (!e.response) {
    const reached = !(typeof e.code === 'string' && NOT_REACHED.has(e.code));
    return { error, kind: reached ? 'unknown' : 'retry' };
  }
  const status = typeof e.code === 'number' ? e.code : undefined;
  if (status === 429 || status === 503) {
    const reset = Number(e.response.headers?.['x-ratelimit-reset']);
    const wait = Number.isFinite(reset) && reset > 0 ? reset * 1000 - Date.now() : undefined;
    return {
      error,
      kind: 'retry',
      code: status,
      retryAfterMs: wait && wait > 0 ? wait : undefined,
    };
  }
  return { error, kind: status && status >= 500 ? 'unknown' : 'refused', code: status };
}

/** SendGrid's own words: `errors[].message` of its answer, else what went wrong on the way. */
function sendgridError(err: unknown, timeoutMs: number): string {
  const e = (err ?? {}) as {
    code?: unknown;
    message?: unknown;
    response?: { body?: unknown };
  };
  if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') {
    return `SendGrid did not answer within ${timeoutMs / 1000} s`;
  }
  if (e.response) {
    const status = typeof e.code === 'number' ? e.code : undefined;
    const body = e.response.body as { errors?: { message?: unknown; field?: unknown }[] } | string;
    const messages =
      typeof body === 'object' && body && Array.isArray(body.errors)
        ? body.errors.map((x) => (typeof x.message === 'string' ? x.message : '')).filter(Boolean)
        : typeof body === 'string' && body.trim()
          ? [body.trim().slice(0, 300)]
          : [];
    const detail = messages.length > 0 ? messages.join('; ') : String(e.message ?? 'error');
    return status ? `SendGrid ${status}: ${detail}` : `SendGrid: ${detail}`;
  }
  return `SendGrid could not be reached: ${e.message ? String(e.message) : String(err)}`;
}
