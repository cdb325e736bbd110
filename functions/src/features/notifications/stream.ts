// GET /notifications/stream: server-sent events. One Firestore listener per function instance
// (started with the first client, stopped with the last) fans new notifications out to every
// connected client. Every event carries `id:`; a client reconnecting with Last-Event-ID first
// gets what it missed (read from Firestore), then the live ones, without gaps (a first
// connection gets an id at once, so even a stream that ended before any event resumes). Within a
// stream no event repeats; the resume point never lies ahead of the server's clock, so an event
// stamped ahead of it by its writer comes again on a resume (the page drops repeats by id). A
// heartbeat comment keeps proxies from closing an idle stream, `retry:` tells the browser when
// to reconnect, and the stream ends cleanly before the function's timeout, or sooner when
// NOTIFICATION_STREAM_MAX_MS says so (the local stack: its proxies never pass a browser's
// disconnect on, so only the end of the stream frees a closed page's listener). A stream
// answers to the session that opened it only while that session holds: before each event and
// every few seconds the session is read again, and a stream whose session has ended or whose
// role or permissions have changed is closed (the client reconnects with what it now holds).
import type { Request, Response } from 'express';
import { Timestamp } from 'firebase-admin/firestore';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { now } from '../../clock';
import { getConfig } from '../../config';
import { resolveSession, sessionToken } from '../../domain/identity/sessions';
import { onlyVisible, visibleTo } from '../../domain/notifications/audience';
import { eventIdOf, toNotification, type Notification } from '../../domain/notifications/feed';
import { notificationsSince } from '../../domain/notifications/notice';
import type { LiveMessageChange } from '../../contract/conversations';
import { messageChangesSince, toMessageChange } from '../../domain/messages';
import { subscribeMessageChanges } from './message-hub';

/** Whoever may open a customer may see its conversation's messages move. */
const canReadCustomers = (session: Session) =>
  session.role === 'admin' ||
  session.permissions.includes('*') ||
  session.permissions.includes('customers.read');
import { admitStream } from './stream-cap';

export const streamSettings = {
  heartbeatMs: 25_000,
  retryMs: 3_000,
  /** Missed events sent on a resume, at most. */
  resumeLimit: 200,
  /** How often an idle stream reads its session again. */
  sessionRecheckMs: 5_000,
  /** The pause asked of a page whose stream was ended for a newer one past the cap. */
  displacedRetryMs: 60_000,
  /** How long an event may take from its writer to this instance's listener, at most. */
  inFlightMs: 5_000,
};

function sameRights(a: Session, b: Session): boolean {
  return (
    a.uid === b.uid &&
    a.role === b.role &&
    a.permissions.length === b.permissions.length &&
    a.permissions.every((p) => b.permissions.includes(p))
  );
}

type Listener = (n: Notification) => void;
const listeners = new Set<Listener>();
let unsubscribe: (() => void) | null = null;

function startHub(): void {
  const startedAt = now();
  const since = Timestamp.fromMillis(startedAt - 1000);
  let first = true;
  unsubscribe = notificationsSince(since).onSnapshot(
    (snap) => {
      const added = snap.docChanges().filter((c) => c.type === 'added');
      const initial = first;
      first = false;
      for (const change of added) {
        // The first snapshot also holds what existed before the first client came (clients
        // get those only by resuming); what was written after it, before the listener's
        // first answer, is news to that client. Judged by when the database wrote it, not by
        // its time stamp: a writer's clock ahead of this one's stamps the future.
        if (initial && change.doc.createTime.toMillis() < startedAt) continue;
        const n = toNotification(change.doc.id, change.doc.data());
        for (const listener of listeners) listener(n);
      }
    },
    () => {
      // A broken listener: drop it so the next client starts a fresh one.
      unsubscribe = null;
    },
  );
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!unsubscribe) startHub();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && unsubscribe) {
      unsubscribe();
      unsubscribe = null;
    }
  };
}

/** Connected clients on this instance (tests). */
export function streamClientCount(): number {
  return listeners.size;
}

/** The event's id as a resume point: its time stamp, or now when the stamp is later. */
function resumePointOf(n: Notification): string {
  const stamped = Number(n.eventId.slice(0, 15));
  const at = now();
  return stamped <= at ? n.eventId : eventIdOf(at, n._id);
}

function lastEventId(req: Request): string | null {
  const header = req.get('Last-Event-ID') ?? (req.query.lastEventId as string | undefined);
  return typeof header === 'string' && /^\d{15}-[\w-]*$/.test(header) ? header : null;
}

