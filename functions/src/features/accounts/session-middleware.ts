// Who the caller is: the session middleware in front of every /api route (app/app.ts).
import cookieParser from 'cookie-parser';
import type { RequestHandler } from 'express';
import { resolveSession, sessionCredential } from '../../domain/identity/sessions';
import * as logger from 'firebase-functions/logger';
import { databaseAnswered } from '../../database-trouble';
import { HttpError } from '../../http/errors';
import { assertSameOrigin } from '../../http/same-origin';

const parseCookies = cookieParser();

/**
 * Sets req.session from the Bearer token or the __session cookie: a session whose record is
 * stored, whose account Firebase still signs in (not deleted, disabled or revoked) and is
 * approved, with the role and permissions read fresh from Firestore (domain/identity/sessions.ts).
 * A token that is no good leaves the caller signed out. A call the cookie signs in must come from
 * the app's own pages (403 otherwise, before anything runs).
 */
export const sessionMiddleware: RequestHandler = (req, res, next) => {
  parseCookies(req, res, (err?: unknown) => {
    if (err) return next(err);
    const credential = sessionCredential(req);
    if (!credential) return next();
    if (credential.via === 'cookie') {
      try {
        assertSameOrigin(req);
      } catch (refused) {
        return next(refused);
      }
    }
    resolveSession(credential.token).then(
      (session) => {
        // The session's record was just read: the database answers, however busy. Without
        // this, a burst of calls queued a deadline's health probe behind them and the probe's
        // late answer cut the calls with a false 503 "The database is unavailable".
        databaseAnswered();
        req.session = session;
        next();
      },
      (err: unknown) => next(sessionUnchecked(err)),
    );
  });
};

/**
 * A session that could not be checked (the database or Auth out of reach, a connection cut by
 * a restart) is 503, never 401 or 500: the web client drops its token on a 401, which would
 * sign its user out for a moment's outage.
 */
function sessionUnchecked(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  logger.warn('Session check failed:', err);
  return new HttpError(503, SESSION_UNCHECKED);
}

export const SESSION_UNCHECKED = 'Your session could not be checked just now; try again shortly';
