// A queued message's state changes, each in one transaction with every view of it: the
// owner's map field (an entry's dispatch.whatsapp, a follow-up's results.email), the
// conversation's message and the Inbox's summary. Nothing else writes a message's state.
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { patchRecord } from '../writes/records';
import { ownerView, sharedDocumentKey } from './owner';
import { oneAtATime, rememberSharedDocument, sharedDocumentOf } from './shared-document-queue';
import { channelStatus, ownerUpdate, underField, withTimeline } from './owner-view';
import { inOutboundTransaction, type OutboundDoc } from './queue-store';
import { prepareThreadView } from './thread-view';

/**
 * Claims message `id` for one try with `token` ('queued' -> 'sending'), when it is due; answers
 * the claimed document, or null when it is not this caller's to send.
 */
export async function claim(
  id: string,
  token: string,
  waiting: 'queued' | 'paced' = 'queued',
): Promise<OutboundDoc | null> {
  const claimed = await inOutboundTransaction(id, async (tx, doc, ref) => {
    if (!doc || doc.state !== waiting || doc.nextAttemptAt.toMillis() > now()) return null;
    const claimed: OutboundDoc = {
      ...doc,
      state: 'sending',
      claimToken: token,
      claimedAt: Timestamp.fromMillis(now()),
      attempts: doc.attempts + 1,
    };
    tx.update(ref, {
      state: claimed.state,
      claimToken: token,
      claimedAt: claimed.claimedAt,
      attempts: claimed.attempts,
    });
    return claimed;
  });
  const key = claimed ? sharedDocumentKey(claimed) : undefined;
  if (key) rememberSharedDocument(id, key);
  return claimed;
}

/**
 * Stores `change` of the document (and its owner's view) if this worker still holds it;
 * answers the stored document, or null when the claim was lost. Changes of messages that write
 * one shared document, made by this instance, go one at a time (shared-document-queue.ts). The owner shows a message
 * only while it is the owner's latest for that channel: a late callback about an earlier one
 * (before a resend) changes that message alone. The customer's conversation shows every
 * message, and its state, the same way (thread-view.ts).
 */
export async function recordChange(
  id: string,
  change: (doc: OutboundDoc) => OutboundDoc | null,
  token?: string,
): Promise<OutboundDoc | null> {
  return oneAtATime(sharedDocumentOf(id), () =>
    inOutboundTransaction(id, async (tx, doc, ref) => {
      if (!doc || (token !== undefined && doc.claimToken !== token)) return null;
      const changed = change(doc);
      if (!changed) return doc;
      const next = { ...changed, timeline: withTimeline(changed) };
      const view = ownerView(next.owner, next.channel);
      const stored = view ? await tx.get(view.ref) : undefined;
      const shown: unknown =
        view && stored?.exists ? stored.get(`${view.field}.outboundId`) : undefined;
      const thread = await prepareThreadView(tx, id, doc, stored);
      const providerIds = providerIdsOf(next);
      tx.update(ref, {
        parts: next.parts,
        state: next.state,
        nextAttemptAt: next.nextAttemptAt,
        timeline: next.timeline,
        ...(thread?.created && { threaded: true }),
        ...(providerIds.length > 0 && { providerIds }),
        ...(next.broadcastId !== undefined && { status: channelStatus(next).status }),
        ...(initiatedAtOf(doc, next) && { initiatedAt: initiatedAtOf(doc, next) }),
        ...(heldBack(doc, next) && { heldBackAt: Timestamp.fromMillis(now()) }),
      });
      thread?.write(next);
      if (view && stored?.exists && (shown === undefined || shown === id)) {
        patchRecord(tx, view.ref, ...Object.entries(underField(view.field, ownerUpdate(id, next))));
      }
      return next;
    }),
  );
}

/** The provider's ids of the message's parts that went. */
function providerIdsOf(doc: OutboundDoc): string[] {
  return doc.parts.flatMap((part) => (part.messageId ? [part.messageId] : []));
}

/** A broadcast's template reached its user when its first part went (messaging limit). */
function initiatedAtOf(doc: OutboundDoc, next: OutboundDoc): Timestamp | undefined {
  const main = next.parts[0];
  if (next.broadcastId === undefined || doc.initiatedAt || main?.state !== 'sent') return undefined;
  return main.at;
}

/** Meta held a broadcast's marketing template back from its user (131049): not again today. */
function heldBack(doc: OutboundDoc, next: OutboundDoc): boolean {
  const main = next.parts[0];
  return (
    next.broadcastId !== undefined &&
    !doc.heldBackAt &&
    main?.delivery === 'failed' &&
    (main.error ?? '').includes('131049')
  );
}
