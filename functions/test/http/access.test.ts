import { Router, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sessionMiddleware } from '../../src/features/accounts';
import { requireAccess } from '../../src/http/access';
import { createApp } from '../../src/app/app';

// Stands in for the real session middleware: the caller's role and permissions come from
// test headers.
const fakeSession: RequestHandler = (req, _res, next) => {
  const role = req.get('x-test-role');
  if (role) {
    const permissions = (req.get('x-test-permissions') ?? '').split(',').filter(Boolean);
    req.session = { uid: 'u1', email: 'u1@example.com', role, permissions };
  }
  next();
};

function testRoutes(): Router {
  const api = Router();
  const ok: RequestHandler = (req, res) => {
    res.json({ uid: req.session?.uid ?? null });
  };
  api.get('/public', requireAccess('public'), ok);
  api.get('/signed-in', requireAccess('signed-in'), ok);
  api.get('/admin', requireAccess('admin'), ok);
  api.get('/reports', requireAccess({ permission: 'reports.view' }), ok);
  return api;
}

const app = createApp({ session: fakeSession, api: testRoutes() });

const signInRequired = { status: 401, message: 'Sign in required' };
const adminOnly = { status: 403, message: 'Access denied (admin only).' };
const needsReports = { status: 403, message: 'Access denied (needs the reports.view permission).' };
const allowed = { status: 200, message: undefined };

describe('requireAccess', () => {
  it.each([
    ['/public', undefined, '', allowed],
    ['/signed-in', undefined, '', signInRequired],
    ['/signed-in', 'sales', '', allowed],
    ['/admin', undefined, '', signInRequired],
    ['/admin', 'sales', 'reports.view', adminOnly],
    ['/admin', 'admin', '', allowed],
    ['/reports', undefined, '', signInRequired],
    ['/reports', 'accounts', 'customers.edit', needsReports],
    ['/reports', 'accounts', 'customers.edit,reports.view', allowed],
    ['/reports', 'manager', '*', allowed],
    ['/reports', 'admin', '', allowed],
  ])('GET %s as %s with permissions "%s"', async (path, role, permissions, expected) => {
    let call = request(app).get(`/api${path}`);
    if (role) call = call.set('x-test-role', role).set('x-test-permissions', permissions);
    const res = await call;
    expect(res.status).toBe(expected.status);
    expect(res.body.message).toBe(expected.message);
  });
});

// The real middleware with real sessions: test/accounts/session.test.ts.
describe('sessionMiddleware', () => {
  it('leaves a caller whose token is no good signed out', async () => {
    const signedOut = createApp({ session: sessionMiddleware, api: testRoutes() });
    const res = await request(signedOut).get('/api/signed-in').set('Cookie', '__session=abc');
    expect(res.status).toBe(401);
  });
});
