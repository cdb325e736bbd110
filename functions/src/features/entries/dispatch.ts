// Sending an entry's (or a follow-up's) messages through the senders (integrations/index.ts)
// and recording each outcome: status 'sent' with the provider's message id, or 'failed' with
// the reason. A failed send never throws. WhatsApp goes as the provider template (the typed
// one or the preset), then one media message per attachment, by a signed, expiring link;
// email goes as HTML with the app's files attached.
import { sendEmail, sendWhatsApp, type EmailAttachment } from '../../integrations';
import { now } from '../../clock';
import { createFileStore } from '../../storage/create-file-store';
import { fileIdFromUrl, readFile, signedFileUrl } from '../uploads/files';
import { detectFileType } from '../uploads/file-types';
import { MAX_EMAIL_ATTACHMENT_BYTES, PRESET_WHATSAPP_LANGUAGE } from './constants';
import type { Attachment } from './record';

export type DispatchStatus = 'sending' | 'sent' | 'failed' | 'delivered' | 'read';

export interface MediaOutcome {
  name: string;
  status: 'sent' | 'failed';
  messageId?: string;
  error?: string;
}

export interface Outcome {
  status: 'sent' | 'failed';
  provider?: string;
  messageId?: string;
  error?: string;
  at: Date;
  media?: MediaOutcome[];
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The body as HTML: kept when it already is HTML, else escaped with line breaks kept. */
export function toHtml(body: string): string {
  if (/<\/?[a-z][\s\S]*>/i.test(body)) return body;
  return `<p>${escapeHtml(body).replace(/\r?\n/g, '<br>')}</p>`;
}

/** Fills template placeholders: {{name}} (the customer's first name), {{company}}. */
export function fillPlaceholders(
  template: string,
  values: { name: string; company: string },
): string {
  return template
    .replace(/\{\{\s*name\s*\}\}/gi, values.name)
    .replace(/\{\{\s*company\s*\}\}/gi, values.company);
}

function mediaTypeOf(mimetype: string): 'image' | 'video' | 'document' {
  // WhatsApp shows JPEG and PNG as images; other pictures go as documents.
  if (mimetype === 'image/jpeg' || mimetype === 'image/png') return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

export interface WhatsAppMessage {
  to: string | undefined;
  templateId: string;
  language?: string;
  text: string;
  attachments: Attachment[];
  /** Where outside readers reach this API (for signed file links). */
  baseUrl: string | undefined;
}

async function mediaLink(attachment: Attachment, baseUrl: string | undefined) {
  const id = fileIdFromUrl(attachment.url);
  if (!id) return { link: attachment.url };
  if (!baseUrl) return { error: 'No public address for file links: set PUBLIC_BASE_URL' };
  return { link: await signedFileUrl(baseUrl, id) };
}

export async function sendWhatsAppMessage(message: WhatsAppMessage): Promise<Outcome> {
  if (!message.to)
    return { status: 'failed', error: 'No customer phone found', at: new Date(now()) };
  const first = await sendWhatsApp({
    to: message.to,
    template: {
      name: message.templateId,
      language: message.language || PRESET_WHATSAPP_LANGUAGE,
    },
  });
  const outcome: Outcome = first.ok
    ? { status: 'sent', provider: first.provider, messageId: first.messageId, at: new Date(now()) }
    : { status: 'failed', provider: first.provider, error: first.error, at: new Date(now()) };
  if (!first.ok || message.attachments.length === 0) return outcome;
  outcome.media = [];
  for (const [i, attachment] of message.attachments.entries()) {
    const link = await mediaLink(attachment, message.baseUrl);
    if (!link.link) {
      outcome.media.push({ name: attachment.name, status: 'failed', error: link.error });
      continue;
    }
    const sent = await sendWhatsApp({
      to: message.to,
      media: {
        link: link.link,
        type: mediaTypeOf(attachment.mimetype),
        filename: attachment.name,
        caption: i === 0 && message.text.trim() ? message.text : undefined,
      },
    });
    outcome.media.push(
      sent.ok
        ? { name: attachment.name, status: 'sent', messageId: sent.messageId }
        : { name: attachment.name, status: 'failed', error: sent.error },
    );
  }
  const failed = outcome.media.filter((m) => m.status === 'failed');
  if (failed.length > 0) {
    outcome.status = 'failed';
    outcome.error = failed.map((m) => `${m.name}: ${m.error}`).join('; ');
  }
  return outcome;
}

export interface EmailMessage {
  to: string[];
  subject: string;
  html: string;
  text?: string;
  attachments: Attachment[];
}

/** The app's files among `attachments`, read from the file store; links for the others. */
async function emailAttachments(
  attachments: Attachment[],
): Promise<{ files: EmailAttachment[]; links: Attachment[] } | { error: string }> {
  const store = createFileStore();
  const files: EmailAttachment[] = [];
  const links: Attachment[] = [];
  let total = 0;
  for (const attachment of attachments) {
    const id = fileIdFromUrl(attachment.url);
    if (!id) {
      links.push(attachment);
      continue;
    }
    const file = await readFile(id, store);
    if (!file) return { error: `File not found: ${attachment.name}` };
    total += file.data.length;
    if (total > MAX_EMAIL_ATTACHMENT_BYTES)
      return { error: 'Attachments too large (limit 20 MB in all)' };
    files.push({
      filename: file.meta.name,
      content: file.data,
      contentType: detectFileType(file.data)?.mimetype ?? file.meta.mimetype,
    });
  }
  return { files, links };
}

export async function sendEmailMessage(message: EmailMessage): Promise<Outcome> {
  if (message.to.length === 0)
    return { status: 'failed', error: 'No customer email found', at: new Date(now()) };
  const read = await emailAttachments(message.attachments);
  if ('error' in read) return { status: 'failed', error: read.error, at: new Date(now()) };
  const links = read.links
    .map((a) => `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.name)}</a></li>`)
    .join('');
  const result = await sendEmail({
    to: message.to,
    subject: message.subject,
    html: links ? `${message.html}<ul>${links}</ul>` : message.html,
    text: message.text,
    attachments: read.files,
  });
  return result.ok
    ? {
        status: 'sent',
        provider: result.provider,
        messageId: result.messageId,
        at: new Date(now()),
      }
    : { status: 'failed', provider: result.provider, error: result.error, at: new Date(now()) };
}

/** The outcome as stored (no undefined fields: Firestore refuses them). */
export function storedOutcome(outcome: Outcome): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outcome).filter(([, v]) => v !== undefined));
}
