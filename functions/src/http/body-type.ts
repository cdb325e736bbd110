// What a route's request body may be. Every route takes JSON unless the route table says
// otherwise, so a new route refuses forms and plain text without asking: an HTML form can post
// those across sites without a CORS preflight, JSON it cannot.
import type { Request, RequestHandler } from 'express';
import type { BodyType } from '../contract/routes';
import { HttpError } from './errors';

const MEDIA_TYPES: Record<BodyType, { accepts: string[]; message: string }> = {
  json: {
    accepts: ['application/json', 'application/*+json'],
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  multipart: {
    accepts: ['multipart/form-data'],
    message: 'Send the files as multipart/form-data.',
  },
};

/** Whether the request carries body bytes at all (a bodiless POST or DELETE is fine anywhere). */
function hasBody(req: Request): boolean {
  if (req.get('transfer-encoding') !== undefined) return true;
  const length = Number(req.get('content-length') ?? 0);
  return Number.isFinite(length) && length > 0;
}

export function requireBodyType(type: BodyType): RequestHandler {
  const { accepts, message } = MEDIA_TYPES[type];
  return function bodyTypeCheck(req, _res, next) {
    if (hasBody(req) && !req.is(accepts)) throw new HttpError(415, message);
    next();
  };
}
