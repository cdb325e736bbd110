// functions-framework runs each request in a node:domain, to answer 500 when one of the
// request's callbacks throws. While a domain is active, every asynchronous step (a promise, a
// tick, a stream event) pays for domain and async-hook bookkeeping, and the Firestore client
// takes several such steps per document it receives. Measured on the local stack with a team
// of 200 at once, that bookkeeping was a quarter of the instance's CPU on every call (an export
// of 20,000 customers: 2.5 s of CPU, 1.4 s outside), so the app handles each request outside
// it. Nothing is lost by that: Express 5 turns a rejected handler into the error answer
// (http/errors.ts), and the code takes no callback that could throw outside a promise; a throw
// that still escaped would reach the runtime's uncaught-exception handler, as it does for
// every asynchronous throw the domain does not own.
import type { Domain } from 'node:domain';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Runs `start` outside the active domain, if any; the domain is entered again after. */
function outsideRequestDomain<T>(start: () => T): T {
  // Node sets process.domain while a domain is entered; its typings do not declare it.
  const active = (process as { domain?: Domain | null }).domain;
  active?.exit();
  try {
    return start();
  } finally {
    active?.enter();
  }
}

/**
 * The handler as the runtime should call it: each request is handled outside the domain the
 * runtime entered for it, so what the handler sets going (every Firestore read and each of its
 * steps) runs without it.
 */
export function outsideRequestDomains<Req extends IncomingMessage, Res extends ServerResponse>(
  handle: (req: Req, res: Res) => unknown,
): (req: Req, res: Res) => void {
  return (req, res) => {
    outsideRequestDomain(() => handle(req, res));
  };
}

/**
 * fetch, started outside the domain the runtime entered (the api's requests already run
 * outside theirs; a scheduled job's or a trigger's run does not). The connection it opens (an undici Client, kept
 * in the global pool for later calls) is an event emitter, and one made while a domain is
 * active keeps that domain, and through the domain's error handler the request and response,
 * for as long as the pool keeps the connection: after a team of 200 signed in at once, the
 * api held about 370 finished requests this way (heap snapshot: global dispatcher → Pool →
 * Client → domain → errorHandler → res). The answer still reaches the caller as the promise.
 */
export const fetchOutsideRequestDomain: typeof fetch = (input, init) =>
  outsideRequestDomain(() => fetch(input, init));
