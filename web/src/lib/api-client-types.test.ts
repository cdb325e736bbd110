// The client's calls take their answer and body types from the route table
// (@contract/route-types): tsc (npm test's typecheck step) fails on each marked line below
// without its marker, and on a marker that no longer has an error to expect.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Customer, Role } from '@contract/answers';
import { api, apiPath } from './api-client';

describe('the typed client', () => {
  it("answers each route's type and takes its body only", () => {
    // Never called: the types are the test.
    const calls = () => {
      expectTypeOf(
        api.get(apiPath('/customers/:id', { id: 'c1' })),
      ).resolves.toEqualTypeOf<Customer>();
      const roles: Promise<Role[]> = api.get('/admin/roles');
      // @ts-expect-error GET /customers/{id} answers a customer, not a role.
      const role: Promise<Role> = api.get(apiPath('/customers/:id', { id: 'c1' }));
      // @ts-expect-error POST /auth/login takes a password, not a passcode.
      const login = api.post('/auth/login', { email: 'a@example.com', passcode: 'x' });
      // @ts-expect-error POST /admin/roles takes a role draft.
      const created = api.post('/admin/roles');
      // @ts-expect-error a CSV download is read with api.blob, not as JSON.
      const csv = api.get('/customers/export.csv');
      return [roles, role, login, created, csv];
    };
    expect(typeof calls).toBe('function');
  });
});