export async function notificationStream(req: Request, res: Response): Promise<void> {
  const session = req.session!;
  const token = sessionToken(req);
  if (!req.accepts('text/event-stream') || !/text\/event-stream/.test(req.get('Accept') ?? '')) {
    throw new HttpError(406, 'This is an event stream: send Accept: text/event-stream');
  }
  const lifetimeMs = getConfig().notificationStreamMaxMs;
  res.status(200);
  res.set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  const retryHint = `retry: ${streamSettings.retryMs}\n\n`;
  res.write(retryHint);

  const resumedFrom = lastEventId(req) ?? '';
  // Where the client resumes from: the newest event time it was sent, never later than now.
  let resumeAt = resumedFrom;
  // A first connection is given a place to resume from at once (an id with no event): if it
  // ends before any event came, the reconnect still gets what happened in between.
  if (!resumeAt) {
    resumeAt = eventIdOf(now(), '');
    res.write(`id: ${resumeAt}\n\n`);
  }
  // Where a stream this server ends leaves its client: a little before now, since an event
  // stamped just before may still be on its way to this instance (a repeat is dropped by the
  // page). Resumed from its last event instead, up to a whole lifetime back, a page would be
  // sent again the message changes it saw live in those minutes, not those made while away.
  const leavingPoint = () => {
    const point = eventIdOf(now() - streamSettings.inFlightMs, '');
    return point > resumeAt ? `id: ${point}\n\n` : '';
  };
  let replaying = true;
  const buffered: Notification[] = [];
  let closed = false;
  // What this stream sent, by notification: live events are told apart by id, not by time
  // stamp, since a writer's clock may run ahead of this one's (another instance, a job). One
  // stamped hours ahead held back every later event until then, and resuming from its time
  // missed them all.
  const sentIds = new Set<string>();
  const send = (n: Notification) => {
    if (closed || sentIds.has(n._id) || !visibleTo(session, n)) return;
    sentIds.add(n._id);
    const point = resumePointOf(n);
    if (point > resumeAt) resumeAt = point;
    const { eventId: _stamped, ...body } = n;
    res.write(`id: ${resumeAt}\nevent: notification\ndata: ${JSON.stringify(body)}\n\n`);
  };

  // Whether the session still holds what it held when the stream opened, read afresh: a change
  // made just before an event counts for it. A session an app set up without a token (the
  // tests' stand-ins) has nothing to read again.
  const stillAllowed = async (): Promise<boolean> => {
    if (closed) return false;
    if (!token) return true;
    const fresh = await resolveSession(token).catch(() => undefined);
    if (fresh && sameRights(fresh, session)) return true;
    end();
    return false;
  };
  // Live events go out in order, each after its own session read.
  let delivery = Promise.resolve();
  const deliver = (n: Notification) => {
    delivery = delivery.then(async () => {
      if (await stillAllowed()) send(n);
    });
  };
  let rechecking = false;
  const recheckIdle = () => {
    if (rechecking) return;
    rechecking = true;
    void stillAllowed().finally(() => {
      rechecking = false;
    });
  };
  // Live events are held while the missed ones are read, then sent in order.
  const stop = subscribe((n) => (replaying ? buffered.push(n) : deliver(n)));
  // Message changes are hints to read again, not notifications: no id, nothing to resume.
  const mayReadMessages = canReadCustomers(session);
  const writeChange = (change: LiveMessageChange) => {
    if (closed || !mayReadMessages) return;
    res.write(`event: message-change\ndata: ${JSON.stringify(change)}\n\n`);
  };
  const stopMessages = subscribeMessageChanges(writeChange);

  const heartbeat = setInterval(
    () => res.write(`: heartbeat ${now()}\n\n`),
    streamSettings.heartbeatMs,
  );
  const recheck = setInterval(recheckIdle, streamSettings.sessionRecheckMs);
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearInterval(recheck);
    clearTimeout(deadline);
    released();
    stop();
    stopMessages();
  };
  // The hint again at the end: the client reconnects (with Last-Event-ID) after it.
  const end = () => {
    if (closed) return;
    close();
    res.end(`${leavingPoint()}${retryHint}`);
  };
  const deadline = setTimeout(end, lifetimeMs);
  // Past the session's or account's cap, the oldest stream ends, its page told to wait longer
  // before it reconnects (so tabs over the cap do not take turns every few seconds).
  const released = admitStream(token ?? session.uid, session.uid, () => {
    if (closed) return;
    close();
    res.end(`${leavingPoint()}retry: ${streamSettings.displacedRetryMs}\n\n`);
  });
  req.on('close', close);
  res.on('close', close);

  try {
    if (resumedFrom) {
      const ms = Number(resumedFrom.slice(0, 15));
      const since = notificationsSince(Timestamp.fromMillis(ms)).orderBy('at');
      const snap = await onlyVisible(session, since).limit(streamSettings.resumeLimit).get();
      const missed = snap.docs.map((d) => toNotification(d.id, d.data()));
      missed.sort((a, b) => (a.eventId < b.eventId ? -1 : 1));
      for (const n of missed) if (n.eventId > resumedFrom) send(n);
    }
    if (resumedFrom && mayReadMessages) {
      const ms = Number(resumedFrom.slice(0, 15));
      // The newest, when more changed while it was away than a resume sends: those are the
      // states its page has not seen.
      const changed = await messageChangesSince(Timestamp.fromMillis(ms))
        .orderBy('changedAt', 'desc')
        .limit(streamSettings.resumeLimit)
        .get();
      for (const doc of changed.docs.reverse()) writeChange(toMessageChange(doc.id, doc.data()));
    }
  } catch {
    // The live stream still works; what was missed is in /notifications/latest.
  }
  replaying = false;
  buffered.sort((a, b) => (a.eventId < b.eventId ? -1 : 1));
  for (const n of buffered.splice(0)) deliver(n);
}
