import { inject } from 'vitest';
import type { OutboxMessage } from '../../tools/stack/outbox.ts';

/**
 * Calls the stack's outbox (it plays Meta and SendGrid): GET `path`, or POST `body` as JSON
 * (a control call such as /control/inbound); returns its JSON answer.
 */
export async function outbox(path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${inject('outboxUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** Every message the outbox received (WhatsApp and email), oldest first. */
export async function sentMessages(): Promise<OutboxMessage[]> {
  return (await outbox('/messages')) as OutboxMessage[];
}
