// The api handles each request outside the node:domain functions-framework enters for it
// (function_wrappers.js: a new domain, then the handler on the next tick), so the request's
// asynchronous steps pay no domain bookkeeping, and a failing request is still answered by the
// app's error envelope. From the first request on, node:domain's own async hook is off in the
// process (no domain follows a callback, and promises are not tracked), and the runtime's later
// domains do not switch it on again. The tests of this file run in order: the first one sees
// the runtime as it is before the api's first request.
import { AsyncLocalStorage } from 'node:async_hooks';
import domain from 'node:domain';
import http, { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Router } from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app/app';
import {
  fetchOutsideRequestDomain,
  outsideRequestDomains,
} from '../../src/http/outside-request-domain';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }));

const activeDomain = () => (process as { domain?: domain.Domain | null }).domain ?? undefined;

/**
 * The name of the hook V8 calls for each new promise (Node's own binding; deprecated, read here
 * only): promiseInitHookWithDestroyTracking registers every promise for a destroy callback.
 */
const promiseInitHook = () =>
  (
    process as unknown as {
      binding(name: 'async_wrap'): {
        getPromiseHooks(): (((...a: unknown[]) => void) | undefined)[];
      };
    }
  )
    .binding('async_wrap')
    .getPromiseHooks()[0]?.name;

/** A new domain, and which domain a timer set inside it sees when it fires. */
function domainAfterTimeout(): Promise<{ made: domain.Domain; seen: 'same' | 'none' | 'other' }> {
  const made = domain.create();
  return new Promise((resolve) =>
    made.run(() =>
      setTimeout(() => {
        const now = activeDomain();
        resolve({ made, seen: now === made ? 'same' : now === undefined ? 'none' : 'other' });
      }, 1),
    ),
  );
}

/** A server calling `handler` as functions-framework does, recording each request's domain. */
function asTheRuntimeCalls(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const domains: domain.Domain[] = [];
  const afterHandler: (domain.Domain | undefined)[] = [];
  const server = createServer((req, res) => {
    const d = domain.create();
    domains.push(d);
    d.run(() =>
      process.nextTick(() => {
        handler(req, res);
        afterHandler.push(activeDomain());
      }),
    );
  });
  return { server, domains, afterHandler };
}

describe('outsideRequestDomains', () => {
  const seen: Record<string, unknown>[] = [];
  const api = Router();
  api.get('/where', async (_req, res) => {
    const atStart = activeDomain();
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.push({ atStart, afterAwait: activeDomain() });
    res.json({ ok: true });
  });
  api.get('/fails', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw new Error('a read failed');
  });
  const express = createApp({ session: (_req, _res, next) => next(), api });
  const app = (req: IncomingMessage, res: ServerResponse) => express(req, res);

  it('the runtime alone would run the request in its domain (what the wrapper removes)', async () => {
    // An AsyncLocalStorage in use, as the runtime's and the api's own are.
    new AsyncLocalStorage().run({}, () => undefined);
    const runtime = asTheRuntimeCalls(app);
    await request(runtime.server).get('/api/where');
    expect(seen).toEqual([{ atStart: runtime.domains[0], afterAwait: runtime.domains[0] }]);
    // node:domain's hook is on: a domain follows its callbacks, and promises are tracked.
    expect(await domainAfterTimeout()).toEqual({ made: expect.any(Object), seen: 'same' });
    expect(promiseInitHook()).toBe('promiseInitHookWithDestroyTracking');
  });

  it("runs the first request without its domain, and switches node:domain's async hook off", async () => {
    seen.length = 0;
    const runtime = asTheRuntimeCalls(outsideRequestDomains(app));
    const res = await request(runtime.server).get('/api/where');
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ atStart: undefined, afterAwait: undefined }]);
    // Left for good: with the hook off, nothing would leave it at the end of the callback.
    expect(runtime.afterHandler).toEqual([undefined]);
    expect(await domainAfterTimeout()).toEqual({ made: expect.any(Object), seen: 'none' });
    // The AsyncLocalStorage's hook still sees each promise; nothing tracks their end.
    expect(promiseInitHook()).toBe('promiseInitHook');
  });

  it("keeps the hook off through the runtime's later domains", async () => {
    const runtime = asTheRuntimeCalls(outsideRequestDomains(app));
    expect((await request(runtime.server).get('/api/where')).status).toBe(200);
    expect(await domainAfterTimeout()).toEqual({ made: expect.any(Object), seen: 'none' });
    // Even the runtime alone no longer carries its domain into the request's steps.
    seen.length = 0;
    const alone = asTheRuntimeCalls(app);
    expect((await request(alone.server).get('/api/where')).status).toBe(200);
    expect(seen).toEqual([{ atStart: undefined, afterAwait: undefined }]);
    expect(activeDomain()).toBeUndefined();
    expect(promiseInitHook()).toBe('promiseInitHook');
  });

  it("answers a request that fails after an await with the app's error envelope", async () => {
    const runtime = asTheRuntimeCalls(outsideRequestDomains(app));
    const res = await request(runtime.server).get('/api/fails');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});

describe('fetchOutsideRequestDomain (a job or trigger run in its domain)', () => {
  it("leaves no run's domain with the connection fetch keeps for later calls", async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // A request that opens a connection (fetch's global pool keeps it, kept alive), then ends.
    const runGone = async () => {
      const run = domain.create();
      await run.run(async () => {
        expect(await (await fetchOutsideRequestDomain(url)).text()).toBe('ok');
      });
      return new WeakRef(run);
    };
    const run = await runGone();
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(run.deref()).toBeUndefined();
    server.closeAllConnections();
    server.close();
  });
});
