// Apps for the customers and entries API tests whose caller is an admin, an employee (the
// baseline permissions), a role without customer or entry permissions, or nobody.
import type { Express, Request, RequestHandler } from 'express';
import { createApp } from '../../src/app/app';

export const EMPLOYEE_PERMISSIONS = [
  'customers.read',
  'customers.write',
  'entries.read',
  'entries.write',
  'templates.read',
];

export type Caller = 'admin' | 'employee' | 'outsider' | null;

export const ADMIN = { uid: 'admin-uid', email: 'admin@example.in', name: 'Anita Admin' };
export const EMPLOYEE = { uid: 'sales-uid', email: 'sales@example.in', name: 'Suresh Sales' };

export function session(caller: Caller): RequestHandler {
  return (req, _res, next) => {
    if (caller === 'admin')
      req.session = { uid: ADMIN.uid, email: ADMIN.email, role: 'admin', permissions: ['*'] };
    if (caller === 'employee')
      req.session = {
        uid: EMPLOYEE.uid,
        email: EMPLOYEE.email,
        role: 'sales',
        permissions: EMPLOYEE_PERMISSIONS,
      };
    if (caller === 'outsider')
      req.session = { uid: 'x-uid', email: 'x@example.in', role: 'viewer', permissions: [] };
    next();
  };
}

export const appAs = (caller: Caller): Express => createApp({ session: session(caller) });

/** An app whose caller has the session `signedIn` (another person, another role). */
export const appWithSession = (signedIn: NonNullable<Request['session']>): Express =>
  createApp({
    session: (req, _res, next) => {
      req.session = signedIn;
      next();
    },
  });
