// The notifications a caller may see (admins: all; others: those addressed to them or to
// everyone, audience 'all'), as the API answers them (spec §3: title, type, message, text,
// at, time), with the id the stream uses for Last-Event-ID.
import type { DocumentData } from 'firebase-admin/firestore';
import type { Session } from '../../http/access';
import { getDb } from '../../firebase';
import { toIso } from '../../timestamps';
import { toMillis } from '../dashboard/days';
import { NOTIFICATIONS } from './notify-admins';

export const LATEST_LIMIT = 20;
export const EVERYONE = 'all';

export interface Notification {
  _id: string;
  /** `${at in ms}-${document id}`: orders events and resumes a stream. */
  eventId: string;
  type: string;
  title: string;
  message: string;
  text: string;
  at: string | undefined;
  time: string | undefined;
  audience: string;
}

export function toNotification(id: string, data: DocumentData): Notification {
  const ms = toMillis(data.at) ?? toMillis(data.createdAt) ?? 0;
  const message = String(data.message ?? data.text ?? '');
  const at = toIso(data.at) ?? toIso(data.createdAt);
  return {
    _id: id,
    eventId: eventIdOf(ms, id),
    type: String(data.type ?? ''),
    title: String(data.title ?? ''),
    message,
    text: String(data.text ?? message),
    at,
    time: at,
    audience: String(data.audience ?? ''),
  };
}

export function eventIdOf(ms: number, id: string): string {
  return `${String(ms).padStart(15, '0')}-${id}`;
}

export function visibleTo(session: Session, audience: string): boolean {
  return session.role === 'admin' || audience === session.uid || audience === EVERYONE;
}

export async function latestNotifications(session: Session): Promise<Notification[]> {
  let query = getDb().collection(NOTIFICATIONS).orderBy('at', 'desc');
  if (session.role !== 'admin') query = query.where('audience', 'in', [session.uid, EVERYONE]);
  const snap = await query.limit(LATEST_LIMIT).get();
  return snap.docs.map((d) => toNotification(d.id, d.data()));
}
