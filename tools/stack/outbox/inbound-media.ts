// The outbox playing a customer who sends a file: it keeps the file under a media id and
// serves it as Meta's media API does. The webhook names only the id; GET /{version}/{media-id}
// (with the access token) answers { messaging_product, url, mime_type, sha256, file_size, id },
// and GET of that url (with the token again) answers the bytes. Meta's urls live 5 minutes.
import { createHash, randomUUID } from 'node:crypto';

export interface InboundFile {
  name: string;
  mimetype: string;
  data: Buffer;
}

const URL_LIFETIME_MS = 5 * 60 * 1000;

/** A tiny real file of the type asked for, when the person gave no bytes (a 1x1 PNG, a one-page PDF). */
const SAMPLES: Record<string, string> = {
  'image/png':
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'application/pdf': Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ).toString('base64'),
};

export function sampleFile(name: string, mimetype: string): InboundFile {
  const type = SAMPLES[mimetype]
    ? mimetype
    : name.toLowerCase().endsWith('.pdf')
      ? 'application/pdf'
      : 'image/png';
  return { name, mimetype: type, data: Buffer.from(SAMPLES[type], 'base64') };
}

/** The message type Meta uses for a file: an image, else a document. */
export const mediaType = (mimetype: string) =>
  mimetype.startsWith('image/') ? 'image' : 'document';

export function mediaStore(baseUrl: () => string) {
  const files = new Map<string, InboundFile & { sha256: string }>();
  const links = new Map<string, { id: string; until: number }>();
  return {
    /** Keeps the file; answers the message's media object (as the webhook carries it). */
    add(file: InboundFile, caption: string): Record<string, string> {
      const id = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
      const sha256 = createHash('sha256').update(file.data).digest('hex');
      files.set(id, { ...file, sha256 });
      return {
        id,
        mime_type: file.mimetype,
        sha256,
        ...(caption ? { caption } : {}),
        ...(mediaType(file.mimetype) === 'document' ? { filename: file.name } : {}),
      };
    },
    /** GET /{version}/{media-id}: the file's details and a short-lived download url. */
    describe(id: string): Record<string, unknown> | undefined {
      const file = files.get(id);
      if (!file) return undefined;
      const token = randomUUID();
      links.set(token, { id, until: Date.now() + URL_LIFETIME_MS });
      return {
        messaging_product: 'whatsapp',
        url: `${baseUrl()}/whatsapp/media-download/${token}`,
        mime_type: file.mimetype,
        sha256: file.sha256,
        file_size: String(file.data.length),
        id,
      };
    },
    /** GET of a download url: the bytes while the url lives. */
    download(token: string): InboundFile | undefined {
      const link = links.get(token);
      if (!link || link.until < Date.now()) return undefined;
      return files.get(link.id);
    },
    clear() {
      files.clear();
      links.clear();
    },
  };
}
