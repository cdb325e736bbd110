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
      // @ts-expect-error PUT /admin/settings takes the company name as text.
      const settings = api.put('/admin/settings', { companyName: 42 });
      const product = { name: 'Pump', hsn: '8413', unit: 'Nos', rate: 1500, gstRate: 18 };
      const added = api.post('/products', product);
      // @ts-expect-error PUT /products/{id} takes a rate, not a price.
      const priced = api.put(apiPath('/products/:id', { id: 'p1' }), { price: 1500 });
      const audience = { phones: ['+919876543210'] };
      // @ts-expect-error POST /broadcasts/audience estimates by a template category Meta names.
      const counted = api.post('/broadcasts/audience', { audience, category: 'PROMOTION' });
      // @ts-expect-error POST /entries/{id}/resend sends again on WhatsApp or email, not SMS.
      const resent = api.post(apiPath('/entries/:id/resend', { id: 'e1' }), { send: { sms: {} } });
      // @ts-expect-error POST /broadcasts needs the template it sends.
      const made = api.post('/broadcasts', { name: 'Diwali offer', audience });
      const user = apiPath('/admin/users/:id/approve', { id: 'u1' });
      // @ts-expect-error approving a user names the role the server requires.
      const approved = api.post(user, {});
      const line = { name: 'Pump', description: 'SS 304, 2 HP', qty: 1, rate: 1500, gstRate: 18 };
      const quoted = api.post('/quotes', { customerId: 'c1', lines: [line] });
      // @ts-expect-error an edit of an entry sends one of CHANNELS, as the server checks.
      const edited = api.put(apiPath('/entries/:id', { id: 'e1' }), { channel: 'sms' });
      return [
        ...[roles, role, login, created, csv, settings, added, priced, counted, resent, made],
        ...[approved, quoted, edited],
      ];
    };
    expect(typeof calls).toBe('function');
  });
});
