// What a queued message shows on what it belongs to (an entry's dispatch.whatsapp, a
// follow-up's results.email, ...): one status for the channel, the reason in words, the times
// it moved, and each file's own state.
import { FieldValue, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import type { OutboundDoc, OutboundPart } from './queue-store';

/**
 * The channel's status: 'queued' / 'sending' until tried, then the main part's: 'sent' and
 * whatever the callbacks said after ('delivered', 'read', 'opened', ...), 'failed' or
 * 'unknown'. A file that did not go makes the channel 'failed' too.
 */
export function channelStatus(doc: OutboundDoc): { status: string; error?: string } {
  const [main, ...rest] = doc.parts;
  if (doc.state === 'sending') return { status: 'sending' };
  const waiting = doc.parts.find((p) => p.state === 'queued');
  if (waiting && (doc.state === 'queued' || doc.state === 'paced')) {
    const retry =
      doc.attempts > 0 ? `; trying again at ${doc.nextAttemptAt.toDate().toISOString()}` : '';
    return { status: 'queued', ...(waiting.error && { error: `${waiting.error}${retry}` }) };
  }
  if (!main) return { status: 'failed', error: 'Nothing to send' };
  if (main.state !== 'sent') return { status: main.state, error: main.error };
  if (main.delivery === 'failed') return { status: 'failed', error: main.error };
  const broken = rest.filter((p) => p.state !== 'sent' || p.delivery === 'failed');
  if (broken.length > 0) {
    return {
      status: broken.some((p) => p.state === 'unknown') ? 'unknown' : 'failed',
      error: broken.map((p) => `${partName(p)}: ${p.error ?? p.state}`).join('; '),
    };
  }
  return { status: main.delivery ?? 'sent' };
}

function partName(part: OutboundPart): string {
  return part.kind === 'media' ? part.attachment.name : part.kind;
}

const iso = (at: Timestamp | undefined) => at?.toDate();

/** The owner's map field, as dotted updates (removed keys deleted). */
export function ownerUpdate(id: string, doc: OutboundDoc): DocumentData {
  const { status, error } = channelStatus(doc);
  const main = doc.parts[0];
  const media = doc.parts
    .filter((p) => p.kind === 'media')
    .map((p) => ({
      name: partName(p),
      status: p.state === 'sent' ? (p.delivery ?? 'sent') : p.state,
      ...(p.messageId && { messageId: p.messageId }),
      ...(p.error && { error: p.error }),
    }));
  const fields: Record<string, unknown> = {
    outboundId: id,
    status,
    error: error ?? FieldValue.delete(),
    messageId: main?.messageId ?? FieldValue.delete(),
    at: iso(main?.at) ?? iso(doc.createdAt),
    statusAt: iso(main?.deliveryAt) ?? FieldValue.delete(),
    timeline: doc.timeline.map((t) => ({ ...t, at: t.at.toDate() })),
    media: media.length > 0 ? media : FieldValue.delete(),
  };
  return fields;
}

/** `fields` under the owner's map field, as Firestore dotted paths. */
export function underField(field: string, fields: DocumentData): DocumentData {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${field}.${k}`, v]));
}

/** The next timeline, with `status` added when it is new. */
export function withTimeline(doc: OutboundDoc, at: Timestamp = Timestamp.now()) {
  const { status, error } = channelStatus(doc);
  const last = doc.timeline[doc.timeline.length - 1];
  if (last?.status === status) return doc.timeline;
  return [...doc.timeline, { status, at, ...(error && { error }) }].slice(-20);
}
