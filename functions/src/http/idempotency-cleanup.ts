// The clean-up of old idempotency keys: a key answers repeats of its request for KEY_TTL_MS
// (24 h), then goes. Firestore's TTL policy on `expiresAt` removes them in production, within
// a day or so of expiring; this job removes them within the hour, on the local stack too (whose
// engine has no TTL policies). Read by `createdAt`, which has Firestore's automatic index
// (`expiresAt` is kept out of indexing for the TTL policy).
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../clock';
import { getDb } from '../firebase';
import { IDEMPOTENCY_KEYS, KEY_TTL_MS } from './idempotency';

const PAGE = 400;

/** Deletes every key stored more than KEY_TTL_MS ago; answers how many went. */
export async function cleanupIdempotencyKeys(): Promise<number> {
  const cutoff = Timestamp.fromMillis(now() - KEY_TTL_MS);
  const old = getDb().collection(IDEMPOTENCY_KEYS).where('createdAt', '<', cutoff).limit(PAGE);
  let deleted = 0;
  for (;;) {
    const page = await old.get();
    if (page.empty) return deleted;
    const batch = getDb().batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
    deleted += page.size;
    if (page.size < PAGE) return deleted;
  }
}
