// Apps for API tests whose caller is whoever the test says: an admin, an employee, nobody.
import type { Express, RequestHandler } from 'express';
import { createApp } from '../../src/app/app';

export function fakeSession(role: string | null): RequestHandler {
  return (req, _res, next) => {
    if (role) {
      req.session = { uid: `${role}-uid`, email: `${role}@example.in`, role, permissions: [] };
    }
    next();
  };
}

export const appAs = (role: string | null): Express => createApp({ session: fakeSession(role) });
