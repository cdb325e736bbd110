// functions-framework runs each request in a node:domain, to answer 500 when one of the
// request's callbacks throws. While a domain is active, every asynchronous step (a promise, a
// tick, a stream event) pays for domain and async-hook bookkeeping, and the Firestore client
// takes several such steps per document it receives, so the app handles each request outside
// it. Nothing is lost by that: Express 5 turns a rejected handler into the error answer
// (http/errors.ts), and the code takes no callback that could throw outside a promise; a throw
// that still escaped would reach the runtime's uncaught-exception handler, as it does for
// every asynchronous throw the domain does not own.
//
// node:domain also enables an async hook of its own when its first domain is made, and from
// then on every promise of the whole process, in a domain or not, goes through that hook until
// it is collected. So the first request the api serves switches the hook off for good in that
// process (an instance of the api serves nothing else: each function is a service of its own).
// What it kept working, a domain entered again by each callback of the request, is what the api
// does without anyway. What both cost: docs/benchmarks.md (the request's domain).
import { createHook, type AsyncHook } from 'node:async_hooks';
import { create as createDomain, type Domain } from 'node:domain';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Runs `start` outside the active domain, if any; the domain is entered again after. */
// Node sets process.domain while a domain is entered; its typings do not declare it.
const activeDomain = () => (process as { domain?: Domain | null }).domain;

function outsideRequestDomain<T>(start: () => T): T {
  const active = activeDomain();
  active?.exit();
  try {
    return start();
  } finally {
    active?.enter();
  }
}

/**
 * node:domain's async hook. The module does not export it; a domain's constructor enables it,
 * so it is caught there: the hooks' shared `enable` is swapped for a moment for one that only
 * records which hook called it, and a throwaway domain is made.
 */
function domainModuleHook(): AsyncHook | undefined {
  const hooks = Object.getPrototypeOf(createHook({})) as AsyncHook;
  const enable = Object.getOwnPropertyDescriptor(hooks, 'enable');
  const callers: AsyncHook[] = [];
  hooks.enable = function (this: AsyncHook) {
    callers.push(this);
    return this;
  };
  try {
    createDomain();
  } finally {
    if (enable) Object.defineProperty(hooks, 'enable', enable);
  }
  return callers[0];
}

let domainHookOff = false;

/**
 * Switches node:domain's async hook off in this process, and keeps it off. The domains entered
 * now are left for good: the hook's `after` would have left them at the end of this callback.
 */
function stopDomainBookkeeping(): void {
  domainHookOff = true;
  const hook = domainModuleHook();
  if (!hook) return;
  hook.disable();
  // Node 20 chooses how promises are tracked only when a hook is enabled: with another hook
  // still on (an AsyncLocalStorage's), this one's disable alone leaves every promise registering
  // a destroy callback that no hook wants. A hook enabled and disabled at once makes it choose
  // again (what that costs: docs/benchmarks.md, the request's domain).
  createHook({ init() {} })
    .enable()
    .disable();
  // The runtime makes a domain for every request, and each one would enable the hook again.
  hook.enable = () => hook;
  for (let d = activeDomain(); d; d = activeDomain()) d.exit();
}

/**
 * The handler as the runtime should call it: each request is handled outside the domain the
 * runtime entered for it, so what the handler sets going (every Firestore read and each of its
 * steps) runs without it; from the first request on, without node:domain's async hook either.
 */
export function outsideRequestDomains<Req extends IncomingMessage, Res extends ServerResponse>(
  handle: (req: Req, res: Res) => unknown,
): (req: Req, res: Res) => void {
  return (req, res) => {
    if (!domainHookOff) stopDomainBookkeeping();
    outsideRequestDomain(() => handle(req, res));
  };
}

/**
 * fetch, started outside the domain the runtime entered (a scheduled job's or a trigger's run is
 * inside one). The connection it opens, an event emitter the global pool keeps for later calls,
 * would otherwise keep that domain, and through its error handler the request and response, for
 * as long as the pool keeps the connection (docs/benchmarks.md, what the api holds before the
 * export). The answer still reaches the caller as the promise.
 */
export const fetchOutsideRequestDomain: typeof fetch = (input, init) =>
  outsideRequestDomain(() => fetch(input, init));
