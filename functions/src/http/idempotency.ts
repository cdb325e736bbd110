// Idempotency keys: a call that creates or sends, repeated with the same `Idempotency-Key`
// header, is carried out once. The key is stored in the same commit as the request's first
// write (the commit of the transaction or batch its records or queued messages go in), so
// either both are saved or neither; the first answer is stored beside it before it is sent,
// and a repeat gets that answer (same status and body) without doing anything again. The same
// key with another body is 422. Keys are per account and kept 24 h (`expiresAt`, Firestore's
// TTL policy, declared in firestore.indexes.json).
//
// Every write request also runs in a context the database deadline can abandon: once it has
// answered 503, the request's later commits through marked writers throw before they commit.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import {
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { withDeadline } from '../deadline';
import { getDb } from '../firebase';
import { canonicalJson } from './canonical-json';
import { HttpError } from './errors';

export const IDEMPOTENCY_KEYS = 'idempotencyKeys';
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a repeat waits for the first request's answer to be stored. */
const WAIT_FOR_ANSWER_MS = 4_000;
const ALREADY_EXISTS = 6;
/**
 * Codes a commit can fail with after it landed, its answer lost on the way back (the database
 * killed or the connection cut between the two): cancelled, unknown, deadline exceeded,
 * internal, unavailable.
 */
const OUTCOME_UNKNOWN = new Set<unknown>([1, 2, 4, 13, 14, undefined]);
/** How long a commit of unknown outcome keeps asking whether it landed. */
const LANDED_CHECK_MS = 30_000;
const LANDED_READ_MS = 5_000;

interface RequestKey {
  ref: DocumentReference;
  requestHash: string;
  /** The key's document committed with a write of this request. */
  claimed: boolean;
}

interface WriteContext {
  /** The deadline answered 503: nothing more of this request may commit. */
  abandoned: boolean;
  key?: RequestKey;
}

const contexts = new AsyncLocalStorage<WriteContext>();
const hooked = new WeakSet<object>();

/** Thrown at a commit of a request the deadline already answered: nothing is written. */
export class AbandonedWrite extends Error {
  constructor() {
    super('The request was answered 503 before this write; it is not committed');
    this.name = 'AbandonedWrite';
  }
}

/** Thrown when the key was stored by another request meanwhile: answer as a repeat. */
class KeyTaken extends Error {}

type Writer = Transaction | WriteBatch;
type Committing = { commit(): Promise<unknown> };

/**
 * Called with each transaction or batch that writes a record or queues a message
 * (RecordWriter, enqueue, …): at its commit the request's key goes in with the writes (once per
 * request), and a request already answered 503 commits nothing. A writer used outside a request
 * (jobs, scripts) is left alone.
 */
export function markRequestWrite(writer: Writer): void {
  const context = contexts.getStore();
  if (!context) return;
  if (context.abandoned) throw new AbandonedWrite();
  if (hooked.has(writer)) return;
  hooked.add(writer);
  const target = writer as unknown as Committing & Writer;
  const commit = target.commit.bind(target);
  // A transaction commits through this method at the end of each attempt (a retried attempt
  // runs the writes again, and the key with them); a batch commits once.
  target.commit = async () => {
    if (context.abandoned) throw new AbandonedWrite();
    const key = context.key && !context.key.claimed ? context.key : undefined;
    // Tells this commit's key from one an earlier attempt or a twin request stored.
    const commitId = randomUUID();
    if (key) {
      target.create(key.ref, {
        requestHash: key.requestHash,
        commitId,
        createdAt: Timestamp.now(),
        expiresAt: Timestamp.fromMillis(Date.now() + KEY_TTL_MS),
      });
    }
    try {
      const result = await commit();
      if (key) key.claimed = true;
      return result;
    } catch (err) {
      if (!key) throw err;
      // The client library sends a batch's commit again by itself after UNAVAILABLE: one that
      // had landed then fails on its own creates (ALREADY_EXISTS). Whatever the failure, the
      // key holding this commit's id means it landed: carry on as committed. Thrown, the
      // request would find its key taken and lose its own answer.
      const code = (err as { code?: unknown }).code;
      const stored = OUTCOME_UNKNOWN.has(code)
        ? await keyOnceAnswered(key.ref)
        : await key.ref.get().catch(() => undefined);
      if (stored?.get('commitId') === commitId) {
        key.claimed = true;
        return undefined;
      }
      if (code === ALREADY_EXISTS && stored?.exists) throw new KeyTaken();
      throw err;
    }
  };
}

/**
 * The key's document as the database has it, asked until it answers (it may be restarting) for
 * up to LANDED_CHECK_MS; undefined when it never does.
 */
