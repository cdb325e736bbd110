// The one error envelope every /api answer uses: `{ message }`, plus `fields` (field path ->
// message) when input failed validation. Handlers throw; errorHandler turns it into the answer.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import * as logger from 'firebase-functions/logger';
import { z } from 'zod';
import { noteIfDatabaseTrouble } from '../database-trouble';

export type FieldMessages = Record<string, string>;

export interface ErrorBody {
  message: string;
  fields?: FieldMessages;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: FieldMessages,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

// A bulk import can fail on hundreds of rows: the message names the first few, `fields` has all.
const MAX_MESSAGE_ISSUES = 5;

/** A 400 whose message reads like 'email: Invalid email; phone: Required'. */
export function validationError(error: z.core.$ZodError): HttpError {
  const fields: FieldMessages = {};
  const lines: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (field === '') {
      lines.push(issue.message);
    } else if (!(field in fields)) {
      fields[field] = issue.message;
      lines.push(`${field}: ${issue.message}`);
    }
  }
  const shown = lines.slice(0, MAX_MESSAGE_ISSUES);
  if (lines.length > shown.length) shown.push(`and ${lines.length - shown.length} more`);
  const hasFields = Object.keys(fields).length > 0;
  return new HttpError(400, shown.join('; ') || 'Invalid input', hasFields ? fields : undefined);
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable; try again shortly';

export const notFound: RequestHandler = () => {
  throw new HttpError(404, 'Not found');
};

export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  if (res.writableEnded) {
    // Answered already (the database deadline's 503): a late failure of the abandoned work
    // must not touch the connection, which may be carrying the caller's next request. Its late
    // answer (the work done after all) lands here as the answer it could not send: no failure.
    const path = `${req.method} ${req.baseUrl}${req.path}`;
    if ((err as { code?: unknown } | null)?.code === 'ERR_HTTP_HEADERS_SENT')
      logger.info(`${path} finished after its 503; its answer is dropped`);
    else logger.warn(`${path} failed after its answer:`, err);
    return;
  }
  if (res.headersSent) {
    // Too late for an envelope (a stream already started): let Express end the connection.
    next(err);
    return;
  }
  const { status, body } = answerError(err, req);
  res.status(status).json(body);
};

/** The status and `{ message }` body for an error (null: nothing answered the request). */
export function answerError(
  err: unknown,
  req: { method?: string; url?: string },
): { status: number; body: ErrorBody } {
  const known = err === null ? new HttpError(404, 'Not found') : toHttpError(err);
  if (!known) {
    // The detail stays in the log; the query string is left out as it may hold search terms.
    logger.error(`${req.method} ${(req.url ?? '').split('?')[0]} failed:`, err);
  }
  const { status, message, fields } = known ?? new HttpError(500, 'Internal error');
  return { status, body: fields ? { message, fields } : { message } };
}

function toHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  // Input validation that did not go through parseBody (a query, a param) is still the caller's fault.
  if (err instanceof z.core.$ZodError) return validationError(err);
  if (noteIfDatabaseTrouble(err)) return new HttpError(503, DATABASE_UNAVAILABLE);
  return requestError(err);
}

const MB = 1024 * 1024;

/**
 * The errors Express and body-parser raise for a request they cannot read (http-errors with a
 * 4xx status): a body too large, malformed, in an unknown encoding or charset, a broken gzip; a
 * path with malformed percent-encoding.
 */
function requestError(err: unknown): HttpError | undefined {
  if (err instanceof URIError) return new HttpError(400, MALFORMED_PATH);
  const { status, type, limit } = (err ?? {}) as {
    status?: unknown;
    type?: unknown;
    limit?: unknown;
  };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  switch (type) {
    case 'entity.too.large':
      return new HttpError(
        413,
        `Request body too large (limit ${typeof limit === 'number' ? Math.round(limit / MB) : 1} MB)`,
      );
    case 'entity.parse.failed':
      return new HttpError(400, 'Malformed JSON body');
    case 'encoding.unsupported':
      return new HttpError(
        415,
        'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br.',
      );
    case 'charset.unsupported':
      return new HttpError(415, 'Unsupported charset: send the body as UTF-8.');
  }
  // Express's own decoding of a path parameter (it marks the URIError 400).
  if ((err as Error).message?.startsWith('Failed to decode param')) {
    return new HttpError(400, MALFORMED_PATH);
  }
  // A broken gzip, an aborted or short body.
  return new HttpError(status === 413 ? 413 : 400, 'The request body could not be read.');
}

export const MALFORMED_PATH = 'The address has malformed percent-encoding.';
