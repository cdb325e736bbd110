// Inbound WhatsApp media: Meta's webhook names only the media id. The Cloud API answers
// GET {base}/{version}/{media-id} with a short-lived url and the mime type, and that url with the
// file, both with the access token as Bearer (the same base, version and token as the sender).
// The file is checked like an upload (its type read from its bytes, at most MAX_FILE_BYTES),
// stored through the file store and attached to the pending entry and to the message in the
// customer's conversation. A failure never loses the entry: it is recorded on it as
// inbound.mediaError (and on the conversation's message as its error).
import { FieldValue } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { getSenderEnv } from '../../integrations/config';
import { secretOverride, whatsappToken } from '../../integrations/secrets';
import type { Attachment } from '../../domain/entries/record';
import { readSecrets } from '../../domain/settings/store';
import {
  ALLOWED_TYPES_TEXT,
  detectFileType,
  safeFileName,
  saveFiles,
  MAX_FILE_BYTES,
  type NewFile,
} from '../uploads';
import { recordInboundMedia } from '../../domain/inbound/media';
import { fetchOutsideRequestDomain } from '../../http/outside-request-domain';

export interface InboundMedia {
  /** Meta's media id (message.image.id, message.document.id, ...). */
  id: string;
  /** The message type: image, document, video, audio, sticker. */
  type: string;
  /** The sender's file name (documents only). */
  filename?: string;
}

/** A download that did not give a file this app keeps; the message is recorded on the entry. */
class MediaFailure extends Error {}

const TOO_LARGE = `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB (the limit per file)`;

async function fetchWithToken(url: string, token: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetchOutsideRequestDomain(url, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError'))
      throw new MediaFailure(`The WhatsApp Cloud API did not answer within ${timeoutMs / 1000} s`);
    throw new MediaFailure(
      `The WhatsApp Cloud API could not be reached: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** The body, refused as soon as it passes `max` bytes (a lying or missing length included). */
async function readLimited(response: Response, max: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length')) > max) throw new MediaFailure(TOO_LARGE);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const part = reader ? await reader.read() : { done: true as const };
    if (part.done) break;
    size += part.value.length;
    if (size > max) {
      await reader?.cancel();
      throw new MediaFailure(TOO_LARGE);
    }
    chunks.push(Buffer.from(part.value));
  }
  return Buffer.concat(chunks);
}

/** Downloads the media and checks it like an upload. */
export async function downloadWhatsAppMedia(media: InboundMedia): Promise<NewFile> {
  const token = secretOverride(whatsappToken) ?? (await readSecrets()).whatsappToken;
  if (!token) throw new MediaFailure('WhatsApp is not configured: no access token');
  const env = getSenderEnv();
  const info = await fetchWithToken(
    `${env.whatsappApiBase}/${env.whatsappApiVersion}/${encodeURIComponent(media.id)}`,
    token,
    env.timeoutMs,
  );
  if (!info.ok) throw new MediaFailure(`WhatsApp Cloud API ${info.status} for media ${media.id}`);
  const { url, file_size: declared } = (await info.json().catch(() => ({}))) as {
    url?: unknown;
    file_size?: unknown;
  };
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url))
    throw new MediaFailure(`The WhatsApp Cloud API gave no download link for media ${media.id}`);
  if (typeof declared === 'number' && declared > MAX_FILE_BYTES) throw new MediaFailure(TOO_LARGE);

  const download = await fetchWithToken(url, token, env.timeoutMs);
  if (!download.ok) throw new MediaFailure(`The media download answered ${download.status}`);
  const data = await readLimited(download, MAX_FILE_BYTES);
  const type = data.length > 0 ? detectFileType(data) : undefined;
  if (!type) throw new MediaFailure(`The ${media.type} is not ${ALLOWED_TYPES_TEXT}`);
  return {
    name: safeFileName(media.filename || `whatsapp-${media.type}`, type),
    mimetype: type.mimetype,
    data,
  };
}

/**
 * Fetches the media of the inbound message and attaches it to entry `entryId`; on failure
 * records why on the entry. Never throws (the webhook must still answer 200).
 */
export async function attachInboundMedia(
  entryId: string,
  conversationMessageId: string,
  media: InboundMedia,
): Promise<void> {
  let update: Record<string, unknown>;
  let threadUpdate: Record<string, unknown>;
  try {
    const [saved] = await saveFiles([await downloadWhatsAppMedia(media)], { source: 'whatsapp' });
    const attachment: Attachment = {
      name: saved.name,
      url: saved.url,
      mimetype: saved.mimetype,
      size: saved.size,
    };
    update = { attachments: FieldValue.arrayUnion(attachment) };
    threadUpdate = { files: FieldValue.arrayUnion(attachment) };
  } catch (err) {
    // Our own failures (the file store, Firestore) are logged; the entry says only that much.
    if (!(err instanceof MediaFailure)) logger.error(`WhatsApp media ${media.id} not kept:`, err);
    const reason = err instanceof MediaFailure ? err.message : 'The file could not be stored';
    update = { 'inbound.mediaError': reason };
    threadUpdate = { error: `The file did not arrive: ${reason}` };
  }
  try {
    await recordInboundMedia(entryId, update, conversationMessageId, threadUpdate);
  } catch (err) {
    logger.error(`Could not record WhatsApp media ${media.id} on entry ${entryId}:`, err);
  }
}
