import { Router } from 'express';
import * as logger from 'firebase-functions/logger';
import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../src/app/app';
import { HttpError, validationError } from '../../src/http/errors';
import { parseBody } from '../../src/http/validate';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn() }));

const contact = z.object({
  email: z.email('Invalid email'),
  phone: z.string('Required').min(10, 'At least 10 digits'),
  address: z.object({ city: z.string('Required') }),
});

function testRoutes(): Router {
  const api = Router();
  api.get('/http-error', () => {
    throw new HttpError(409, 'Customer already exists', { email: 'Already used' });
  });
  api.post('/contacts', (req, res) => {
    res.status(201).json(parseBody(contact, req));
  });
  api.get('/zod-error', (req) => {
    z.object({ days: z.coerce.number().int('Whole days only') }).parse(req.query);
  });
  api.get('/database-gone/:code', async (req) => {
    await Promise.resolve();
    throw Object.assign(new Error('the database went away'), { code: Number(req.params.code) });
  });
  // Answered 503 first, as the database deadline answers a request it gives up on.
  api.get('/late/:outcome', async (req, res) => {
    res.status(503).json({ message: 'try again' });
    await Promise.resolve();
    if (req.params.outcome === 'failure') throw new Error('the abandoned work failed');
    res.json({ done: true });
  });
  api.get('/crash', async () => {
    await Promise.resolve();
    throw new Error('connection string with a password');
  });
  return api;
}

describe('the error envelope', () => {
  const app = createApp({ api: testRoutes() });

  beforeEach(() => {
    vi.mocked(logger.error).mockClear();
  });

  it('answers an HttpError with its status, message and fields', async () => {
    const res = await request(app).get('/api/http-error');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'Customer already exists',
      fields: { email: 'Already used' },
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('answers a bad body with 400 naming each field', async () => {
    const res = await request(app)
      .post('/api/contacts')
      .send({ email: 'nope', phone: '123', address: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'email: Invalid email; phone: At least 10 digits; address.city: Required',
      fields: {
        email: 'Invalid email',
        phone: 'At least 10 digits',
        'address.city': 'Required',
      },
    });
  });

  it('names every missing field when there is no body at all', async () => {
    const res = await request(app).post('/api/contacts');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['email', 'phone', 'address']);
  });

  it('passes a good body through, parsed', async () => {
    const good = { email: 'a@example.com', phone: '9876543210', address: { city: 'Pune' } };
    const res = await request(app)
      .post('/api/contacts')
      .send({ ...good, extra: 'dropped' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(good);
  });

  it('answers a zod error thrown outside parseBody with 400 too', async () => {
    const res = await request(app).get('/api/zod-error?days=1.5');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'days: Whole days only',
      fields: { days: 'Whole days only' },
    });
  });

  it('answers an unexpected (async) error with a generic 500, the detail only in the log', async () => {
    const res = await request(app).get('/api/crash?q=secret-search');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal error' });
    expect(res.text).not.toContain('password');
    expect(logger.error).toHaveBeenCalledOnce();
    const [message, error] = vi.mocked(logger.error).mock.calls[0];
    expect(message).toBe('GET /api/crash failed:');
    expect(message).not.toContain('secret-search');
    expect((error as Error).message).toBe('connection string with a password');
  });
});

describe('a database call cut short', () => {
  const app = createApp({ api: testRoutes() });

  it('answers 503 "try again" for each code the Firestore client gives when it was not carried through', async () => {
    // CANCELLED, UNKNOWN, DEADLINE_EXCEEDED, ABORTED, INTERNAL, UNAVAILABLE
    for (const code of [1, 2, 4, 10, 13, 14]) {
      const res = await request(app).get(`/api/database-gone/${code}`);
      expect(res.status, `code ${code}`).toBe(503);
      expect(res.body.message).toBe('The database is unavailable; try again shortly');
    }
    // A code that says the request itself is wrong stays an error of its own.
    expect((await request(app).get('/api/database-gone/3')).status).toBe(500);
  });
});

describe('work that ends after its 503', () => {
  const app = createApp({ api: testRoutes() });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  beforeEach(() => {
    vi.mocked(logger.info).mockClear();
    vi.mocked(logger.warn).mockClear();
  });

  it('drops a late answer, told as finished rather than failed', async () => {
    const res = await request(app).get('/api/late/answer');
    await settled();
    expect(res.status).toBe(503);
    expect(logger.info).toHaveBeenCalledWith(
      'GET /api/late/answer finished after its 503; its answer is dropped',
    );
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('tells a late failure as a failure', async () => {
    const res = await request(app).get('/api/late/failure');
    await settled();
    expect(res.status).toBe(503);
    expect(vi.mocked(logger.warn).mock.calls[0]?.[0]).toBe(
      'GET /api/late/failure failed after its answer:',
    );
    expect(logger.info).not.toHaveBeenCalled();
  });
});

describe('validationError', () => {
  it('keeps a message for input that is wrong as a whole, without fields', () => {
    const result = z.object({}).safeParse('text');
    expect(result.success).toBe(false);
    const error = validationError(result.error!);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/expected object/);
    expect(error.fields).toBeUndefined();
  });

  it('names the first few fields in the message and all of them in fields', () => {
    const rows = z.array(z.object({ name: z.string('Required') }));
    const result = rows.safeParse(Array.from({ length: 8 }, () => ({})));
    const error = validationError(result.error!);
    expect(error.message).toBe(
      '0.name: Required; 1.name: Required; 2.name: Required; 3.name: Required; ' +
        '4.name: Required; and 3 more',
    );
    expect(Object.keys(error.fields ?? {})).toHaveLength(8);
  });
});
