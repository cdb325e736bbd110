// GET /notifications/stream (server-sent events) read with fetch, so the Bearer token goes
// along as with every other call. Reconnects after the server's `retry:` hint (or after
// failures, backing off) and resumes with Last-Event-ID. Errors are silently ignored.
import { API_BASE } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import type { Notification } from './types';

const MAX_BACKOFF_MS = 60_000;

export function openNotificationStream(onNotification: (n: Notification) => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId = '';
  let retryMs = 3_000;
  let failures = 0;

  async function connect(): Promise<void> {
    controller = new AbortController();
    const headers = new Headers({ Accept: 'text/event-stream' });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (lastEventId) headers.set('Last-Event-ID', lastEventId);
    try {
      const res = await fetch(`${API_BASE}/notifications/stream`, {
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
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const at = line.indexOf(':');
      const field = at === -1 ? line : line.slice(0, at);
      const value = at === -1 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id') lastEventId = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    try {
      const parsed: unknown = JSON.parse(data.join('\n'));
      if (parsed && typeof parsed === 'object') onNotification(parsed as Notification);
    } catch {
      // not JSON: ignored
    }
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
