// Who may call what: every /api route is in `routeTable`, and `route()` is the only way to
// register one, so a route cannot exist without saying who may call it. The README prints
// this table.
import type { RequestHandler, Router } from 'express';
import { HttpError } from './errors';

export interface Session {
  uid: string;
  email: string;
  role: string;
  permissions: string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in caller; undefined when the request carries no valid session. */
    session?: Session;
  }
}

export type Access = 'public' | 'signed-in' | 'admin' | { permission: string };
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec {
  method: HttpMethod;
  /** Express path below /api, e.g. '/customers/:id'. */
  path: string;
  access: Access;
}

export const routeTable = [
  { method: 'get', path: '/health', access: 'public' },
] as const satisfies readonly RouteSpec[];

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${Uppercase<M>} ${P}`
  : never;

/** 'GET /health' and so on: one per table entry. */
export type RouteKey = KeyOf<(typeof routeTable)[number]>;

const specsByKey = new Map<string, RouteSpec>(
  routeTable.map((spec) => [`${spec.method.toUpperCase()} ${spec.path}`, spec]),
);

/** Registers the table's route `key` on `router`, behind its access check. */
export function route(router: Router, key: RouteKey, ...handlers: RequestHandler[]): void {
  const spec = specsByKey.get(key);
  if (!spec) throw new Error(`Route ${key} is not in the route table`);
  router[spec.method](spec.path, requireAccess(spec.access), ...handlers);
}

export function requireAccess(access: Access): RequestHandler {
  return function accessCheck(req, _res, next) {
    if (access === 'public') return next();
    const { session } = req;
    if (!session) throw new HttpError(401, 'Sign in required');
    if (access === 'signed-in' || session.role === 'admin') return next();
    if (access === 'admin') throw new HttpError(403, 'Access denied (admin only).');
    if (!session.permissions.includes(access.permission)) {
      throw new HttpError(403, `Access denied (needs the ${access.permission} permission).`);
    }
    next();
  };
}

// The accounts issue fills this in: verify the Firebase session cookie (revocation checked),
// load the user's role and permissions, and set req.session. Until then nobody is signed in.
export const sessionMiddleware: RequestHandler = (_req, _res, next) => {
  next();
};
