// JSON request bodies, at most 1 MB. Files come as multipart on their own routes, not here.
import express, { type RequestHandler } from 'express';
import { JSON_BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from './body-limits';
import { jsonDepth } from './canonical-json';
import { HttpError } from './errors';
import { runtimeBodyError } from './runtime-body-parser';

export { JSON_BODY_LIMIT_BYTES };

const tooLarge = () => new HttpError(413, 'Request body too large (limit 1 MB)');
const malformed = () => new HttpError(400, 'Malformed JSON body');

// As express.json() reads it: an object or an array, never a bare value.
const STRICT_START = /^[\s\uFEFF]*[{[]/;

// The Cloud Functions runtime and the functions emulator read the body before the app runs
// (up to 32 MB, keeping the bytes in req.rawBody), and express.json() then has nothing left to
// read: the app parses the bytes they kept itself, with its own limit and its own answers.
const readPreParsedBody: RequestHandler = (req, _res, next) => {
  // The runtime's parsers refused it (too large, malformed, an unknown encoding): the error
  // handler answers their error in the envelope.
  const failure = runtimeBodyError(req);
  if (failure !== undefined) throw failure;
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

/** 400 for a body nested deeper than any route takes (10,000 levels broke what reads it). */
const refuseDeepJson: RequestHandler = (req, _res, next) => {
  if (jsonDepth(req.body) > MAX_JSON_DEPTH)
    throw new HttpError(400, `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  next();
};

export const jsonBody: RequestHandler[] = [readPreParsedBody, parseJson, refuseDeepJson];
