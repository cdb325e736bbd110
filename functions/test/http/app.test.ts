import express from 'express';
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { JSON_BODY_LIMIT_BYTES } from '../../src/http/json-body';

const securityHeaders = {
  'content-security-policy': expect.stringContaining("default-src 'none'"),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const oversized = { pad: 'x'.repeat(JSON_BODY_LIMIT_BYTES) };

describe('the /api app', () => {
  const app = createApp();

  it('answers GET /api/health with ok, security headers and no X-Powered-By', async () => {
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers).toMatchObject(securityHeaders);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });

  it('answers an unknown /api route with the 404 envelope and security headers', async () => {
    const res = await request(app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
    expect(res.headers).toMatchObject(securityHeaders);
  });

  it('answers paths outside /api with the same 404 envelope', async () => {
    const res = await request(app).get('/health');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await request(app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
    expect(res.headers).toMatchObject(securityHeaders);
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const res = await request(app).post('/api/health').send(oversized);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large (limit 1 MB)' });
  });

  it('reads a JSON body just under 1 MB (then routes it: no POST /api/health)', async () => {
    const res = await request(app)
      .post('/api/health')
      .send({ pad: 'x'.repeat(JSON_BODY_LIMIT_BYTES - 100) });
    expect(res.status).toBe(404);
  });
});

// The Cloud Functions runtime and the functions emulator run the app inside their own Express
// app, which has already parsed the body (32 MB limit, bytes kept in req.rawBody) and, in the
// emulator, sent X-Powered-By.
describe('the /api app behind the functions runtime', () => {
  const runtime = express();
  runtime.use(
    express.json({
      limit: '32mb',
      verify: (req: IncomingMessage & { rawBody?: Buffer }, _res, buf) => {
        req.rawBody = buf;
      },
    }),
  );
  runtime.use(createApp());

  it('still answers health without X-Powered-By', async () => {
    const res = await request(runtime).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers).not.toHaveProperty('x-powered-by');
  });

  it('still refuses a JSON body over 1 MB with 413', async () => {
    const res = await request(runtime).post('/api/health').send(oversized);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large (limit 1 MB)' });
  });
});
