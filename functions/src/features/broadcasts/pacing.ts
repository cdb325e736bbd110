// sendPacing/{dispatcher,whatsapp}: the pace of broadcast sends, kept in Firestore so that it
// holds across processes (docs/decisions/broadcast-sending.md). `dispatcher { holder, until }`
// is the lease of the one dispatcher; `whatsapp { slotAt, instance }` the last one-second slot
// leased: a sender may send only inside a slot it took, so two never share a second. The
// collection's one owner (eslint.config.js DATA_OWNERS).
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../clock';
import { getDb } from '../../firebase';

export const SEND_PACING = 'sendPacing';
/** A holder that stopped renewing loses the dispatcher within this. */
export const LEASE_MS = 30_000;
export const SLOT_MS = 1_000;

const pacing = (name: 'dispatcher' | 'whatsapp') => getDb().collection(SEND_PACING).doc(name);

/**
 * Takes (or renews) the dispatcher's lease for `holder`: false when another holds it, 'taken
 * over' when it was another's whose lease ran out (that holder stopped without giving it up).
 */
export async function takeLease(holder: string): Promise<false | 'held' | 'taken over'> {
  return getDb().runTransaction(async (tx) => {
    const doc = await tx.get(pacing('dispatcher'));
    const until = (doc.get('until') as Timestamp | undefined)?.toMillis() ?? 0;
    const another = doc.exists && doc.get('holder') !== holder;
    if (another && until > now()) return false;
    tx.set(pacing('dispatcher'), { holder, until: Timestamp.fromMillis(now() + LEASE_MS) });
    return another ? 'taken over' : 'held';
  });
}

/** Gives the lease up, when `holder` still has it. */
export async function releaseLease(holder: string): Promise<void> {
  await getDb().runTransaction(async (tx) => {
    const doc = await tx.get(pacing('dispatcher'));
    if (doc.get('holder') === holder) tx.delete(doc.ref);
  });
}

/**
 * Leases the next free one-second slot for `instance`: never a second already begun, never one
 * another took, never one starting before `notBefore` (a rest the sender chose). Answers the
 * slot's start (ms), which may lie ahead.
 */
export async function takeSlot(instance: string, notBefore = 0): Promise<number> {
  return getDb().runTransaction(async (tx) => {
    const doc = await tx.get(pacing('whatsapp'));
    const last = (doc.get('slotAt') as Timestamp | undefined)?.toMillis() ?? 0;
    const slotAt = Math.max(Math.ceil(now() / SLOT_MS) * SLOT_MS, last + SLOT_MS, notBefore);
    tx.set(pacing('whatsapp'), { slotAt: Timestamp.fromMillis(slotAt), instance });
    return slotAt;
  });
}
