// Follow-ups by when they are due: the scheduled (unsent) ones in a time range, soonest first.
import type { DocumentData, Timestamp } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { FOLLOW_UPS } from './constants';

/** Scheduled follow-ups due in [from, to), soonest first, at most `limit`. */
export async function scheduledFollowUpsDue(
  from: Timestamp,
  to: Timestamp,
  limit: number,
): Promise<DocumentData[]> {
  const snap = await getDb()
    .collection(FOLLOW_UPS)
    .where('status', '==', 'scheduled')
    .where('dueAt', '>=', from)
    .where('dueAt', '<', to)
    .orderBy('dueAt')
    .limit(limit)
    .get();
  return snap.docs.map((d) => d.data());
}
