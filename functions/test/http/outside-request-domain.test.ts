// The api handles each request outside the node:domain functions-framework enters for it
// (function_wrappers.js: a new domain, then the handler on the next tick), so the request's
// asynchronous steps pay no domain bookkeeping; the domain is entered again once the handler
// returned, and a failing request is still answered by the app's error envelope.
import domain from 'node:domain';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Router } from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app/app';
import { outsideRequestDomains } from '../../src/http/outside-request-domain';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }));

const activeDomain = () => (process as { domain?: domain.Domain | null }).domain ?? undefined;

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

  it('runs the request and every later step without the domain, then enters it again', async () => {
    const runtime = asTheRuntimeCalls(outsideRequestDomains(app));
    const res = await request(runtime.server).get('/api/where');
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ atStart: undefined, afterAwait: undefined }]);
    expect(runtime.afterHandler).toEqual([runtime.domains[0]]);
  });

  it('the runtime alone would run the request in its domain (what the wrapper removes)', async () => {
    seen.length = 0;
    const runtime = asTheRuntimeCalls(app);
    await request(runtime.server).get('/api/where');
    expect(seen).toEqual([{ atStart: runtime.domains[0], afterAwait: runtime.domains[0] }]);
  });

  it("answers a request that fails after an await with the app's error envelope", async () => {
    const runtime = asTheRuntimeCalls(outsideRequestDomains(app));
    const res = await request(runtime.server).get('/api/fails');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: expect.any(String) });
  });
});