async function keyOnceAnswered(ref: DocumentReference): Promise<DocumentSnapshot | undefined> {
  const until = Date.now() + LANDED_CHECK_MS;
  for (let pause = 250; Date.now() < until; pause = Math.min(pause * 2, 2_000)) {
    try {
      return await withDeadline(ref.get(), LANDED_READ_MS, 'The key read');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
  return undefined;
}

/** The deadline's 503 went out: the request's later commits are refused. */
export function abandonRequestWrites(): void {
  const context = contexts.getStore();
  if (context) context.abandoned = true;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** First on /api: each write request runs in its own context. */
export const requestWrites: RequestHandler = (req, _res, next) => {
  if (!WRITE_METHODS.has(req.method)) return next();
  contexts.run({ abandoned: false }, next);
};

/**
 * What the request is, for telling a repeat from another request under the same key: its method,
 * path and body (JSON by its canonical text, so the order of its keys does not matter).
 */
function requestHash(req: Request): string {
  const hash = createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n`);
  const rawBody: unknown = (req as { rawBody?: unknown }).rawBody;
  const type = req.get('content-type') ?? '';
  const boundary = /boundary=("?)([^";]+)\1/i.exec(type)?.[2];
  if (Buffer.isBuffer(rawBody) && boundary) {
    // A browser picks a new multipart boundary for each send of the same form.
    hash.update(rawBody.toString('latin1').split(boundary).join(''));
  } else if (req.body !== undefined) {
    hash.update(canonicalJson(req.body));
  }
  return hash.digest('hex');
}

function keyRef(uid: string, key: string): DocumentReference {
  const id = createHash('sha256').update(`${uid}\n${key}`).digest('hex');
  return getDb().collection(IDEMPOTENCY_KEYS).doc(id);
}

interface StoredAnswer {
  status: number;
  body: string;
}

/** Answers a repeat from what the first request stored, waiting briefly for it. */
async function replay(res: Response, key: RequestKey): Promise<void> {
  const until = Date.now() + WAIT_FOR_ANSWER_MS;
  for (;;) {
    const doc = await key.ref.get();
    if (doc.exists && doc.get('requestHash') !== key.requestHash) throw reused();
    const answer = doc.get('answer') as StoredAnswer | undefined;
    if (answer) {
      res.status(answer.status).type('application/json').set('Idempotent-Replayed', 'true');
      res.send(answer.body);
      return;
    }
    if (Date.now() > until) {
      // Saved, but its answer is not (yet): the first request is still at work, or ended
      // before it could store it.
      throw new HttpError(
        409,
        'This request was already carried out; its answer is not available yet. Reload to see it.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const reused = () =>
  new HttpError(422, 'This Idempotency-Key was already used for a different request.');

/**
 * After the session: a write request with an Idempotency-Key is answered from the key's stored
 * answer when it has one; otherwise it runs with the key in its context, and its answer is
 * stored beside the key (once a write committed it) before it is sent.
 */
export const idempotencyKeys: RequestHandler = (req, res, next) => {
  const context = contexts.getStore();
  const given = req.get(HEADER);
  if (!context || given === undefined || !req.session) return next();
  if (!KEY_PATTERN.test(given)) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible characters.');
  }
  const key: RequestKey = {
    ref: keyRef(req.session.uid, given),
    requestHash: requestHash(req),
    claimed: false,
  };
  key.ref.get().then((doc) => {
    if (doc.exists) return replay(res, key).catch(next);
    context.key = key;
    storeAnswerBeforeSending(res, key);
    next();
  }, next);
};

/**
 * Wraps res.json: once the key is claimed, the answer is stored before it goes out; stored
 * even when the deadline answered 503 first, so that the retry the 503 asks for gets it.
 */
function storeAnswerBeforeSending(res: Response, key: RequestKey): void {
  const json = res.json.bind(res);
  // Also called from a promise: a throw here would be an unhandled rejection, which the
  // functions framework answers by ending the whole process.
  const send = (body: unknown) => {
    if (res.headersSent) return res;
    try {
      return json(body);
    } catch (err) {
      logger.warn('Answer not sent:', err);
      return res;
    }
  };
  res.json = (body?: unknown) => {
    if (!key.claimed) return send(body);
    const answer: StoredAnswer = { status: res.statusCode, body: JSON.stringify(body) };
    key.ref.update({ answer }).then(
      () => send(body),
      (err: unknown) => {
        // Saved but not its answer (the database went away after the commit): this caller gets
        // it now, and the store is tried again in the background so that a repeat, which hears
        // 409 meanwhile, gets it once the database is back.
        logger.warn('Idempotency answer not stored; trying again:', err);
        send(body);
        void storeAnswerLater(key, answer);
      },
    );
    return res;
  };
}

/** Pauses between later tries to store an answer: about two minutes in all. */
const ANSWER_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 60_000];

async function storeAnswerLater(key: RequestKey, answer: StoredAnswer): Promise<void> {
  for (const delay of ANSWER_RETRY_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      await key.ref.update({ answer });
      return;
    } catch (err) {
      logger.warn('Idempotency answer still not stored:', err);
    }
  }
}

/** Before the error handler: a request that lost its key to a twin answers as a repeat. */
export const replayTakenKey: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  const key = contexts.getStore()?.key;
  if (!(err instanceof KeyTaken) || !key) return next(err);
  replay(res, key).catch(next);
};
