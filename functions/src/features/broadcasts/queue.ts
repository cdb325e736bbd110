// Queuing a broadcast's recipients: the audience counted again as it stands now (a customer who
// wrote STOP since is left out, and so is anyone the broadcast already has a recipient document
// of, by phone or by customer), each recipient's template parameters filled from their own
// values (first name, owner's name, the company's name, fixed text), with the header's file when
// the template has one, one queue document each (domain/messages: its id made of the broadcast
// and the phone, so a repeat queues nothing twice). The broadcast records when every recipient
// was queued.
import { Timestamp } from 'firebase-admin/firestore';
import { fillTemplate, paramText } from '../../contract/broadcasts';
import { now } from '../../clock';
import {
  broadcastRecipientsHad,
  cancelWaiting,
  heldBackPhones,
  queueBroadcastRecipients,
} from '../../domain/messages';
import { readSettings } from '../../domain/settings/store';
import { findTemplate } from '../messaging';
import { resolveAudience, type ResolvedAudience } from './audience';
import { broadcastTemplatePart } from './header';
import { patchBroadcast, readBroadcast, type StoredBroadcast } from './store';

/** A phone Meta held a marketing message back from (131049) gets none for this long. */
const HELD_BACK_MS = 24 * 60 * 60 * 1000;
const HELD_BACK =
  'Not sent: Meta held a marketing message back from this customer in the last 24 hours (WhatsApp 131049)';

/** Why a cancelled broadcast's recipient got nothing. */
export const CANCELLED = 'Not sent: the broadcast was cancelled';

/** Who the broadcast goes to now that it does not have yet (`alreadyMessaged` the others). */
export async function newRecipients(broadcast: StoredBroadcast): Promise<ResolvedAudience> {
  return resolveAudience(broadcast.audience, await broadcastRecipientsHad(broadcast._id));
}

/**
 * Queues the recipients the broadcast does not have yet: `audience` when the caller counted them
 * already (`newRecipients`), else counted here. Answers how many were queued.
 */
export async function queueRecipients(
  broadcast: StoredBroadcast,
  audience?: ResolvedAudience,
): Promise<number> {
  const [{ recipients }, settings, template, heldBack] = await Promise.all([
    audience ?? newRecipients(broadcast),
    readSettings(),
    findTemplate(broadcast.template.name, broadcast.template.language),
    broadcast.template.category === 'MARKETING'
      ? heldBackPhones(now() - HELD_BACK_MS)
      : new Set<string>(),
  ]);
  const sender = broadcast.startedBy ?? broadcast.createdBy;
  const queued = await queueBroadcastRecipients(
    broadcast._id,
    recipients.map((r) => {
      const values = { name: r.name, ownerName: r.ownerName, companyName: settings.companyName };
      const parameters = broadcast.params.map((p) => paramText(p, values));
      return {
        to: r.phone,
        customerId: r.customerId,
        recipientName: r.name,
        parts: [broadcastTemplatePart(broadcast, parameters)],
        preview: template?.body
          ? fillTemplate(template.body, broadcast.params, values)
          : `${broadcast.template.name}: ${parameters.join(' · ')}`,
        byName: sender.name,
        senderUid: sender._id,
        ...(heldBack.has(r.phone) && { skip: HELD_BACK }),
      };
    }),
  );
  await patchBroadcast(broadcast._id, { queuedAt: Timestamp.now() });
  // Cancelled while its recipients were being queued: those queued after the cancel go too.
  if ((await readBroadcast(broadcast._id))?.state === 'cancelled')
    await cancelWaiting(broadcast._id, CANCELLED);
  return queued;
}
