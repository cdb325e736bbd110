// Database calls that cannot be answered become a fast 503 instead of a long hang or a 500.
import type { RequestHandler } from 'express';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import { abandonRequestWrites } from '../http/idempotency';
import { CHECK_DEADLINE_MS, isUp } from './backends';

/** A write cut by the deadline may or may not have been saved. */
const UNKNOWN_OUTCOME = {
  message: DATABASE_UNAVAILABLE,
  outcome: 'unknown',
  retry: 'A retry with the same Idempotency-Key is safe: it is carried out once at most.',
};

/** A failure in the timer's promise must not become an unhandled rejection (it ends the process). */
const noCrash = () => undefined;

/** How long a request waits on an unreachable database before it is answered 503. */
export const DATABASE_DEADLINE_MS = 5_000;

/**
 * The client library retries an unreachable database for up to minutes. A request that has
 * not begun its answer by the deadline less one check has the database checked; if it is down,
 * the request is answered 503 at once; its writes not yet committed are abandoned (they throw
 * at their commit), and its answer, should it come, goes nowhere: a late answer or failure never
 * touches the connection, which may carry the caller's next request. A commit already on its way
 * may still land, so a write's 503 says the outcome is unknown: a retry with the same
 * Idempotency-Key is safe. A request that is merely slow while the database answers (a large
 * import) goes on.
 */
export function databaseDeadline(ms = DATABASE_DEADLINE_MS): RequestHandler {
  return (req, res, next) => {
    const timer = setInterval(() => {
      if (res.headersSent) return clearInterval(timer);
      isUp('database').then((up) => {
        if (up || res.headersSent) return;
        clearInterval(timer);
        abandonRequestWrites();
        const body = req.method === 'GET' ? { message: DATABASE_UNAVAILABLE } : UNKNOWN_OUTCOME;
        // send, not json: an idempotency key stores the answers of json, and this is no answer.
        res.status(503).type('application/json').send(JSON.stringify(body));
      }, noCrash);
    }, ms - CHECK_DEADLINE_MS);
    timer.unref();
    res.once('close', () => clearInterval(timer));
    res.once('finish', () => clearInterval(timer));
    next();
  };
}
