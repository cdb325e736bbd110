// The one error envelope every /api answer uses: `{ message }`, plus `fields` (field path ->
// message) when input failed validation. Handlers throw; errorHandler turns it into the answer.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import * as logger from 'firebase-functions/logger';
import { z } from 'zod';

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

/** gRPC's UNAVAILABLE and DEADLINE_EXCEEDED, as the Firestore client reports them. */
const UNAVAILABLE_CODES = new Set([14, 4]);

/** True for a Firestore error that says the database could not be reached in time. */
function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' && UNAVAILABLE_CODES.has(code);
}

export const notFound: RequestHandler = () => {
  throw new HttpError(404, 'Not found');
};

export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
  if (res.headersSent) {
    // Too late for an envelope (a stream already started): let Express end the connection.
    next(err);
    return;
  }
  const known = toHttpError(err);
  if (!known) {
    // The detail stays in the log; the query string is left out as it may hold search terms.
    logger.error(`${req.method} ${req.baseUrl}${req.path} failed:`, err);
  }
  const { status, message, fields } = known ?? new HttpError(500, 'Internal error');
  const body: ErrorBody = fields ? { message, fields } : { message };
  res.status(status).json(body);
};

function toHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  // Input validation that did not go through parseBody (a query, a param) is still the caller's fault.
  if (err instanceof z.core.$ZodError) return validationError(err);
  if (isDatabaseUnavailable(err)) return new HttpError(503, DATABASE_UNAVAILABLE);
  return undefined;
}
