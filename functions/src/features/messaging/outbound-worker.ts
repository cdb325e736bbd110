// The send queue's worker. A try claims the document in a transaction ('queued' -> 'sending'
// with a token), so two workers never send the same message; each part's result is recorded
// (with its owner's view) before the next part goes. Only a refusal that surely left nothing
// at the provider (its rate limit, a refused connection) is tried again, with backoff; a
// time-out is 'unknown' and never sent again by itself: a status callback may settle it.
import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import type { FailedSend, SendOutcome } from '../../integrations';
import { THROUGHPUT_REFUSED } from '../../integrations/whatsapp/errors';
import {
  claim,
  dueOutboundIds,
  lastCallbackRefusal,
  oldClaims,
  readOutbound,
  recordChange,
  skipClaimed,
  skippedRecipient,
  type OutboundDoc,
  type OutboundPart,
} from '../../domain/messages';
import { databaseAnswered, lastDatabaseTrouble } from '../../database-trouble';
import { sendPart } from './send-part';

export const MAX_ATTEMPTS = 5;
const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000];
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;
/** A claim older than this belongs to a worker that stopped mid-send. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;
/**
 * A broadcast recipient's claim older than this belongs to a dispatcher that stopped: six times
 * the longest a send waits for Meta (SEND_TIMEOUT_MS, 10 s), time for its status callback too.
 */
export const ABANDONED_PACED_MS = 60_000;

/**
 * When Meta's silence about a message claimed at `claimedAt` by a dispatcher that died starts to
 * tell it never reached Meta. Meta names a message it took within seconds while the webhook takes
 * its callbacks; while the webhook cannot (the database down or too busy), Meta tries them again
 * with doubling waits, so a callback that met the trouble comes back at most about as long after
 * the trouble ended as the trouble came after the claim. A claim made before the trouble's last
 * moment (`troubleAt`) is judged only once that much more time has passed.
 */
export function silenceTellsAt(claimedAt: number, troubleAt: number): number {
  const afterTrouble = claimedAt > troubleAt ? claimedAt : 2 * troubleAt - claimedAt;
  return afterTrouble + ABANDONED_PACED_MS;
}

/**
 * The claims of a dispatcher that died about which Meta's silence tells (silenceTellsAt). The
 * trouble's last moment is the later of when this process last saw the database fail (or first
 * saw it answer again: databaseAnswered) and when any instance last refused one of Meta's
 * callbacks (callback-refusals.ts): the webhook's calls may be cut after the judge's were
 * answered again.
 */
export async function silentClaims<T extends { claimedAt: number }>(claims: T[]): Promise<T[]> {
  if (claims.length === 0) return [];
  const troubleAt = Math.max(lastDatabaseTrouble(), await lastCallbackRefusal());
  const at = now();
  return claims.filter((c) => at >= silenceTellsAt(c.claimedAt, troubleAt));
}
const DUE_BATCH = 50;
/**
 * A broadcast's recipient refused for the number's throughput goes again after this much per
 * try, not the backoff: the dispatcher paces what it sends, so the refusal tells of one second
 * its sends crowded (a busy process sent some of a slot late), not of a sender to hold back. On
 * the backoff's 30 s, a few recipients refused twice held a broadcast open that long after its
 * last other send (docs/benchmarks.md, the runs of session 57).
 */
const PACED_THROUGHPUT_WAIT_MS = 1_000;

function backoffMs(doc: OutboundDoc, outcome: FailedSend): number {
  const asked = outcome.retryAfterMs ?? 0;
  const base =
    doc.broadcastId !== undefined && outcome.code === THROUGHPUT_REFUSED
      ? PACED_THROUGHPUT_WAIT_MS * doc.attempts
      : BACKOFF_MS[Math.min(doc.attempts - 1, BACKOFF_MS.length - 1)];
  return Math.min(Math.max(base, asked), MAX_RETRY_AFTER_MS);
}

const withoutEmpty = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The document after part `index` got `outcome`. */
function applyOutcome(doc: OutboundDoc, index: number, outcome: SendOutcome): OutboundDoc {
  const at = Timestamp.fromMillis(now());
  const parts = doc.parts.map((p) => ({ ...p }));
  const part = parts[index];
  if (outcome.ok) {
    parts[index] = withoutEmpty({
      ...part,
      state: 'sent',
      messageId: outcome.messageId || undefined,
      at,
      error: undefined,
      // A callback that came before this answer (it carries our id) already said more.
      delivery: part.delivery,
    });
    const more = parts.some((p) => p.state === 'queued');
    return { ...doc, parts, state: more ? doc.state : 'done' };
  }
  if (outcome.kind === 'retry' && doc.attempts < MAX_ATTEMPTS) {
    parts[index] = { ...part, error: outcome.error };
    const wait = backoffMs(doc, outcome);
    // A broadcast's recipient waits for the paced dispatcher again, not for the queue job.
    const state = doc.broadcastId !== undefined ? 'paced' : 'queued';
    return { ...doc, parts, state, nextAttemptAt: Timestamp.fromMillis(now() + wait) };
  }
  const settled: OutboundPart['state'] = outcome.kind === 'unknown' ? 'unknown' : 'failed';
  // A callback carrying our id may have settled a time-out already.
  parts[index] =
    settled === 'unknown' && part.delivery
      ? { ...part, state: 'sent', at }
      : { ...part, state: settled, error: outcome.error, at };
  for (const later of parts.slice(index + 1)) {
    if (later.state !== 'queued') continue;
    later.state = 'skipped';
    later.error = 'Not sent: the message before it did not go';
  }
  return { ...doc, parts, state: 'done' };
}

