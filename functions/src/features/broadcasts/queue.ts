// Queuing a broadcast's recipients: the audience counted again as it stands now (a customer who
// wrote STOP since is left out), each recipient's template parameters filled from their own
// values (first name, owner's name, the company's name, fixed text), one queue document each
// (domain/messages: its id made of the broadcast and the phone, so a repeat queues nothing
// twice). The broadcast records when every recipient was queued.
import { Timestamp } from 'firebase-admin/firestore';
import { fillTemplate, paramText, type Broadcast } from '../../contract/broadcasts';
import { cancelWaiting, queueBroadcastRecipients } from '../../domain/messages';
import { readSettings } from '../../domain/settings/store';
import { findTemplate } from '../messaging';
import { resolveAudience } from './audience';
import { patchBroadcast, readBroadcast } from './store';

/** Why a cancelled broadcast's recipient got nothing. */
export const CANCELLED = 'Not sent: the broadcast was cancelled';

export async function queueRecipients(broadcast: Broadcast): Promise<number> {
  const [audience, settings, template] = await Promise.all([
    resolveAudience(broadcast.audience),
    readSettings(),
    findTemplate(broadcast.template.name, broadcast.template.language),
  ]);
  const sender = broadcast.startedBy ?? broadcast.createdBy;
  const queued = await queueBroadcastRecipients(
    broadcast._id,
    audience.recipients.map((r) => {
      const values = { name: r.name, ownerName: r.ownerName, companyName: settings.companyName };
      const parameters = broadcast.params.map((p) => paramText(p, values));
      return {
        to: r.phone,
        customerId: r.customerId,
        recipientName: r.name,
        parts: [
          {
            kind: 'template' as const,
            name: broadcast.template.name,
            language: broadcast.template.language,
            parameters,
          },
        ],
        preview: template?.body
          ? fillTemplate(template.body, broadcast.params, values)
          : `${broadcast.template.name}: ${parameters.join(' · ')}`,
        byName: sender.name,
        senderUid: sender._id,
      };
    }),
  );
  await patchBroadcast(broadcast._id, {
    queuedAt: Timestamp.now(),
    queuedCount: audience.recipients.length,
  });
  // Cancelled while its recipients were being queued: those queued after the cancel go too.
  if ((await readBroadcast(broadcast._id))?.state === 'cancelled')
    await cancelWaiting(broadcast._id, CANCELLED);
  return queued;
}
