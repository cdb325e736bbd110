// Database calls that cannot be answered become a fast 503 instead of a long hang or a 500.
import type { RequestHandler } from 'express';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import { CHECK_DEADLINE_MS, isUp } from './backends';

/** How long a request waits on an unreachable database before it is answered 503. */
export const DATABASE_DEADLINE_MS = 5_000;

/**
 * The client library retries an unreachable database for up to minutes. A request that has
 * not begun its answer by the deadline less one check has the database checked; if it is down,
 * the request is answered 503 at once and whatever it still does is left to fail unseen. A
 * request that is merely slow while the database answers (a large import) goes on.
 */
export function databaseDeadline(ms = DATABASE_DEADLINE_MS): RequestHandler {
  return (_req, res, next) => {
    const timer = setInterval(() => {
      if (res.headersSent) return clearInterval(timer);
      void isUp('database').then((up) => {
        if (up || res.headersSent) return;
        clearInterval(timer);
        res.status(503).json({ message: DATABASE_UNAVAILABLE });
      });
    }, ms - CHECK_DEADLINE_MS);
    timer.unref();
    res.once('close', () => clearInterval(timer));
    res.once('finish', () => clearInterval(timer));
    next();
  };
}
