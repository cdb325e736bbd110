// A client for /api/notifications/stream in API tests: collects notifications, message changes
// (and the raw text) until aborted or the stream ends; `until` waits for a condition.
import { expect } from 'vitest';

export interface StreamEvent {
  id: string;
  title: string;
}

/** A `message-change` event: a hint to read a message again (no id, no words). */
export interface MessageChange {
  messageId: string;
  customerId: string;
  entryId?: string;
  state: string;
  channel: string;
}

export function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  const changes: MessageChange[] = [];
  let raw = '';
  let text = '';
  const done = (async () => {
    const res = await fetch(url, {
      headers: { Accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) return 'ended';
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        raw += chunk;
        let cut: number;
        while ((cut = raw.indexOf('\n\n')) !== -1) {
          const block = raw.slice(0, cut);
          raw = raw.slice(cut + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data && /^event: message-change$/m.test(block))
            changes.push(JSON.parse(data) as MessageChange);
          else if (id && data) events.push({ id, title: (JSON.parse(data) as StreamEvent).title });
        }
      }
    } catch {
      // aborted
    }
    return 'aborted';
  })();
  return { events, changes, text: () => text, close: () => controller.abort(), done };
}

export const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
