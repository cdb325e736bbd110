// The Cloud Functions runtime (Google's functions framework) and the functions emulator parse
// every request body with body-parser before they call the function, in their own Express app,
// with a limit of 1 GB applied after inflating a gzip, deflate or br body: a 600 KB request
// could cost over a gigabyte before this app's own 1 MB check ran. And a body their parsers
// refuse never reaches the function: their Express answers it with an HTML error page, a stack
// trace and the server's paths outside production.
//
// `takeOverRuntimeBodyParsers`, called by index.ts when the module loads (both runtimes load the
// function before they build their parsers and their app), changes what the runtime builds:
// - its parsers read at most this app's limits (JSON, text and forms 1 MB; multipart, the upload
//   routes' bodies, 32 MB: Cloud Run takes no larger request), counted after inflating, so a
//   bomb stops at the limit;
// - a body they refuse (too large, malformed, an unknown encoding or charset, a broken gzip) is
//   handed on to the app with the failure noted, which answers it with its own envelope;
// - an error their Express meets before the function runs (a path with malformed
//   percent-encoding) is answered as JSON `{ message }` too;
// - a body that has not arrived whole in time (bodyArrival) is answered 408 and its connection
//   closed, rather than held while a slow sender trickles it in.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { JSON_BODY_LIMIT_BYTES, MULTIPART_BODY_LIMIT_BYTES } from './body-limits';
import { HttpError } from './errors';
import { finalJsonHandler } from './final-handler';

type Next = (err?: unknown) => void;
type Middleware = (req: object, res: object, next: Next) => void;
type ParserFactory = (options?: Record<string, unknown>) => Middleware;
type BodyParser = Record<(typeof PARSERS)[number], ParserFactory>;

const PARSERS = ['json', 'text', 'urlencoded', 'raw'] as const;

const refusedBodies = new WeakMap<object, unknown>();
const TAKEN_OVER = Symbol('runtime body parser taken over');

/** What the runtime's parsers refused on this request, if anything. */
export function runtimeBodyError(req: object): unknown {
  return refusedBodies.get(req);
}

const isMultipart = (req: object) =>
  /^multipart\//i.test(
    String((req as { headers?: Record<string, unknown> }).headers?.['content-type'] ?? ''),
  );

/** The runtime's parser with this app's limits; what it refuses is noted and handed on. */
function limited(original: ParserFactory, name: (typeof PARSERS)[number]): ParserFactory {
  return (options = {}) => {
    const small = original({ ...options, limit: JSON_BODY_LIMIT_BYTES });
    // Raw bytes are what multipart uploads arrive as; anything else is refused by type later.
    const large =
      name === 'raw' ? original({ ...options, limit: MULTIPART_BODY_LIMIT_BYTES }) : small;
    return (req, res, next) => {
      const multipart = isMultipart(req);
      let settled = false;
      const timer = setTimeout(
        () => {
          settled = true;
          dropSlowBody(req, res, multipart);
        },
        bodyArrival[multipart ? 'multipartMs' : 'otherMs'],
      );
      (multipart ? large : small)(req, res, (err?: unknown) => {
        // A body that came too late was answered already; its connection is going.
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err === undefined) return next();
        if (!refusedBodies.has(req)) refusedBodies.set(req, err);
        next();
      });
    };
  };
}

/**
 * How long a body may take to arrive whole: a connection that sends a byte now and then would
 * otherwise hold a request (and the instance's concurrency) for minutes. Uploads get longer, for
 * a file sent from a phone on a slow network.
 */
export const bodyArrival = { otherMs: 30_000, multipartMs: 180_000 };

/** 408 for a body still arriving at its time; the connection is closed once that is out. */
function dropSlowBody(req: object, res: object, multipart: boolean): void {
  const seconds = Math.round(bodyArrival[multipart ? 'multipartMs' : 'otherMs'] / 1000);
  const response = res as ServerResponse;
  response.setHeader('Connection', 'close');
  response.once('finish', () => (req as IncomingMessage).destroy());
  finalJsonHandler(
    req,
    res,
  )(
    new HttpError(
      408,
      `The request body did not arrive within ${seconds} second${seconds === 1 ? '' : 's'}.`,
    ),
  );
}

/** Wraps the parsers of the given body-parser module (its exports object). */
export function takeOverBodyParsers(bodyParser: BodyParser): void {
  const marked = bodyParser as BodyParser & { [TAKEN_OVER]?: true };
  if (marked[TAKEN_OVER]) return;
  for (const name of PARSERS) {
    const original = bodyParser[name];
    if (typeof original !== 'function') continue;
    // body-parser 1.x defines its parsers as getters: redefine rather than assign.
    Object.defineProperty(bodyParser, name, {
      value: limited(original.bind(bodyParser), name),
      configurable: true,
      enumerable: true,
      writable: true,
    });
  }
  Object.defineProperty(bodyParser, TAKEN_OVER, { value: true });
}

interface ExpressModule {
  application: { handle: (req: object, res: object, callback?: Next) => void } & {
    [TAKEN_OVER]?: true;
  };
}

/** Errors the runtime's Express meets before the function runs are answered as JSON. */
export function takeOverFinalHandler(express: ExpressModule): void {
  const app = express.application;
  if (app[TAKEN_OVER]) return;
  const handle = app.handle;
  app.handle = function (this: unknown, req, res, callback) {
    handle.call(this, req, res, callback ?? finalJsonHandler(req, res));
  };
  Object.defineProperty(app, TAKEN_OVER, { value: true });
}

function runtimeModule<T>(main: NodeJS.Module, name: string): T | undefined {
  try {
    return createRequire(main.filename)(name) as T;
  } catch {
    return undefined;
  }
}

/**
 * Takes over the body-parser and the Express of the process's main module (the runtime).
 * Elsewhere (tests, scripts) there is no such runtime, or it is not in front of this app.
 */
export function takeOverRuntimeBodyParsers(main: NodeJS.Module | undefined = require.main): void {
  if (!main?.filename) return;
  const bodyParser = runtimeModule<BodyParser>(main, 'body-parser');
  if (bodyParser && typeof bodyParser.json === 'function') takeOverBodyParsers(bodyParser);
  const express = runtimeModule<ExpressModule>(main, 'express');
  if (express?.application && typeof express.application.handle === 'function') {
    takeOverFinalHandler(express);
  }
}
