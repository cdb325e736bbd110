import { readFileSync } from 'node:fs';
import { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { routeTable, type RouteKey } from '../../src/contract/routes';
import { route } from '../../src/http/access';
import { createApiRouter } from '../../src/app/api-router';
import { ACCESS_DOC, accessDoc } from '../../scripts/access-doc';

interface RegisteredRoute {
  key: string;
  firstHandler: string;
}

// Walks the real /api router: every layer must be a route (no nested routers or loose
// middleware that the walk, or the table, could miss).
function registeredRoutes(router: Router): RegisteredRoute[] {
  return router.stack.map((layer) => {
    const registered = layer.route as unknown as
      { path: string; methods: Record<string, boolean>; stack: { name: string }[] } | undefined;
    if (!registered) throw new Error(`Layer ${layer.name} is not a route; use route()`);
    const methods = Object.keys(registered.methods);
    if (methods.length !== 1)
      throw new Error(`Route ${registered.path} has ${methods.length} methods`);
    return {
      key: `${methods[0].toUpperCase()} ${registered.path}`,
      firstHandler: registered.stack[0]?.name,
    };
  });
}

const tableKeys = routeTable.map((spec) => `${spec.method.toUpperCase()} ${spec.path}`);

describe('the route table', () => {
  it('has an entry for every registered route, and every entry is registered', () => {
    const registered = registeredRoutes(createApiRouter());
    expect(registered.map((r) => r.key).sort()).toEqual([...tableKeys].sort());
  });

  it('puts the access check first on every route', () => {
    for (const r of registeredRoutes(createApiRouter()))
      expect(r.firstHandler, r.key).toBe('accessCheck');
  });

  it('lists each method and path once', () => {
    expect(new Set(tableKeys).size).toBe(tableKeys.length);
  });

  it('lists health as public', () => {
    expect(routeTable).toContainEqual({ method: 'get', path: '/health', access: 'public' });
  });

  it('refuses to register a route that is not in the table', () => {
    expect(() => route(Router(), 'GET /secret' as RouteKey, () => undefined)).toThrow(
      'Route GET /secret is not in the route table',
    );
  });

  it('is what docs/access.md shows (npm run docs:access writes it)', () => {
    expect(readFileSync(ACCESS_DOC, 'utf8')).toBe(accessDoc());
  });
});
