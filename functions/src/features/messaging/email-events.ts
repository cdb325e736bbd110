// SendGrid's Event Webhook: a JSON array of events, signed with ECDSA (P-256, SHA-256) over
// the timestamp header followed by the raw body; the verification key (base64 DER) is saved
// under Integrations. Each event is matched to its queued message by the custom argument
// `outboundId` the send carried, and applied once however often SendGrid repeats it
// (emailEvents/{hash of sg_event_id}).
import { createHash, createPublicKey, verify } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { applyDelivery } from '../../domain/messages';
import type { Delivery } from '../../domain/messages';

export const EMAIL_EVENTS = 'emailEvents';
/** A seen event's marker is removed after this (a TTL policy on expiresAt). */
const EVENT_MARKER_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How far a signed timestamp may be from now. A signature proves who sent the bytes, not when:
 * without a window, anyone holding one old signed request could replay it for ever.
 */
export const EVENT_MAX_AGE_MS = 10 * 60_000;

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

export function validEventSignature(
  rawBody: Buffer,
  signature: string | undefined,
  timestamp: string | undefined,
  publicKeyBase64: string,
): boolean {
  if (!signature || !timestamp || !publicKeyBase64.trim()) return false;
  try {
    const key = createPublicKey({
      key: Buffer.from(publicKeyBase64.replace(/\s+/g, ''), 'base64'),
      format: 'der',
      type: 'spki',
    });
    return verify(
      'sha256',
      Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]),
      { key, dsaEncoding: 'der' },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** Whether the signed timestamp header (Unix seconds) is within EVENT_MAX_AGE_MS of `nowMs`. */
export function freshEventTimestamp(timestamp: string | undefined, nowMs: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp.trim())) return false;
  return Math.abs(nowMs - Number(timestamp.trim()) * 1000) <= EVENT_MAX_AGE_MS;
}

const DELIVERY: Record<string, Delivery> = {
  processed: 'processed',
  deferred: 'deferred',
  delivered: 'delivered',
  open: 'opened',
  click: 'opened',
  bounce: 'failed',
  dropped: 'failed',
};

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

function failureWords(event: Json): string {
  const reason = str(event.reason) || str(event.response) || str(event.type);
  const what = event.event === 'dropped' ? 'SendGrid dropped the email' : 'The email bounced';
  return reason ? `${what}: ${reason.slice(0, 300)}` : what;
}

export interface EventsResult {
  received: number;
  applied: number;
  duplicates: number;
  unmatched: number;
}

export async function handleEmailEvents(events: unknown): Promise<EventsResult> {
  const list = Array.isArray(events) ? (events as Json[]) : [];
  const result: EventsResult = { received: list.length, applied: 0, duplicates: 0, unmatched: 0 };
  const markers = getDb().collection(EMAIL_EVENTS);
  for (const event of list) {
    const delivery = DELIVERY[str(event?.event)];
    const eventId = str(event?.sg_event_id);
    const outboundId = str(event?.outboundId);
    if (!delivery || !eventId || !outboundId) {
      result.unmatched++;
      continue;
    }
    const marker = markers.doc(createHash('sha256').update(eventId).digest('hex'));
    if ((await marker.get()).exists) {
      result.duplicates++;
      continue;
    }
    const at = new Date(Number(event.timestamp) * 1000 || Date.now());
    const found = await applyDelivery(outboundId, {
      delivery,
      at,
      ...(delivery === 'failed' && { error: failureWords(event) }),
    });
    if (!found) {
      result.unmatched++;
      continue;
    }
    // Written after applying: a crash in between re-applies, which moving forward only allows.
    await marker.set({
      outboundId,
      event: str(event.event),
      expiresAt: Timestamp.fromMillis(Date.now() + EVENT_MARKER_TTL_MS),
    });
    result.applied++;
  }
  return result;
}
