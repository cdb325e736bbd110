import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeNotifications, type LiveNotification } from './notification-stream';

/** A stream answer that sends `blocks` (server-sent event text) and then stays open. */
function streamAnswer(blocks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const block of blocks) controller.enqueue(new TextEncoder().encode(block));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

const event = (id: string, body: object) =>
  `id: ${id}\nevent: notification\ndata: ${JSON.stringify(body)}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe('subscribeNotifications', () => {
  it('hands each notification on once, even when a resume sends it again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        streamAnswer([
          'retry: 3000\n\n',
          event('001-a', { _id: 'a', title: 'Ahead of the clock' }),
          event('002-b', { _id: 'b', title: 'Now' }),
          // A resume's replay: `a` again.
          event('002-a', { _id: 'a', title: 'Ahead of the clock' }),
          event('003-c', { _id: 'c', title: 'Later' }),
        ]),
      ),
    );
    const got: LiveNotification[] = [];
    const stop = subscribeNotifications((n) => got.push(n));
    await vi.waitFor(() => expect(got).toHaveLength(3));
    expect(got.map((n) => n.title)).toEqual(['Ahead of the clock', 'Now', 'Later']);
    stop();
  });
});
