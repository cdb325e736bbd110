// JSON request bodies, at most 1 MB. Files come as multipart on their own routes, not here.
import express, { type RequestHandler } from 'express';
import { HttpError } from './errors';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const tooLarge = () => new HttpError(413, 'Request body too large (limit 1 MB)');

// The Cloud Functions runtime and the functions emulator parse the body before the app runs
// (up to 32 MB, keeping the bytes in req.rawBody); express.json() then has nothing left to
// read, so the limit is enforced here on what they kept.
const limitPreParsedBody: RequestHandler = (req, _res, next) => {
  const rawBody: unknown = (req as { rawBody?: unknown }).rawBody;
  if (
    Buffer.isBuffer(rawBody) &&
    rawBody.length > JSON_BODY_LIMIT_BYTES &&
    req.is('application/json')
  ) {
    throw tooLarge();
  }
  next();
};

const parseJson = express.json({ limit: JSON_BODY_LIMIT_BYTES });

// body-parser's own errors become the envelope's.
const parseJsonBody: RequestHandler = (req, res, next) => {
  parseJson(req, res, (err?: unknown) => next(err === undefined ? undefined : bodyError(err)));
};

function bodyError(err: unknown): unknown {
  const { type, status, expose, message } = (err ?? {}) as {
    type?: unknown;
    status?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (type === 'entity.too.large') return tooLarge();
  if (type === 'entity.parse.failed') return new HttpError(400, 'Malformed JSON body');
  // Other client faults (unsupported charset, aborted request) carry a message meant for clients.
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, typeof message === 'string' ? message : 'Bad request');
  }
  return err;
}

export const jsonBody: RequestHandler[] = [limitPreParsedBody, parseJsonBody];
