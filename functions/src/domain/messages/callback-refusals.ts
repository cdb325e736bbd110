// Meta's status callbacks the app refused (answered 503 or not at all: the database down, or too
// busy to answer within a request's deadline). Meta tries a refused callback again with doubling
// waits, so its silence about a message claimed before a refusal tells nothing until about as
// long again has passed (silenceTellsAt in features/messaging). The instance that refused is seldom
// the process that judges: the dispatcher runs in another instance or in the jobs process, whose
// own calls may have waited through the trouble and been answered while the webhook's were cut
// at their deadline (the bench's crash row, 2026-11-30: the webhook refused callbacks 25 s after the
// judging process first had an answer again). So each instance writes its latest refusal to one
// shared document as soon as the database takes it, and the judge reads it.
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import { withDeadline } from '../../deadline';
import { getDb } from '../../firebase';

const CALLBACK_REFUSALS = 'callbackRefusals';
const refusals = () => getDb().collection(CALLBACK_REFUSALS).doc('whatsapp');
/** How long one attempt to write a refusal may take, and how soon a failed one is made again. */
const SAVE_DEADLINE_MS = 10_000;
const SAVE_AGAIN_MS = 2_000;

/** This process's latest refusal (ms since the epoch). */
let refusedAt = Number.NEGATIVE_INFINITY;
let unsaved = false;
let saving: Promise<void> | undefined;

const storedAt = (doc: DocumentSnapshot): number =>
  (doc.get('refusedAt') as Timestamp | undefined)?.toMillis() ?? Number.NEGATIVE_INFINITY;

async function save(): Promise<void> {
  let failures = 0;
  while (unsaved) {
    unsaved = false;
    const at = refusedAt;
    try {
      // The client library would retry an unreachable database for minutes: an attempt that
      // takes longer is given up and made again (one that lands late does no harm: max wins).
      await withDeadline(
        getDb().runTransaction(async (tx) => {
          if (storedAt(await tx.get(refusals())) < at)
            tx.set(refusals(), { refusedAt: Timestamp.fromMillis(at) });
        }),
        SAVE_DEADLINE_MS,
        'Saving a refused callback',
      );
    } catch (err) {
      // The database is still away: this refusal waits for it (a later one replaces it).
      if (failures++ === 0) logger.warn('A refused callback waits for the database:', err);
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
