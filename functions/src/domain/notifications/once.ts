// A notification that may be stored once only: its id says what it is about (a user and a
// day), so a second try finds it there and stores nothing.
import { getDb } from '../../firebase';
import { addNotification, type Notice } from './notice';

/** gRPC ALREADY_EXISTS: the create found the document there. */
const ALREADY_EXISTS = 6;

/** Stores the notification under `id` (with its feed items); false when it was stored before. */
export async function storeNotificationOnce(notice: Notice, id: string): Promise<boolean> {
  const batch = getDb().batch();
  addNotification(batch, notice, id);
  try {
    await batch.commit();
  } catch (err) {
    if ((err as { code?: unknown }).code === ALREADY_EXISTS) return false;
    throw err;
  }
  return true;
}
