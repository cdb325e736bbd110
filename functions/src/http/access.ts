// Who may call what: every /api route is in contract/routes.ts's `routeTable`, and `route()`
// is the only way to register one, so a route cannot exist without saying who may call it.
import type { RequestHandler, Response, Router } from 'express';
import type { ParamsDictionary } from 'express-serve-static-core';
import type { FileAnswer, RouteAnswer, RouteFailure } from '../contract/route-types';
import { routeTable, type Access, type RouteKey, type RouteSpec } from '../contract/routes';
import { requireBodyType } from './body-type';
import { HttpError } from './errors';
import { leaveOutOfPeopleWaits } from './people-waits';

export type { Access, RouteKey, RouteSpec };

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

const specsByKey = new Map<string, RouteSpec>(
  routeTable.map((spec) => [`${spec.method.toUpperCase()} ${spec.path}`, spec]),
);

/** What a download's handler sends (`res.send()`) instead of JSON. */
export type FileBytes = Buffer | string;

/**
 * What `res.json()` (and `res.send()`) take on route `K`: its answer in the table, or the body
 * of one of its refusals; a download's bytes.
 */
export type JsonAnswer<K extends RouteKey> =
  RouteAnswer<K> extends FileAnswer ? FileBytes : RouteAnswer<K> | RouteFailure<K>;

/** A handler of route `K`: `res.json()` and `res.status(…).json()` take only its answer. */
export type RouteHandler<K extends RouteKey> = RequestHandler<ParamsDictionary, JsonAnswer<K>>;

/** The response of route `K`, for a handler written apart from its `route()` line. */
export type RouteResponse<K extends RouteKey> = Response<JsonAnswer<K>>;

/**
 * Registers the table's route `key` on `router`, behind its access check; its handlers answer
 * the table's answer type for `key` (contract/route-types.ts).
 */
export function route<K extends RouteKey>(
  router: Router,
  key: K,
  ...handlers: RouteHandler<K>[]
): void {
  const spec = specsByKey.get(key);
  if (!spec) throw new Error(`Route ${key} is not in the route table`);
  router[spec.method](
    spec.path,
    requireAccess(spec.access),
    requireBodyType(spec.body ?? 'json'),
    ...(spec.notPeoplesWait === undefined ? [] : [leaveOutOfPeopleWaits]),
    ...handlers,
  );
}

/** A route's permission as a list: any one of them lets the call through. */
export const permissionsOf = (permission: string | readonly string[]): readonly string[] =>
  typeof permission === 'string' ? [permission] : permission;

export function requireAccess(access: Access): RequestHandler {
  return function accessCheck(req, _res, next) {
    if (access === 'public') return next();
    const { session } = req;
    if (!session) throw new HttpError(401, 'Sign in required');
    if (access === 'signed-in' || session.role === 'admin') return next();
    if (access === 'admin') throw new HttpError(403, 'Access denied (admin only).');
    if ('adminOnly' in access) throw new HttpError(403, access.adminOnly);
    const anyOf = permissionsOf(access.permission);
    if (!session.permissions.includes('*') && !anyOf.some((p) => session.permissions.includes(p))) {
      throw new HttpError(403, `Access denied (needs the ${anyOf.join(' or ')} permission).`);
    }
    next();
  };
}
