// What became of an inbound WhatsApp message's file (features/inbound/whatsapp-media.ts): on the
// pending entry (its attachments, or inbound.mediaError) and on the message in the customer's
// conversation (its files, or its error), in one batch.
import type { DocumentData } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { patchThreadMessage } from '../messages';
import { entryRef } from '../entries/store';
import { patchRecord } from '../writes/records';

export async function recordInboundMedia(
  entryId: string,
  entryUpdate: DocumentData,
  conversationMessageId: string,
  messageUpdate: DocumentData,
): Promise<void> {
  const db = getDb();
  const batch = db.batch();
  patchRecord(batch, entryRef(entryId), ...Object.entries(entryUpdate));
  if (conversationMessageId) patchThreadMessage(batch, conversationMessageId, messageUpdate);
  await batch.commit();
}
