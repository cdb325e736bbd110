import type { Request } from 'express';

/**
 * The caller's IP address for per-IP limits. Behind Firebase Hosting the client's address comes
 * in Fastly-Client-IP; a direct call to the function's URL has it first in X-Forwarded-For
 * (Cloud Run's front end). Elsewhere (tests, emulators) it is the socket's peer. These headers
 * can be forged by a direct caller, so per-IP limits are a brake; the per-account limits hold.
 */
export function clientIp(req: Request, env: NodeJS.ProcessEnv = process.env): string {
  if (env.K_SERVICE) {
    const fastly = req.get('fastly-client-ip')?.trim();
    if (fastly) return fastly;
    const forwarded = req.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
