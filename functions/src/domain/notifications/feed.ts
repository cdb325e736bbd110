// The notifications a caller may see (audience.ts), as the API answers them (title,
// type, message, text, at, time), with the id the stream uses for Last-Event-ID. The latest
// come from the caller's feed documents (feed-docs.ts), one or two reads whatever the number of
// notifications.
import type { DocumentData } from 'firebase-admin/firestore';
import type { LiveNotification } from '../../contract/notifications';
import type { Session } from '../../http/access';
import { toIso } from '../../timestamps';
import { toMillis } from '../figures/days';
import type { Address } from './audience';
import { pruneFeeds, readFeeds } from './feed-docs';

export const LATEST_LIMIT = 20;

export interface Notification extends Address, LiveNotification {
  /** `${at in ms}-${document id}`: orders events and resumes a stream. */
  eventId: string;
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
    userId: typeof data.userId === 'string' ? data.userId : undefined,
    ...(typeof data.customerId === 'string' && data.customerId
      ? { customerId: data.customerId }
      : {}),
  };
}

export function eventIdOf(ms: number, id: string): string {
  return `${String(ms).padStart(15, '0')}-${id}`;
}

/** The document id in an event id (eventIdOf). */
const idOfEvent = (eventId: string) => eventId.slice(eventId.indexOf('-') + 1);

export async function latestNotifications(session: Session): Promise<Notification[]> {
  const items = await readFeeds(session, LATEST_LIMIT);
  return items.map(([eventId, item]) => toNotification(idOfEvent(eventId), item));
}

/** The latest notifications as GET /notifications/latest answers them (no event ids). */
export async function latestNotificationAnswers(session: Session) {
  return (await latestNotifications(session)).map(({ eventId: _e, ...n }) => n);
}

/** Trims every feed to what latestNotifications can answer (the dashboard job). */
export const pruneNotificationFeeds = () => pruneFeeds(LATEST_LIMIT);
