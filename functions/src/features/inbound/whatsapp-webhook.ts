// The WhatsApp Cloud API webhook (public): GET answers Meta's verification with hub.challenge
// when hub.verify_token is the one saved under Integrations; POST deliveries must carry
// X-Hub-Signature-256 made with the app secret. Each inbound message becomes a pending entry
// (once, however often Meta delivers it) and a message in the customer's conversation, with its
// media downloaded and attached, and a live notification for the customer's owner (the admins
// when it has none); status callbacks update what the app sent.
import type { Request, Router } from 'express';
import * as logger from 'firebase-functions/logger';
import onFinished from 'on-finished';
import type { WebhookResult } from '../../contract/answers';
import { route } from '../../http/access';
import { HttpError } from '../../http/errors';
import { secretOverride, whatsappAppSecret } from '../../integrations/secrets';
import { readSecrets, readSettings } from '../../domain/settings/store';
import { alertAdminContacts } from '../notifications';
import { formatPhone } from '../../domain/identity/phone';
import { createInboundEntry } from './inbound-entry';
import { isAcceptReply } from '../../domain/quotes/accept-reply';
import { refreshWindow } from '../messaging';
import { noteCallbackRefused } from '../../domain/messages';
import { validSignature } from './signature';
import { list, obj, type Json } from './meta-json';
import { applyWhatsAppStatuses } from './whatsapp-statuses';
import { attachInboundMedia } from './whatsapp-media';
import { optOutKeyword } from './opt-out-keywords';
import { repliedMessage } from './replied-message';
import { broadcastOfReply, noteBroadcastResponse } from '../broadcasts';
import { textOf } from '../../stored-text';

/** A query parameter named with a dot ('hub.mode'), whichever query parser read it. */
function hubParam(req: Request, name: string): string {
  const query = req.query as Json;
  return textOf(query[`hub.${name}`]) || textOf(obj(query.hub)[name]);
}

/** What a file with no caption is called in the Inbox, entries and notifications. */
const MEDIA_WORDS: Record<string, string> = {
  image: 'Photo',
  video: 'Video',
  audio: 'Voice message',
  sticker: 'Sticker',
};

/**
 * What the message says, as people read it (the Inbox, the entry's description, a
 * notification): a file's caption, or what it is when it has none ("Photo", the document's
 * name); the file itself travels beside the text, never as a "[image]" prefix in it.
 */
export function describeMessage(message: Json): string | undefined {
  const type = textOf(message.type);
  const part = obj(message[type]);
  const caption = textOf(part.caption);
  switch (type) {
    case 'text':
      return textOf(part.body);
    case 'image':
    case 'video':
    case 'audio':
    case 'sticker':
      return caption || MEDIA_WORDS[type];
    case 'document':
      return caption || textOf(part.filename) || 'Document';
    case 'button':
      return textOf(part.text) || textOf(part.payload);
    case 'interactive':
      return (
        textOf(obj(part.button_reply).title) || textOf(obj(part.list_reply).title) || 'A choice'
      );
    case 'location':
      return `Location: ${[textOf(part.name), textOf(part.address)].filter(Boolean).join(', ')} ${String(part.latitude ?? '')},${String(part.longitude ?? '')}`
        .replace(/: {2}/, ': ')
        .trim();
    case 'reaction':
      // A reaction to one of our messages is not a new message.
      return undefined;
    default:
      return `A message WhatsApp sent as "${type || 'unknown'}", which the console cannot show`;
  }
}

