// JSON request bodies, at most 1 MB. Files come as multipart on their own routes, not here.
import express, { type RequestHandler } from 'express';
import { HttpError } from './errors';
import { runtimeBodyError } from './runtime-body-parser';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const tooLarge = () => new HttpError(413, 'Request body too large (limit 1 MB)');
const malformed = () => new HttpError(400, 'Malformed JSON body');

// As express.json() reads it: an object or an array, never a bare value.
const STRICT_START = /^[\s\uFEFF]*[{[]/;

// The Cloud Functions runtime and the functions emulator read the body before the app runs
// (up to 32 MB, keeping the bytes in req.rawBody), and express.json() then has nothing left to
// read: the app parses the bytes they kept itself, with its own limit and its own answers.
const readPreParsedBody: RequestHandler = (req, _res, next) => {
  const failure = runtimeBodyError(req);
  if (failure !== undefined) throw bodyError(failure);
  const rawBody: unknown = (req as { rawBody?: unknown }).rawBody;
  if (!Buffer.isBuffer(rawBody) || !req.is(['application/json', 'application/*+json']))
    return next();
  if (rawBody.length > JSON_BODY_LIMIT_BYTES) throw tooLarge();
  const text = rawBody.toString('utf8');
  if (!STRICT_START.test(text)) throw malformed();
  try {
    req.body = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw malformed();
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
  if (type === 'entity.parse.failed') return malformed();
  // Other client faults (unsupported charset, aborted request) carry a message meant for clients.
  if (expose === true && typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, typeof message === 'string' ? message : 'Bad request');
  }
  return err;
}

export const jsonBody: RequestHandler[] = [readPreParsedBody, parseJsonBody];
