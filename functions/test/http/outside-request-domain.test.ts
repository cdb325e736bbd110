// Work started outside the request's domain (functions-framework's per-request node:domain)
// runs without it, and the request's code goes on inside it; a failure of that work still
// reaches the request as a rejection.
import domain from 'node:domain';
import { describe, expect, it } from 'vitest';
import { outsideRequestDomain } from '../../src/http/outside-request-domain';

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
});
