// One listener per function instance on the conversation messages written or changed since it
// started (started with the first stream, stopped with the last), fanning each change out to the
// open streams: a page showing a message reads it again when its state moves. A broadcast's
// thousands of messages carry no change time, so the listener is not sent them (its report
// counts them: thread-view.ts); their replies come as any customer's message.
import { Timestamp } from 'firebase-admin/firestore';
import type { LiveMessageChange } from '../../contract/conversations';
import { now } from '../../clock';
import { messageChangesSince, toMessageChange } from '../../domain/messages';

type Listener = (change: LiveMessageChange) => void;
const listeners = new Set<Listener>();
let unsubscribe: (() => void) | null = null;
let renewal: ReturnType<typeof setInterval> | undefined;

/**
 * A listener's answer holds every message changed since it started: a new listener takes over
 * every few minutes, so an instance never holds more than those minutes' messages. The new one
 * starts a little before the old one stops; a change seen twice only makes a page read again.
 */
const RENEW_MS = 5 * 60_000;
const OVERLAP_MS = 2_000;

function listen(fromMs: number, skipBefore: number): () => void {
  let first = true;
  return messageChangesSince(Timestamp.fromMillis(fromMs)).onSnapshot(
    (snap) => {
      const initial = first;
      first = false;
      for (const change of snap.docChanges()) {
        if (change.type === 'removed') continue;
        // The first answer also holds what changed just before the first stream opened.
        if (initial && change.doc.updateTime.toMillis() < skipBefore) continue;
        const event = toMessageChange(change.doc.id, change.doc.data());
        for (const listener of listeners) listener(event);
      }
    },
    () => stop(),
  );
}

function start(): void {
  const startedAt = now();
  unsubscribe = listen(startedAt - 1000, startedAt);
  renewal = setInterval(() => {
    const previous = unsubscribe;
    const at = now();
    unsubscribe = listen(at - OVERLAP_MS, at - OVERLAP_MS);
    previous?.();
  }, RENEW_MS);
  renewal.unref?.();
}

function stop(): void {
  clearInterval(renewal);
  unsubscribe?.();
  unsubscribe = null;
}

/** Calls `listener` with every message change from now on; answers the unsubscribe. */
export function subscribeMessageChanges(listener: Listener): () => void {
  listeners.add(listener);
  if (!unsubscribe) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}
