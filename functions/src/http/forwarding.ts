// Whether a request's forwarding headers (X-Forwarded-For, X-Forwarded-Host) are a front's word
// or the caller's own.
//
// - Deployed, the function is Cloud Run behind Google's front end, which every request passes:
//   it appends to X-Forwarded-For itself, and Hosting's rewrite sets X-Forwarded-Host. No
//   CRM_FRONT_SECRET is set there, so every request's headers are believed (client-ip.ts walks
//   X-Forwarded-For from the right).
// - On the local stack the api instances listen on 127.0.0.1, where any local program can reach
//   them past the front. The launcher gives the front and the instances one random secret
//   (CRM_FRONT_SECRET); the front sends it in X-CRM-Front with every request it forwards, and
//   an instance believes forwarding headers only from a request carrying it. Any other request
//   counts as its socket's peer and the Host it sent.
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export const FRONT_SECRET_HEADER = 'x-crm-front';

/** Whether the request came through the front the forwarding headers may be believed from. */
export function throughTrustedFront(req: Request, env: NodeJS.ProcessEnv = process.env): boolean {
  const secret = env.CRM_FRONT_SECRET;
  if (!secret) return true;
  const given = Buffer.from(req.get(FRONT_SECRET_HEADER) ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The hosts the caller addressed, lowercased: the front's X-Forwarded-Host when believed, and Host. */
export function addressedHosts(req: Request): string[] {
  const forwarded = throughTrustedFront(req) ? req.get('x-forwarded-host') : undefined;
  return [forwarded, req.get('host')]
    .flatMap((value) => (value ?? '').split(','))
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}