/**
 * One try of one queued message: 'done', 'queued' (to be tried again later), or 'busy' when
 * it was not this worker's to send (another holds it, it is done, or not due yet). The paced
 * dispatcher tries its 'paced' messages the same way, having checked shortly before whether the
 * recipient still wants it (`skip`: why not): checked before the claim, so that nothing but the
 * send lies between a claim and the provider's answer (a claim left by a crash is 'unknown').
 */
export async function deliverOutbound(
  id: string,
  paced?: { skip: string | undefined },
): Promise<'done' | 'queued' | 'busy'> {
  const token = randomUUID();
  let doc = await claim(id, token, paced ? 'paced' : 'queued');
  if (!doc) return 'busy';
  if (paced?.skip) {
    await skipClaimed(id, token, paced.skip);
    return 'done';
  }
  for (let index = 0; index < doc.parts.length; index++) {
    if (doc.parts[index].state !== 'queued') continue;
    let outcome: SendOutcome;
    try {
      outcome = await sendPart(id, doc, doc.parts[index]);
    } catch (err) {
      logger.error(`Outbound ${id}: the sender threw`, err);
      outcome = { ok: false, provider: doc.channel, error: 'The sender failed', kind: 'unknown' };
    }
    // Applied to the document as stored now: a callback may have come meanwhile.
    const stored = await recordChange(id, (fresh) => applyOutcome(fresh, index, outcome), token);
    if (!stored) return 'busy';
    doc = stored;
    if (doc.state !== 'sending') break;
  }
  if (doc.state === 'sending') {
    doc = (await recordChange(id, (d) => ({ ...d, state: 'done' }), token)) ?? doc;
  }
  return doc.state === 'queued' || doc.state === 'paced' ? 'queued' : 'done';
}

/**
 * Tries these messages now and waits, at most `waitMs`, for each first try to end (another
 * worker's included), so that an answer can say 'sent' or 'failed' truthfully.
 */
export async function deliverNow(ids: string[], waitMs = 15_000): Promise<void> {
  const deadline = now() + waitMs;
  await Promise.all(
    ids.map(async (id) => {
      if ((await deliverOutbound(id)) !== 'busy') return;
      while (now() < deadline) {
        if ((await readOutbound(id))?.state !== 'sending') return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );
}

type Claim = { id: string; claimToken: string | undefined };

/**
 * Settles claims whose sender stopped mid-send: a message still 'sending' under the same claim
 * is done when no part is left, else its part in flight is settled by `settlePart`.
 */
async function settleClaims(
  claims: Claim[],
  settlePart: (doc: OutboundDoc, index: number) => OutboundDoc,
): Promise<number> {
  let settled = 0;
  for (const { id, claimToken: token } of claims) {
    const done = await recordChange(
      id,
      (d) => {
        if (d.state !== 'sending') return null;
        const index = d.parts.findIndex((p) => p.state === 'queued');
        return index < 0 ? { ...d, state: 'done' } : settlePart(d, index);
      },
      token,
    );
    if (done) settled++;
  }
  return settled;
}

const unknownOutcome = (doc: OutboundDoc, index: number, error: string): OutboundDoc =>
  applyOutcome(doc, index, { ok: false, provider: doc.channel, error, kind: 'unknown' });

/**
 * Claims left by a worker that stopped mid-send: the part in flight is 'unknown'. A broadcast
 * recipient's is judged as the paced dispatcher judges it, once Meta's silence tells
 * (settleAbandonedPaced): after an outage that can be later than these 5 minutes, and judged
 * 'unknown' here before then it would never be sent though it may never have left.
 */
async function settleStaleClaims(): Promise<number> {
  const stale = await oldClaims(Timestamp.fromMillis(now() - STALE_CLAIM_MS), DUE_BATCH);
  databaseAnswered();
  const paced = await silentClaims(stale.filter((c) => c.broadcastId !== undefined));
  const unknown = await settleClaims(
    stale.filter((c) => c.broadcastId === undefined),
    (d, index) =>
      unknownOutcome(
        d,
        index,
        'The sender stopped while sending: it may have gone, so it is not sent again',
      ),
  );
  return unknown + (await settleAbandonedPaced(paced));
}

/**
 * Broadcast recipients whose sender stopped mid-send (a claim older than
 * `ABANDONED_PACED_MS`): sent, when Meta's status callback has named the message since (Meta
 * calls back within seconds of a message it took); otherwise it never reached Meta and waits for
 * the pace again, or is skipped when its broadcast was cancelled meanwhile. Answers how many were
 * settled.
 */
export async function settleAbandonedPaced(claims: Claim[]): Promise<number> {
  return settleClaims(claims, (d, index) => {
    if (d.parts[index].delivery)
      return unknownOutcome(d, index, 'The sender stopped while sending; Meta has the message');
    if (d.cancelled) return skippedRecipient(d, d.cancelled);
    return { ...d, state: 'paced', nextAttemptAt: Timestamp.fromMillis(now()) };
  });
}

export interface QueueRunResult {
  tried: number;
  done: number;
  requeued: number;
  stale: number;
}

/** The queue job: retries what is due and settles abandoned claims. */
export async function deliverDueOutbound(): Promise<QueueRunResult> {
  const result: QueueRunResult = { tried: 0, done: 0, requeued: 0, stale: 0 };
  result.stale = await settleStaleClaims();
  for (const id of await dueOutboundIds(Timestamp.fromMillis(now()), DUE_BATCH)) {
    const outcome = await deliverOutbound(id);
    if (outcome === 'busy') continue;
    result.tried++;
    result[outcome === 'done' ? 'done' : 'requeued']++;
  }
  return result;
}
