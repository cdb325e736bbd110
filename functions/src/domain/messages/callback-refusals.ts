// Meta's status callbacks the app refused (answered 5xx or not at all: the database down, or too
// busy to answer within a request's deadline). Meta tries a refused callback again with doubling
// waits, so its silence about a message claimed before a refusal tells nothing until about as
// long again has passed (silenceTells in features/messaging). The instance that refused is seldom
// the process that judges: the dispatcher runs in another instance or in the jobs process, whose
// own calls may have waited through the trouble and been answered while the webhook's were cut
// at their deadline (the bench's crash row, 2026-11-30: the webhook refused callbacks 25 s after the
// judging process first had an answer again). So each instance writes its latest refusal to one
// shared document as soon as the database takes it, and the judge reads it.
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';

const CALLBACK_REFUSALS = 'callbackRefusals';
const refusals = () => getDb().collection(CALLBACK_REFUSALS).doc('whatsapp');
/** How soon a refusal the database could not take yet is written again. */
const SAVE_AGAIN_MS = 2_000;

/** This process's latest refusal (ms since the epoch). */
let refusedAt = Number.NEGATIVE_INFINITY;
let unsaved = false;
let saving: Promise<void> | undefined;

const storedAt = (doc: DocumentSnapshot): number =>
  (doc.get('refusedAt') as Timestamp | undefined)?.toMillis() ?? Number.NEGATIVE_INFINITY;

async function save(): Promise<void> {
  while (unsaved) {
    unsaved = false;
    const at = refusedAt;
    try {
      await getDb().runTransaction(async (tx) => {
        if (storedAt(await tx.get(refusals())) < at)
          tx.set(refusals(), { refusedAt: Timestamp.fromMillis(at) });
      });
    } catch {
      // The database is still away: this refusal waits for it (a later one replaces it).
      unsaved = true;
      await new Promise((resolve) => setTimeout(resolve, SAVE_AGAIN_MS).unref());
    }
  }
  saving = undefined;
}

/** Meta's callback was just refused by this instance; shared once the database takes it. */
export function noteCallbackRefused(at = now()): void {
  refusedAt = Math.max(refusedAt, at);
  unsaved = true;
  saving ??= save();
}

/** The latest refusal of a callback by any instance that could say so (ms), or -Infinity. */
export async function lastCallbackRefusal(): Promise<number> {
  return Math.max(refusedAt, storedAt(await refusals().get()));
}
