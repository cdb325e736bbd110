import type { RequestHandler } from 'express';

// The API answers JSON, CSV and event streams, never pages: nothing in an answer may load,
// run, be framed or be sniffed into something else, and answers hold customer data, so no cache
// keeps them.
const HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set(HEADERS);
  // The functions emulator's own Express app adds it before ours runs.
  res.removeHeader('X-Powered-By');
  next();
};
