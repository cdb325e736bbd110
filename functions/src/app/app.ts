import express, { type Express, type RequestHandler, type Router } from 'express';
import { sessionMiddleware } from '../features/accounts';
import { freshSummaryAfterWrites } from '../features/dashboard';
import { databaseDeadline } from '../health/database-deadline';
import { createApiRouter } from './api-router';
import { errorHandler, notFound } from '../http/errors';
import { idempotencyKeys, replayTakenKey, requestWrites } from '../http/idempotency';
import { jsonBody } from '../http/json-body';
import { peopleWaits } from '../http/people-waits';
import { securityHeaders } from '../http/security-headers';
import { tellWaits } from '../http/shared-waits';

export interface AppOptions {
  /** Sets req.session; tests pass a fake one. */
  session?: RequestHandler;
  /** The routes under /api; tests pass their own. */
  api?: Router;
  /**
   * Tells the other processes how long its people wait (http/shared-waits.ts): the deployed api
   * and the local stack's instances do; a test's app does only when it tests that.
   */
  tellWaits?: boolean;
}

export function createApp(options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.use(
    '/api',
    peopleWaits,
    ...(options.tellWaits ? [tellWaits] : []),
    requestWrites,
    jsonBody,
    databaseDeadline(),
    options.session ?? sessionMiddleware,
    idempotencyKeys,
    freshSummaryAfterWrites,
    options.api ?? createApiRouter(),
    replayTakenKey,
  );
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
