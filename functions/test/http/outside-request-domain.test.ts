// Work started outside the request's domain (functions-framework's per-request node:domain)
// runs without it, and the request's code goes on inside it; a failure of that work still
// reaches the request as a rejection.
import domain from 'node:domain';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  fetchOutsideRequestDomain,
  outsideRequestDomain,
} from '../../src/http/outside-request-domain';

const activeDomain = () => (process as { domain?: domain.Domain | null }).domain ?? undefined;

describe('outsideRequestDomain', () => {
  it('starts the work with no domain, its later steps too, and returns to the request', async () => {
    const request = domain.create();
    await request.run(async () => {
      const seen = outsideRequestDomain(async () => {
        const atStart = activeDomain();
        await new Promise((resolve) => setTimeout(resolve, 5));
        return [atStart, activeDomain()];
      });
      expect(activeDomain()).toBe(request);
      expect(await seen).toEqual([undefined, undefined]);
      expect(activeDomain()).toBe(request);
    });
  });

  it('passes a failure on to the caller as a rejection', async () => {
    const request = domain.create();
    const errors: unknown[] = [];
    request.on('error', (err) => errors.push(err));
    await request.run(async () => {
      const failing = outsideRequestDomain(() => Promise.reject(new Error('read failed')));
      await expect(failing).rejects.toThrow('read failed');
    });
    expect(errors).toEqual([]);
  });

  it('runs the work as it is when no domain is active', () => {
    expect(outsideRequestDomain(() => activeDomain())).toBeUndefined();
  });

  it("leaves no request's domain with the connection fetch keeps for later calls", async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // A request that opens a connection (fetch's global pool keeps it, kept alive), then ends.
    const requestGone = async () => {
      const request = domain.create();
      await request.run(async () => {
        expect(await (await fetchOutsideRequestDomain(url)).text()).toBe('ok');
      });
      return new WeakRef(request);
    };
    const request = await requestGone();
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(request.deref()).toBeUndefined();
    server.closeAllConnections();
    server.close();
  });
});
