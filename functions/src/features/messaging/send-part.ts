// Sending one part of a queued message through the senders: a WhatsApp text, template or file
// (by a signed link on the configured public address), or an email with the app's files
// attached. Each carries the queue document's id, which the providers' callbacks return.
import {
  escapeHtml,
  sendEmail,
  sendWhatsApp,
  type EmailAttachment,
  type SendOutcome,
} from '../../integrations';
import { createFileStore } from '../../storage/create-file-store';
import { detectFileType, fileIdFromUrl, publicBaseUrl, readFile, signedFileUrl } from '../uploads';
import type { EmailContent, OutboundDoc, OutboundPart } from '../../domain/messages';
import type { PlannedAttachment } from './whatsapp-plan';

/** All attachments of one email together, as SendGrid and most mail servers accept. */
export const MAX_EMAIL_ATTACHMENT_BYTES = 20 * 1024 * 1024;

const refused = (error: string): SendOutcome => ({
  ok: false,
  provider: 'app',
  error,
  kind: 'refused',
});

function mediaTypeOf(mimetype: string): 'image' | 'video' | 'document' {
  // WhatsApp shows JPEG and PNG as images; other pictures go as documents.
  if (mimetype === 'image/jpeg' || mimetype === 'image/png') return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  return 'document';
}

async function mediaLink(attachment: PlannedAttachment): Promise<string | { error: string }> {
  const id = fileIdFromUrl(attachment.url);
  if (!id) return attachment.url;
  const base = publicBaseUrl();
  if (!base) return { error: 'No public address for file links: set PUBLIC_BASE_URL' };
  return signedFileUrl(base, id);
}

async function sendWhatsAppPart(id: string, to: string, part: OutboundPart) {
  switch (part.kind) {
    case 'text':
      return sendWhatsApp({ to, trackingId: id, text: part.text });
    case 'template': {
      // A media header's file: the document (with its name) or the picture.
      const file = part.document ?? part.image;
      let header: { type: 'document' | 'image'; link: string; filename?: string } | undefined;
      if (file) {
        const link = await mediaLink(file);
        if (typeof link !== 'string') return refused(link.error);
        header = part.document
          ? { type: 'document', link, filename: file.name }
          : { type: 'image', link };
      }
      return sendWhatsApp({
        to,
        trackingId: id,
        template: {
          name: part.name,
          language: part.language,
          parameters: part.parameters,
          ...(header && { header }),
        },
      });
    }
    case 'media': {
      const link = await mediaLink(part.attachment);
      if (typeof link !== 'string') return refused(link.error);
      return sendWhatsApp({
        to,
        trackingId: id,
        media: {
          link,
          type: mediaTypeOf(part.attachment.mimetype),
          filename: part.attachment.name,
          ...(part.caption && { caption: part.caption }),
        },
      });
    }
    default:
      return refused('Not a WhatsApp message');
  }
}

/** The app's files among the attachments, read from the file store; links for the others. */
async function emailFiles(
  attachments: PlannedAttachment[],
): Promise<{ files: EmailAttachment[]; links: PlannedAttachment[] } | { error: string }> {
  const store = createFileStore();
  const files: EmailAttachment[] = [];
  const links: PlannedAttachment[] = [];
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

async function sendEmailPart(id: string, email: EmailContent): Promise<SendOutcome> {
  const read = await emailFiles(email.attachments);
  if ('error' in read) return refused(read.error);
  const links = read.links
    .map((a) => `<li><a href="${escapeHtml(a.url)}">${escapeHtml(a.name)}</a></li>`)
    .join('');
  return sendEmail({
    to: email.to,
    trackingId: id,
    subject: email.subject,
    html: links ? `${email.html}<ul>${links}</ul>` : email.html,
    text: email.text,
    attachments: read.files,
  });
}

export function sendPart(id: string, doc: OutboundDoc, part: OutboundPart): Promise<SendOutcome> {
  if (doc.channel === 'email') {
    return doc.email ? sendEmailPart(id, doc.email) : Promise.resolve(refused('No email content'));
  }
  return sendWhatsAppPart(id, String(doc.to), part);
}
