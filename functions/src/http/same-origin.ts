// Calls signed in by the __session cookie must come from the app's own pages. SameSite=Strict
// keeps the cookie off cross-site requests, but a page on any sibling subdomain is "same site"
// and could post a form that rides it. Calls signed in by the Bearer header need no check: a
// page on another origin cannot read the token to send it.
import type { Request } from 'express';
import { HttpError } from './errors';
import { addressedHosts } from './forwarding';

export const CROSS_ORIGIN = 'This request did not come from the app’s own pages.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Throws 403 unless a cookie-signed call comes from the app's own origin. Browsers say where a
 * request comes from in Sec-Fetch-Site (every current one) and, for anything but a GET, in
 * Origin; a call that changes something and says neither is refused, since its origin is
 * unknown. Reading (GET) from a link the person opened themselves ('none') is fine.
 */
export function assertSameOrigin(req: Request): void {
  const site = req.get('sec-fetch-site')?.trim().toLowerCase();
  const safe = SAFE_METHODS.has(req.method);
  if (site !== undefined) {
    if (site === 'same-origin' || (safe && site === 'none')) return;
    throw new HttpError(403, CROSS_ORIGIN);
  }
  const origin = req.get('origin');
  if (origin === undefined) {
    if (safe) return;
    throw new HttpError(403, CROSS_ORIGIN);
  }
  const host = originHost(origin);
  if (host && addressedHosts(req).includes(host)) return;
  throw new HttpError(403, CROSS_ORIGIN);
}
