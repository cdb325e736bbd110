// GET /notifications/stream (server-sent events) read with fetch, so the Bearer token goes
// along as with every other call. Reconnects after the server's `retry:` hint (or after
// failures, backing off) and resumes with Last-Event-ID. Errors are silently ignored. One
// stream serves every part of the page that listens (the app shell's message toasts, the
// dashboard's panel, the pages that show messages): it opens with the first listener and closes
// with the last. Besides notifications it carries `message-change` events: a message appeared or its
// state moved (sent, delivered, read, failed), for pages showing it to read it again.
import type { LiveMessageChange } from '@contract/conversations';
import type { LiveNotification as AnsweredNotification } from '@contract/notifications';
import { buildUrl } from './api-client';
import { getToken } from './storage';

/** A notification as the stream sends it (each field checked: a stream may carry anything). */
export type LiveNotification = Partial<AnsweredNotification>;
type Notification = LiveNotification;

const MAX_BACKOFF_MS = 60_000;
/** Notification ids remembered to drop repeats. */
const SEEN_KEPT = 500;

interface StreamHandlers {
  notification: (n: Notification) => void;
  message: (change: LiveMessageChange) => void;
}

function openNotificationStream(on: StreamHandlers): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId = '';
  let retryMs = 3_000;
  let failures = 0;
  // A resume may send an event again (one its writer stamped ahead of the server's clock):
  // each notification is handled once.
  const seen = new Set<string>();

  async function connect(): Promise<void> {
    controller = new AbortController();
    const headers = new Headers({ Accept: 'text/event-stream' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (lastEventId) headers.set('Last-Event-ID', lastEventId);
    try {
      const res = await fetch(buildUrl('/notifications/stream'), {
        headers,
        credentials: 'include',
        signal: controller.signal,
      });
      if (!res.ok || !res.body) throw new Error(String(res.status));
      failures = 0;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          handle(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      failures += 1;
    }
    if (stopped) return;
    const wait = failures === 0 ? retryMs : Math.min(retryMs * 2 ** failures, MAX_BACKOFF_MS);
    timer = setTimeout(() => void connect(), wait);
  }

  function handle(block: string): void {
    const data: string[] = [];
    let event = 'notification';
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at === -1 ? line : line.slice(0, at);
      const value = at === -1 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id') lastEventId = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
      else if (field === 'data') data.push(value);
      else if (field === 'event') event = value;
    }
    if (data.length === 0) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      return; // not JSON: ignored
    }
    if (!parsed || typeof parsed !== 'object') return;
    if (event === 'message-change') {
      on.message(parsed as LiveMessageChange);
      return;
    }
    const notification = parsed as Notification;
    if (notification._id) {
      if (seen.has(notification._id)) return;
      seen.add(notification._id);
      // Only recent ids can come again (a resume re-sends what is newer than its point).
      if (seen.size > SEEN_KEPT) seen.delete(seen.values().next().value!);
    }
    on.notification(notification);
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}

const listeners = new Set<(n: LiveNotification) => void>();
const messageListeners = new Set<(change: LiveMessageChange) => void>();
let close: (() => void) | null = null;

function openShared(): void {
  close ??= openNotificationStream({
    notification: (n) => {
      for (const each of listeners) each(n);
    },
    message: (change) => {
      for (const each of messageListeners) each(change);
    },
  });
}

function closeWhenUnused(): void {
  if (listeners.size > 0 || messageListeners.size > 0) return;
  close?.();
  close = null;
}

/** Calls `listener` with each new notification; answers the unsubscribe. */
export function subscribeNotifications(listener: (n: LiveNotification) => void): () => void {
  listeners.add(listener);
  openShared();
  return () => {
    listeners.delete(listener);
    closeWhenUnused();
  };
}

/**
 * Calls `listener` with each message change (a resumed stream first sends those made while it
 * was away); answers the unsubscribe.
 */
export function subscribeMessageChanges(listener: (change: LiveMessageChange) => void): () => void {
  messageListeners.add(listener);
  openShared();
  return () => {
    messageListeners.delete(listener);
    closeWhenUnused();
  };
}
