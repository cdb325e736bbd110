// SendGrid's Event Webhook: a JSON array of events, signed with ECDSA (P-256, SHA-256) over
// the timestamp header followed by the raw body; the verification key (base64 DER) is saved
// under Integrations. Each event is matched to its queued message by the custom argument
// `outboundId` the send carried, and applied once however often SendGrid repeats it
// (emailEvents/{hash of sg_event_id}).
import type { EventsResult } from '../../contract/answers';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import {
  applyDeliveries,
  applyEachMessage,
  type Delivery,
  type DeliveryUpdate,
} from '../../domain/messages';
import { textOf } from '../../stored-text';

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

function failureWords(event: Json): string {
  const reason = textOf(event.reason) || textOf(event.response) || textOf(event.type);
  const what = event.event === 'dropped' ? 'SendGrid dropped the email' : 'The email bounced';
  return reason ? `${what}: ${reason.slice(0, 300)}` : what;
}

/** Markers read or written per call (Firestore takes 500 writes a batch). */
const MARKERS_PER_CALL = 400;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const markerId = (eventId: string) => createHash('sha256').update(eventId).digest('hex');

interface FreshEvent {
  marker: string;
  outboundId: string;
  event: string;
  update: DeliveryUpdate;
}

/** Which of these markers are stored already. */
async function seenMarkers(ids: string[]): Promise<Set<string>> {
  const markers = getDb().collection(EMAIL_EVENTS);
  const seen = new Set<string>();
  for (const part of chunks(ids, MARKERS_PER_CALL)) {
    const docs = await getDb().getAll(...part.map((id) => markers.doc(id)));
    for (const doc of docs) if (doc.exists) seen.add(doc.id);
  }
  return seen;
}

async function storeMarkers(applied: FreshEvent[]): Promise<void> {
  const markers = getDb().collection(EMAIL_EVENTS);
  const expiresAt = Timestamp.fromMillis(Date.now() + EVENT_MARKER_TTL_MS);
  for (const part of chunks(applied, MARKERS_PER_CALL)) {
    const batch = getDb().batch();
    for (const e of part)
      batch.set(markers.doc(e.marker), { outboundId: e.outboundId, event: e.event, expiresAt });
    await batch.commit();
  }
}

/**
 * A batch of events: the markers of all of them read at once, each message's new events applied
 * as one change (several messages at a time), then the markers of what was applied written in
 * batches. A crash before the markers re-applies on SendGrid's retry, which moving forward only
 * allows.
 */
export async function handleEmailEvents(events: unknown): Promise<EventsResult> {
  const list = Array.isArray(events) ? (events as Json[]) : [];
  const result: EventsResult = { received: list.length, applied: 0, duplicates: 0, unmatched: 0 };
  const candidates: FreshEvent[] = [];
  for (const event of list) {
    const delivery = DELIVERY[textOf(event?.event)];
    const eventId = textOf(event?.sg_event_id);
    const outboundId = textOf(event?.outboundId);
    if (!delivery || !eventId || !outboundId) {
      result.unmatched++;
      continue;
    }
    const at = new Date(Number(event.timestamp) * 1000 || Date.now());
    candidates.push({
      marker: markerId(eventId),
      outboundId,
      event: textOf(event.event),
      update: { delivery, at, ...(delivery === 'failed' && { error: failureWords(event) }) },
    });
  }
  const seen = await seenMarkers([...new Set(candidates.map((e) => e.marker))]);
  const byMessage = new Map<string, FreshEvent[]>();
  for (const e of candidates) {
    // Stored before, or repeated within this batch.
    if (seen.has(e.marker)) {
      result.duplicates++;
      continue;
    }
    seen.add(e.marker);
    byMessage.set(e.outboundId, [...(byMessage.get(e.outboundId) ?? []), e]);
  }
  const { found: applied, unmatched } = await applyEachMessage(byMessage.values(), (fresh) =>
    applyDeliveries(
      fresh[0].outboundId,
      fresh.map((e) => e.update),
    ),
  );
  result.unmatched += unmatched.length;
  await storeMarkers(applied);
  result.applied = applied.length;
  return result;
}
