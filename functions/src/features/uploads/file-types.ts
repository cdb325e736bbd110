// What an uploaded file really is, read from its first bytes (its name proves nothing): PDF
// and the images browsers show safely (JPEG, PNG, WebP, GIF). SVG is left out on purpose: it
// can carry scripts.

export interface FileType {
  mimetype: string;
  /** Extensions a file of this type may carry; the first is the one added when missing. */
  extensions: readonly string[];
  /** How WhatsApp sends it. */
  mediaType: 'image' | 'document';
}

const PDF: FileType = { mimetype: 'application/pdf', extensions: ['pdf'], mediaType: 'document' };
const JPEG: FileType = { mimetype: 'image/jpeg', extensions: ['jpg', 'jpeg'], mediaType: 'image' };
const PNG: FileType = { mimetype: 'image/png', extensions: ['png'], mediaType: 'image' };
const WEBP: FileType = { mimetype: 'image/webp', extensions: ['webp'], mediaType: 'image' };
const GIF: FileType = { mimetype: 'image/gif', extensions: ['gif'], mediaType: 'image' };

export const ALLOWED_TYPES_TEXT = 'a PDF or an image (JPEG, PNG, WebP or GIF)';

const startsWith = (data: Buffer, bytes: number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The file's type from its content, or undefined when it is not one this app accepts. */
export function detectFileType(data: Buffer): FileType | undefined {
  if (startsWith(data, ascii('%PDF-'))) return PDF;
  if (startsWith(data, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return GIF;
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return WEBP;
  return undefined;
}

const MAX_NAME_LENGTH = 200;

/**
 * A safe display name: no folders, no control characters, at most MAX_NAME_LENGTH characters,
 * ending in an extension that matches the content ('scan' of a PDF becomes 'scan.pdf', and
 * 'setup.exe' holding a PNG 'setup.exe.png').
 */
export function safeFileName(raw: string, type: FileType): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const [stem, suffix] = type.extensions.includes(ext)
    ? [base.slice(0, dot), base.slice(dot + 1)]
    : [base.replace(/\.+$/, '') || 'file', type.extensions[0]];
  return `${stem.slice(0, MAX_NAME_LENGTH - suffix.length - 1)}.${suffix}`;
}
