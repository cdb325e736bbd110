// Every /api route in the route table, called for real (real sessions, the Auth emulator, the
// embedded Firestore) by each kind of caller: the answer must be the table's refusal (401 / 403)
// or get past the access check. The expectations come from the table; each route needs a sample
// request below, and a route added to the table without one fails this file.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type Access, type RouteKey } from '../../src/contract/routes';
import { createApp } from '../../src/app/app';
import { permissionsOf } from '../../src/http/access';
import {
  createAccount,
  createRole,
  login,
  mintSession,
  PASSWORD,
  type TestAccount,
} from '../support/accounts';
import { resetBackends } from '../support/backends';

const app = createApp();

const CALLERS = ['anonymous', 'unapproved', 'sales', 'accounts', 'custom', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

// Written out here rather than imported, so that a change to the code's lists shows up as a
// failing expectation. Every non-admin role holds the employee baseline plus its own list.
const EMPLOYEE_BASELINE = [
  'customers.read',
  'customers.write',
  'entries.read',
  'entries.write',
  'templates.read',
];
const CUSTOM_ROLE = { name: 'auditor', permissions: ['reports.read', 'customers.export'] };
const ROLE_OF: Record<Caller, string | null> = {
  anonymous: null,
  unapproved: 'sales',
  sales: 'sales',
  accounts: 'accounts',
  custom: CUSTOM_ROLE.name,
  admin: 'admin',
};
const LISTS: Record<string, string[]> = {
  sales: ['customers.read', 'customers.write', 'entries.write', 'templates.read'],
  accounts: [
    'entries.read',
    'payments.write',
    'reports.read',
    'reports.export',
    'customers.export',
  ],
  [CUSTOM_ROLE.name]: CUSTOM_ROLE.permissions,
};

type Refusal = { status: 401 | 403; message: string };

/** The table's answer for `caller`: a refusal, or undefined when the call gets through. */
function refusal(access: Access, caller: Caller): Refusal | undefined {
  if (access === 'public') return undefined;
  if (caller === 'anonymous' || caller === 'unapproved')
    return { status: 401, message: 'Sign in required' };
  if (access === 'signed-in' || caller === 'admin') return undefined;
  if (access === 'admin') return { status: 403, message: 'Access denied (admin only).' };
  if ('adminOnly' in access) return { status: 403, message: access.adminOnly };
  const held = [...EMPLOYEE_BASELINE, ...LISTS[ROLE_OF[caller]!]];
  const anyOf = permissionsOf(access.permission);
  if (held.includes('*') || anyOf.some((p) => held.includes(p))) return undefined;
  return { status: 403, message: `Access denied (needs the ${anyOf.join(' or ')} permission).` };
}

interface Sample {
  /** The path below /api with its parameters filled in. */
  path: string;
  body?: object;
  /** Calls with this token instead of the caller's (calls that end the session they use). */
  token?: string | null;
}

interface Context {
  caller: Caller;
  /** A new account of the caller's kind and its token (null for anonymous). */
  freshCaller(): Promise<string | null>;
}

let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

/** One sample request per route; the key type keeps it in step with the table. */
const samples: Partial<Record<RouteKey, (ctx: Context) => Sample | Promise<Sample>>> = {
  'GET /health': () => ({ path: '/health' }),
  // Accounts
  'POST /auth/login': async () => {
    const account = await createAccount();
    return { path: '/auth/login', body: { email: account.email, password: PASSWORD } };
  },
  'POST /auth/otp/request': () => ({
    path: '/auth/otp/request',
    body: { identifier: `${unique('otp')}@example.in` },
  }),
  'POST /auth/otp/verify': () => ({
    path: '/auth/otp/verify',
    body: { identifier: 'nobody@example.in', code: '123456' },
  }),
  'POST /auth/register': () => ({
    path: '/auth/register',
    body: { fullName: 'New Person', email: `${unique('new')}@example.in`, password: 'long-enough' },
  }),
  'POST /auth/logout': async (ctx) => ({ path: '/auth/logout', token: await ctx.freshCaller() }),
  'GET /auth/me': () => ({ path: '/auth/me' }),
  'GET /admin/users': () => ({ path: '/admin/users?approved=true' }),
  'GET /admin/users/pending': () => ({ path: '/admin/users/pending' }),
  'POST /admin/users/assign-role': async () => {
    const target = await createAccount({ role: 'sales' });
    return { path: '/admin/users/assign-role', body: { role: 'accounts', userIds: [target.uid] } };
  },
  'POST /admin/users/:id/approve': async () => {
    const target = await createAccount({ approved: false });
    return { path: `/admin/users/${target.uid}/approve`, body: { role: 'sales' } };
  },
  'DELETE /admin/users/:id/reject': async () => {
    const target = await createAccount({ approved: false });
    return { path: `/admin/users/${target.uid}/reject` };
  },
  'GET /admin/roles': () => ({ path: '/admin/roles' }),
  'POST /admin/roles': () => ({
    path: '/admin/roles',
    body: { name: unique('role'), permissions: ['reports.read'] },
  }),
  'PUT /admin/roles/:id': async () => {
    const name = unique('role');
    const id = await createRole(name, []);
    return { path: `/admin/roles/${id}`, body: { name, permissions: ['reports.read'] } };
  },
  'DELETE /admin/roles/:id': async () => {
    const id = await createRole(unique('role'), []);
    return { path: `/admin/roles/${id}` };
  },
  // Each person's own saved replies
  'GET /me/saved-replies': () => ({ path: '/me/saved-replies' }),
  'POST /me/saved-replies': () => ({
    path: '/me/saved-replies',
    body: { title: unique('Rates'), text: 'Our rate card is attached.' },
  }),
  'DELETE /me/saved-replies/:id': () => ({ path: '/me/saved-replies/none' }),
  // Each person's own saved searches
  'GET /me/saved-searches': () => ({ path: '/me/saved-searches' }),
  'POST /me/saved-searches': () => ({
    path: '/me/saved-searches',
    body: { name: unique('Hot PHE'), filters: { categories: 'PHE', potential: 'HOT' } },
  }),
  'DELETE /me/saved-searches/:id': () => ({ path: '/me/saved-searches/none' }),
  // Admin configuration
  'GET /settings/public': () => ({ path: '/settings/public' }),
  'GET /admin/templates': () => ({ path: '/admin/templates' }),
  'POST /admin/templates': () => ({
    path: '/admin/templates',
    body: { type: 'text', title: unique('Template'), content: 'Hello' },
  }),
  'PUT /admin/templates/:id': () => ({
    path: '/admin/templates/missing',
    body: { type: 'text', title: 'T', content: 'C' },
  }),
  'DELETE /admin/templates/:id': () => ({ path: '/admin/templates/missing' }),
  'GET /settings/fixed-pdfs': () => ({ path: '/settings/fixed-pdfs' }),
  'GET /admin/settings': () => ({ path: '/admin/settings' }),
  'PUT /admin/settings': () => ({ path: '/admin/settings', body: { companyName: 'Matrix Ltd' } }),
  // Empty bodies: refused by validation before anything is sent anywhere.
  'POST /integrations/whatsapp/test': () => ({ path: '/integrations/whatsapp/test', body: {} }),
  'POST /integrations/email/test': () => ({ path: '/integrations/email/test', body: {} }),
  'POST /integrations/whatsapp/send': () => ({ path: '/integrations/whatsapp/send', body: {} }),
  'POST /integrations/email/send': () => ({ path: '/integrations/email/send', body: {} }),
  // Customers
  'GET /customers': () => ({ path: '/customers' }),
  'GET /customers/export.csv': () => ({ path: '/customers/export.csv' }),
  'GET /customers/:id': () => ({ path: '/customers/missing' }),
  'GET /customers/:id/timeline': () => ({ path: '/customers/missing/timeline' }),
  'GET /customers/:id/conversation': () => ({ path: '/customers/missing/conversation' }),
  'POST /customers/:id/conversation': () => ({
    path: '/customers/missing/conversation',
    body: { channel: 'whatsapp', text: 'Hello' },
  }),
  'POST /customers/:id/conversation/read': () => ({
    path: '/customers/missing/conversation/read',
  }),
  'PUT /customers/:id/owner': () => ({
    path: '/customers/missing/owner',
    body: { ownerId: null },
  }),
  'GET /inbox': () => ({ path: '/inbox' }),
  'POST /customers': () => ({ path: '/customers', body: { names: [unique('Customer')] } }),
  'POST /customers/bulk': () => ({ path: '/customers/bulk', body: { rows: [] } }),
  'POST /customers/import.csv': () => ({ path: '/customers/import.csv' }),
  'POST /customers/merge': () => ({ path: '/customers/merge', body: {} }),
  'PUT /customers/:id': () => ({ path: '/customers/missing', body: { names: ['X'] } }),
  'DELETE /customers/:id': () => ({ path: '/customers/missing' }),
  // Entries and messaging: empty or missing-document requests, refused before anything is sent.
  'POST /uploads': () => ({ path: '/uploads', body: {} }),
  // A signed link (public) to a file that does not exist.
  'GET /files/uploads/:id': () => ({ path: '/files/uploads/missing?exp=1&sig=x' }),
  'GET /entries': () => ({ path: '/entries?limit=1' }),
  'GET /entries/employees': () => ({ path: '/entries/employees' }),
  'POST /entries': () => ({ path: '/entries', body: {} }),
  'PUT /entries/:id': () => ({ path: '/entries/missing', body: {} }),
  'POST /entries/:id/confirm': () => ({ path: '/entries/missing/confirm' }),
  'DELETE /entries/:id': () => ({ path: '/entries/missing' }),
  'GET /entries/:id/history': () => ({ path: '/entries/missing/history' }),
  'POST /entries/:id/history/comment': () => ({
    path: '/entries/missing/history/comment',
    body: { text: 'x' },
  }),
  'POST /entries/:id/followup': () => ({ path: '/entries/missing/followup', body: { days: 0 } }),
  'POST /entries/:id/followup-days': () => ({
    path: '/entries/missing/followup-days',
    body: { days: 3 },
  }),
  'POST /entries/:id/resend': () => ({ path: '/entries/missing/resend', body: {} }),
  'PUT /admin/entries/:id/assign-employee': () => ({
    path: '/admin/entries/missing/assign-employee',
    body: { employeeId: null },
  }),
  'GET /admin/entries/pending': () => ({ path: '/admin/entries/pending' }),
  'POST /admin/entries/:id/approve': () => ({ path: '/admin/entries/missing/approve' }),
  'DELETE /admin/entries/:id/reject': () => ({ path: '/admin/entries/missing/reject' }),
  // Messaging: the catalog, a sync with nothing configured (400), a preview of no customer.
  'GET /whatsapp/templates': () => ({ path: '/whatsapp/templates' }),
  'POST /admin/whatsapp/templates/sync': () => ({ path: '/admin/whatsapp/templates/sync' }),
  'POST /whatsapp/preview': () => ({ path: '/whatsapp/preview', body: { customerId: 'missing' } }),
  'POST /integrations/email/events': () => ({ path: '/integrations/email/events', body: [] }),
  'GET /integrations/whatsapp/webhook': () => ({ path: '/integrations/whatsapp/webhook' }),
  'POST /integrations/whatsapp/webhook': () => ({
    path: '/integrations/whatsapp/webhook',
    body: {},
  }),
  // Dashboard, stats, notifications (the stream answers 406 without Accept: text/event-stream).
  'GET /overview': () => ({ path: '/overview' }),
  'GET /dashboard/all': () => ({ path: '/dashboard/all' }),
  'GET /dashboard/my-day': () => ({ path: '/dashboard/my-day' }),
  'GET /series': () => ({ path: '/series?range=30d' }),
  'GET /channel-breakdown': () => ({ path: '/channel-breakdown' }),
  'GET /recent': () => ({ path: '/recent' }),
  'GET /dashboard/funnel': () => ({ path: '/dashboard/funnel' }),
  'GET /dashboard/categories': () => ({ path: '/dashboard/categories' }),
  'GET /dashboard/employees': () => ({ path: '/dashboard/employees' }),
  'GET /followups/due': () => ({ path: '/followups/due?days=3' }),
  'GET /admin/stats': () => ({ path: '/admin/stats' }),
  'GET /notifications/latest': () => ({ path: '/notifications/latest' }),
  'GET /notifications/stream': () => ({ path: '/notifications/stream' }),
  // Products and quotes: empty or missing-document requests, refused before anything is written.
  'GET /products': () => ({ path: '/products' }),
  'GET /products/export.csv': () => ({ path: '/products/export.csv' }),
  'POST /products/import.csv': () => ({ path: '/products/import.csv' }),
  'POST /products': () => ({ path: '/products', body: {} }),
  'PUT /products/:id': () => ({ path: '/products/missing', body: {} }),
  'GET /quotes': () => ({ path: '/quotes?limit=1' }),
  'GET /quotes/:id': () => ({ path: '/quotes/missing' }),
  'GET /quotes/:id/pdf': () => ({ path: '/quotes/missing/pdf' }),
  'POST /quotes': () => ({ path: '/quotes', body: {} }),
  'POST /quotes/:id/revise': () => ({ path: '/quotes/missing/revise', body: {} }),
  'POST /quotes/:id/accept': () => ({ path: '/quotes/missing/accept' }),
  'POST /quotes/:id/decline': () => ({ path: '/quotes/missing/decline' }),
  'POST /quotes/:id/send': () => ({
    path: '/quotes/missing/send',
    body: { channels: ['email'] },
  }),
  // Broadcasts
  'POST /broadcasts/audience': () => ({
    path: '/broadcasts/audience',
    body: { audience: { phones: ['+919812345678'] } },
  }),
  'POST /broadcasts': () => ({
    path: '/broadcasts',
    body: {
      name: 'Diwali offer',
      template: { name: 'season_offer', language: 'en' },
      params: [{ field: 'firstName' }, { text: 'Diwali prices on SS tanks.' }],
      audience: { phones: ['+919812345678'] },
    },
  }),
  'GET /broadcasts': () => ({ path: '/broadcasts' }),
  'GET /broadcasts/:id': () => ({ path: '/broadcasts/none' }),
  'GET /broadcasts/:id/recipients.csv': () => ({ path: '/broadcasts/none/recipients.csv' }),
  'POST /broadcasts/:id/test': () => ({ path: '/broadcasts/none/test' }),
  'POST /broadcasts/:id/start': () => ({ path: '/broadcasts/none/start' }),
  'POST /broadcasts/:id/pause': () => ({ path: '/broadcasts/none/pause' }),
  'POST /broadcasts/:id/resume': () => ({ path: '/broadcasts/none/resume' }),
  'POST /broadcasts/:id/cancel': () => ({ path: '/broadcasts/none/cancel' }),
  'GET /broadcasts/:id/new-matches': () => ({ path: '/broadcasts/none/new-matches' }),
  'POST /broadcasts/:id/new-matches': () => ({ path: '/broadcasts/none/new-matches' }),
};

const keyOf = (spec: (typeof routeTable)[number]) =>
  `${spec.method.toUpperCase()} ${spec.path}` as RouteKey;

const accounts = {} as Record<Exclude<Caller, 'anonymous'>, TestAccount>;
const tokens = {} as Record<Caller, string | null>;

async function newCaller(caller: Caller): Promise<{ account?: TestAccount; token: string | null }> {
  if (caller === 'anonymous') return { token: null };
  const account = await createAccount({
    role: ROLE_OF[caller]!,
    approved: caller !== 'unapproved',
  });
  // An unapproved account cannot sign in: give it a session directly (its record says unapproved).
  const token =
    caller === 'unapproved' ? await mintSession(account.uid) : await login(app, account);
  return { account, token };
}

beforeAll(async () => {
  await resetBackends();
  await createRole(CUSTOM_ROLE.name, CUSTOM_ROLE.permissions);
  for (const caller of CALLERS) {
    const { account, token } = await newCaller(caller);
    if (account) accounts[caller as Exclude<Caller, 'anonymous'>] = account;
    tokens[caller] = token;
  }
}, 120_000);

describe('the route matrix', () => {
  it('has a sample request for every route in the table, and none for routes not in it', () => {
    const tableKeys = routeTable.map(keyOf).sort();
    const missing = tableKeys.filter((key) => !samples[key]);
    expect(missing, 'routes without a sample request in route-matrix.test.ts').toEqual([]);
    expect(Object.keys(samples).sort()).toEqual(tableKeys);
  });

  describe.each(routeTable.map((spec) => [keyOf(spec), spec] as const))('%s', (key, spec) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const build = samples[key];
      if (!build) throw new Error(`No sample request for ${key} in route-matrix.test.ts`);
      const sample = await build({
        caller,
        freshCaller: async () => (await newCaller(caller)).token,
      });
      const token = sample.token === undefined ? tokens[caller] : sample.token;
      let call = request(app)[spec.method](`/api${sample.path}`);
      if (token) call = call.set('Authorization', `Bearer ${token}`);
      const res = sample.body === undefined ? await call : await call.send(sample.body);

      const refused = refusal(spec.access, caller);
      const summary = `${key} as ${caller}: ${res.status} ${JSON.stringify(res.body)}`;
      if (refused) {
        expect({ status: res.status, message: res.body.message }, summary).toEqual(refused);
      } else {
        // Through the access check: whatever the handler answers, it is not the table's refusal.
        const accessRefusal =
          (res.status === 401 && res.body.message === 'Sign in required') ||
          (res.status === 403 && /^Access denied/.test(String(res.body.message)));
        expect(accessRefusal, summary).toBe(false);
        expect(res.status, summary).toBeLessThan(500);
      }
    });
  });

  it('kept every caller signed in throughout (no sample ended a shared session)', async () => {
    for (const caller of ['sales', 'accounts', 'custom', 'admin'] as const) {
      const res = await request(app)
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${tokens[caller]}`);
      expect(res.status, caller).toBe(200);
      expect(res.body.role).toBe(ROLE_OF[caller]);
    }
  });
});
