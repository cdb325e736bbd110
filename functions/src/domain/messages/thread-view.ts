// What a customer's conversation shows of a queued message (thread-store.ts):
// the message document conversationMessages/{queue id}, written by the first change of the
// queue document that knows its customer (the queue document's customerId, else its owner's:
// an entry's or a follow-up's), and kept current by every later change (sent, delivered, read,
// failed with the reason), in the change's own transaction as the owner's view is.
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { addToSummary, summaryCustomer, summaryRef } from '../conversations/store';
import { sourceOfOwner } from './owner';
import { messageRef, type StoredThreadMessage, type ThreadFile } from './thread-store';
import type { OutboundDoc, OutboundPart } from './queue-store';
import { withoutUndefinedDeep } from './queue-store';
import { channelStatus } from './owner-view';
import { customerRef } from '../customers/store';
import { textOf } from '../../stored-text';

/** What the customer reads: the planned preview, else the text or the template's name. */
function readsAs(doc: OutboundDoc): string {
  if (doc.channel === 'email') return doc.email?.text ?? '';
  if (doc.preview) return doc.preview;
  for (const part of doc.parts) {
    if (part.kind === 'text') return part.text;
    if (part.kind === 'template') return `${part.name}: ${part.parameters.join(' · ')}`;
  }
  return '';
}

const partState = (part: OutboundPart | undefined) =>
  !part ? 'queued' : part.state === 'sent' ? (part.delivery ?? 'sent') : part.state;

function filesOf(doc: OutboundDoc): ThreadFile[] {
  if (doc.channel === 'email') {
    return (doc.email?.attachments ?? []).map((a) => ({
      ...a,
      state: partState(doc.parts[0]),
    }));
  }
  return doc.parts.flatMap((part) => {
    // A file goes as media, or in a template's DOCUMENT or IMAGE header.
    const file =
      part.kind === 'media'
        ? part.attachment
        : part.kind === 'template'
          ? (part.document ?? part.image)
          : undefined;
    return file
      ? [{ ...file, state: partState(part), ...(part.error && { error: part.error }) }]
      : [];
  });
}

/** The message's state fields as they are now. */
function stateOf(
  doc: OutboundDoc,
): Pick<StoredThreadMessage, 'state' | 'files' | 'error' | 'stateAt' | 'providerId'> {
  const { status, error } = channelStatus(doc);
  const main = doc.parts[0];
  return {
    // The customer may answer it (WhatsApp's context names this id).
    providerId: main?.messageId,
    state: status,
    error,
    stateAt: main?.deliveryAt ?? main?.at ?? doc.createdAt,
    files: filesOf(doc),
  };
}

/**
 * The live stream's cursor for a write of a message from `source`. A broadcast's messages carry
 * none: thousands of them change in a few minutes, and no page is told of them (its report counts
 * them), so no instance's listener is sent them, and a page that resumes its stream after a
 * broadcast is not given their changes in place of the ones it missed (the resume reads a page).
 */
const liveStamp = (source: StoredThreadMessage['source']): { changedAt?: Timestamp } =>
  source === 'broadcast' ? {} : { changedAt: Timestamp.now() };

/**
 * Reads (in `tx`, before any write) what the conversation's view of message `id` needs, and
 * answers the writes to make once the change is known; null when the message belongs to no
 * customer. `owner` is the owner's document as read in `tx`.
 */
export async function prepareThreadView(
  tx: Transaction,
  id: string,
  doc: OutboundDoc,
  owner: DocumentSnapshot | undefined,
): Promise<{ write: (next: OutboundDoc) => void; created: boolean } | null> {
  const ref = messageRef(id);
  const live = liveStamp(sourceOfOwner(doc.owner));
  if (doc.threaded) {
    const stored = await tx.get(ref);
    if (!stored.exists) return null;
    return {
      created: false,
      write: (next) => tx.update(ref, withoutUndefinedDeep({ ...stateOf(next), ...live })),
    };
  }
  const customerId = doc.customerId ?? textOf(owner?.get('customerId'));
  if (!customerId) return null;
  const summary = await tx.get(summaryRef(customerId));
  const customer = summary.exists ? null : await tx.get(customerRef(customerId));
  if (customer && !customer.exists) return null;
  const customerName = customer
    ? summaryCustomer(customer.data()).name
    : textOf(summary.get('customerName'));
  return {
    created: true,
    write: (next) => {
      const message: StoredThreadMessage = {
        customerId,
        at: next.createdAt,
        direction: 'out',
        channel: next.channel,
        text: readsAs(next),
        ...(next.email?.subject ? { subject: next.email.subject } : {}),
        ...templateOf(next),
        ...stateOf(next),
        byName:
          next.byName ?? (textOf(owner?.get('createdByName')) || textOf(owner?.get('byName'))),
        source: sourceOfOwner(next.owner),
        // Whose it is ("my failed messages"): the reply's sender, else its owner's creator.
        senderUid: next.senderUid ?? (textOf(owner?.get('createdBy')) || undefined),
        customerName,
        outboundId: id,
        owner: next.owner,
        ...live,
        ...entryOf(next, owner),
      };
      tx.create(ref, withoutUndefinedDeep(message));
      addToSummary(
        tx,
        summary,
        customerId,
        customer ? summaryCustomer(customer.data()) : null,
        message,
      );
    },
  };
}

function templateOf(doc: OutboundDoc): { templateName?: string } {
  const part = doc.parts.find((p) => p.kind === 'template');
  return part?.kind === 'template' ? { templateName: part.name } : {};
}

function entryOf(doc: OutboundDoc, owner: DocumentSnapshot | undefined): { entryId?: string } {
  if (doc.owner?.kind === 'entry') return { entryId: doc.owner.id };
  const entryId = textOf(owner?.get('entryId'));
  return entryId ? { entryId } : {};
}
