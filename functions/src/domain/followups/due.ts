// Follow-ups by when they are due: the scheduled (unsent) ones in a time range, soonest first;
// every one of a day (the morning reminder).
import type {
  DocumentData,
  Query,
  QueryDocumentSnapshot,
  Timestamp,
} from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { FOLLOW_UPS } from './constants';

/** Scheduled follow-ups due in [from, to) (`employeeId`'s only, when given), soonest first. */
function scheduledIn(from: Timestamp, to: Timestamp, employeeId?: string): Query {
  const all = getDb().collection(FOLLOW_UPS);
  const whose = employeeId === undefined ? all : all.where('employeeId', '==', employeeId);
  return whose
    .where('status', '==', 'scheduled')
    .where('dueAt', '>=', from)
    .where('dueAt', '<', to)
    .orderBy('dueAt');
}

/** Scheduled follow-ups due in [from, to), soonest first, at most `limit`. */
export async function scheduledFollowUpsDue(
  from: Timestamp,
  to: Timestamp,
  limit: number,
): Promise<DocumentData[]> {
  const snap = await scheduledIn(from, to).limit(limit).get();
  return snap.docs.map((d) => d.data());
}

const DAY_PAGE = 500;

/** Every follow-up (any status) due in [from, to), soonest first, read a page at a time. */
export async function followUpsDueIn(
  from: Timestamp,
  to: Timestamp,
): Promise<{ id: string; data: DocumentData }[]> {
  const found: { id: string; data: DocumentData }[] = [];
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = getDb()
      .collection(FOLLOW_UPS)
      .where('dueAt', '>=', from)
      .where('dueAt', '<', to)
      .orderBy('dueAt')
      .limit(DAY_PAGE);
    if (last) query = query.startAfter(last);
    const page = await query.get();
    for (const doc of page.docs) found.push({ id: doc.id, data: doc.data() });
    if (page.size < DAY_PAGE) break;
    last = page.docs[page.docs.length - 1];
  }
  return found;
}

/** `employeeId`'s scheduled follow-ups due in [from, to), soonest first, at most `limit`. */
export async function scheduledFollowUpsOf(
  employeeId: string,
  from: Timestamp,
  to: Timestamp,
  limit: number,
): Promise<{ id: string; data: DocumentData }[]> {
  const snap = await scheduledIn(from, to, employeeId).limit(limit).get();
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}
