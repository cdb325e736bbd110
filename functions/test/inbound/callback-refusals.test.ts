// Meta's status callbacks the webhook could not take while the database did not answer: Meta
// posts them again later, so the refusal is written where the judge of abandoned broadcast sends
// reads it (callbackRefusals/whatsapp), as soon as the database answers again. Between the API and
// the database sits an HTTP/2 proxy that holds every gRPC call while told to.
import { expect, it } from 'vitest';
import type { Timestamp } from 'firebase-admin/firestore';
import { lastCallbackRefusal } from '../../src/domain/messages';
import { getDb } from '../../src/firebase';
import { passCall, useGrpcProxy } from '../support/grpc-proxy';
import { deliver, statuses } from '../entries/webhook-support';

/** Calls waiting for the database to answer again; undefined while it answers. */
let held: (() => void)[] | undefined;

useGrpcProxy((stream, headers, upstream) => {
  const pass = () => passCall(upstream, stream, headers, undefined);
  if (held) held.push(pass);
  else pass();
});

const refusal = () => getDb().doc('callbackRefusals/whatsapp');
const sentStatus = statuses([
  {
    id: 'wamid.REFUSED1',
    status: 'sent',
    timestamp: '1780000000',
    recipient_id: '919830012345',
    biz_opaque_callback_data: 'bcastREFUSEDp919830012345',
  },
]);

it('a callback refused with a bad signature is no refusal to wait for', async () => {
  expect((await deliver(sentStatus, 'sha256=00')).status).toBe(401);
  // This instance's own note included (it is written to the database after the answer).
  expect(await lastCallbackRefusal()).toBe(Number.NEGATIVE_INFINITY);
});

it('a callback answered 503 while the database does not answer is noted where the judge reads it, once the database answers', async () => {
  // Past the 5 s in which an answer of the database shows it up without a check.
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  held = [];
  const before = Date.now();
  const refused = await deliver(sentStatus);
  const after = Date.now();
  expect(refused.status).toBe(503);
  const waiting = held;
  held = undefined;
  for (const pass of waiting) pass();
  // Saved again every 2 s until the database takes it.
  let at: number | undefined;
  for (let tries = 0; at === undefined && tries < 50; tries++) {
    at = ((await refusal().get()).get('refusedAt') as Timestamp | undefined)?.toMillis();
    if (at === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(at).toBeGreaterThanOrEqual(before);
  expect(at).toBeLessThanOrEqual(after);
}, 30_000);
