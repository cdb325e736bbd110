// Meta signs each webhook delivery: X-Hub-Signature-256 = 'sha256=' + hex HMAC-SHA256 of the
// raw request body, keyed with the app secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signBody(body: Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function validSignature(body: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !secret) return false;
  const expected = Buffer.from(signBody(body, secret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