export async function handleWhatsAppDelivery(body: unknown): Promise<WebhookResult> {
  const result: WebhookResult = { messages: 0, created: 0, duplicates: 0, statuses: 0 };
  const changes = list(obj(body).entry).flatMap((entry) => list(entry.changes));
  result.statuses = await applyWhatsAppStatuses(
    changes.flatMap((change) => list(obj(change.value).statuses)),
  );
  for (const change of changes) {
    const value = obj(change.value);
    const names = new Map(
      list(value.contacts).map((c) => [textOf(c.wa_id), textOf(obj(c.profile).name)] as const),
    );
    for (const message of list(value.messages)) {
      const messageId = textOf(message.id);
      const from = textOf(message.from);
      const description = describeMessage(message);
      if (!messageId || !from) continue;
      const phone = `+${from.replace(/^\+/, '')}`;
      const receivedAt = new Date(Number(message.timestamp) * 1000 || Date.now());
      if (description === undefined) {
        // A reaction is no new entry, but it is the customer writing: the window opens.
        await refreshWindow(phone, receivedAt);
        continue;
      }
      result.messages++;
      const name = names.get(from) || undefined;
      const type = textOf(message.type);
      const media = obj(message[type]);
      // A reply to an earlier message (the customer swiped it): Meta names it in `context`.
      const contextId = textOf(obj(message.context).id);
      const keyword = type === 'text' || type === 'button' ? optOutKeyword(description) : null;
      const replied = contextId ? await repliedMessage(contextId) : undefined;
      // Words accepting a quote: the one replied to, else (no context) the newest sent.
      const acceptsQuote =
        (type === 'text' || type === 'button') &&
        isAcceptReply(description) &&
        (!contextId || replied?.quoteId)
          ? { quoteId: replied?.quoteId }
          : undefined;
      // A reply to a broadcast (named by the context, else the latest sent to them lately).
      const answered =
        contextId && !replied?.outboundId
          ? null
          : await broadcastOfReply(phone, replied?.outboundId);
      const outcome = await createInboundEntry({
        provider: 'whatsapp',
        messageId,
        from: { phone, name },
        description,
        receivedAt,
        details: {
          type,
          ...(media.id ? { mediaId: textOf(media.id), mimeType: textOf(media.mime_type) } : {}),
          ...(contextId ? { contextId } : {}),
        },
        ...(replied ? { replyTo: replied.replyTo } : {}),
        ...(answered ? { broadcastId: answered.broadcastId } : {}),
        // STOP / START (typed, or a template's quick-reply button), applied with the message.
        ...(keyword && { optOut: keyword }),
        ...(acceptsQuote && { acceptsQuote }),
        notify: 'owner-or-admins',
      });
      if (!outcome.created) {
        result.duplicates++;
        continue;
      }
      result.created++;
      if (answered)
        await noteBroadcastResponse(answered.id, keyword === 'stop' ? 'optedOutAfter' : 'replied');
      if (media.id)
        await attachInboundMedia(outcome.entryId, outcome.conversationMessageId, {
          id: textOf(media.id),
          type,
          filename: textOf(media.filename) || undefined,
        });
      // The owner (or the admins) were told with the entry; the admin contacts by email and
      // WhatsApp as Settings say.
      try {
        await alertAdminContacts({
          type: 'entry',
          title: 'New WhatsApp message',
          message: `${outcome.customerName || formatPhone(phone)}: ${description.slice(0, 300)}`,
        });
      } catch (err) {
        logger.error('Could not notify the admins of an inbound WhatsApp message:', err);
      }
    }
  }
  return result;
}

export function registerWhatsAppWebhookRoutes(router: Router): void {
  route(router, 'GET /integrations/whatsapp/webhook', async (req, res) => {
    const settings = await readSettings();
    const expected = settings.integrations.whatsapp.verifyToken;
    const mode = hubParam(req, 'mode');
    const token = hubParam(req, 'verify_token');
    if (mode !== 'subscribe' || !expected || token !== expected)
      throw new HttpError(403, 'Verification failed');
    res.type('text/plain').send(hubParam(req, 'challenge'));
  });

  route(router, 'POST /integrations/whatsapp/webhook', async (req, res) => {
    // Meta tries a callback again later when the database kept it from an answer (a 503, the
    // database's deadline's included) or the caller gave up waiting: the judge of abandoned sends
    // must know. A 500 (a fault of ours with one callback) is left out: it would come back at
    // each of Meta's tries for days and hold every judgment with it.
    onFinished(res, () => {
      if (!res.writableFinished || res.statusCode === 503) noteCallbackRefused();
    });
    const rawBody: unknown = (req as { rawBody?: unknown }).rawBody;
    // The secret alone: Meta posts three of these a message (sent, delivered, read).
    const secret = secretOverride(whatsappAppSecret) ?? (await readSecrets()).whatsappAppSecret;
    if (
      !Buffer.isBuffer(rawBody) ||
      !validSignature(rawBody, req.get('x-hub-signature-256'), secret)
    )
      throw new HttpError(401, 'Invalid signature');
    res.json(await handleWhatsAppDelivery(req.body));
  });
}
