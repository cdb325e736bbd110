// What the functions framework (the runtime production runs) does with bodies and paths before
// the app runs, once index.ts has taken over its parsers: a compressed body stops at the app's
// limits as it inflates (a 200 KB gzip of 200 MB costs neither memory nor time), and every body
// or path it cannot read is answered in the app's JSON envelope, never an HTML page.
import { gzipSync, createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { frameworkServer } from '../support/framework-server';

let server: Awaited<ReturnType<typeof frameworkServer>>;
let bomb: Buffer;

/** `mb` megabytes of zeros, gzipped (streamed: the zeros are never held at once). */
async function gzippedZeros(mb: number): Promise<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024);
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < mb; i++) yield zeros;
    })(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of source.pipe(createGzip({ level: 9 }))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = await frameworkServer(createApp());
  bomb = await gzippedZeros(200);
});
afterAll(async () => {
  await server?.close();
});

function post(path: string, body: Uint8Array | string, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers,
  });
}

async function expectEnvelope(res: Response, status: number, message: RegExp) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(text).not.toMatch(/<html|<pre|node_modules|\/work\/|at [A-Za-z.]+ \(/i);
  expect((JSON.parse(text) as { message: string }).message).toMatch(message);
}

describe('a compressed body behind the functions framework', () => {
  for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
    it(`stops inflating at the limit: 413 in under a second, memory barely moves (${type})`, async () => {
      expect(bomb.length).toBeLessThan(400 * 1024);
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const started = performance.now();
      const res = await post('/api/health', bomb, {
        'Content-Type': type,
        'Content-Encoding': 'gzip',
      });
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      await expectEnvelope(res, 413, /^Request body too large \(limit 1 MB\)$/);
      expect(elapsed).toBeLessThan(1000);
      expect((peak - before) / 1024 / 1024).toBeLessThan(50);
    });
  }

  it('still takes a small gzipped JSON body', async () => {
    const res = await post('/api/auth/login', gzipSync(JSON.stringify({ email: 'x' })), {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.email).toBe(
      'Enter a valid email address',
    );
  });
});

describe('bodies and paths the runtime cannot read are answered in the envelope', () => {
  it('an unknown Content-Encoding is 415', async () => {
    const res = await post('/api/auth/login', '{}', {
      'Content-Type': 'application/json',
      'Content-Encoding': 'x-unknown',
    });
    await expectEnvelope(res, 415, /Content-Encoding/);
  });

  it('a charset nobody reads JSON in is 415', async () => {
    const res = await post('/api/auth/login', '{}', {
      'Content-Type': 'application/json; charset=ibm1047',
    });
    await expectEnvelope(res, 415, /charset/);
  });

  it('a broken gzip body is 400', async () => {
    const broken = gzipSync('{"email": "a@b.in"}').subarray(0, 12);
    const res = await post('/api/auth/login', broken, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    await expectEnvelope(res, 400, /could not be read|Malformed/);
  });

  it('a path with malformed percent-encoding is 400', async () => {
    for (const path of ['/api/customers/%', '/api/customers/%ff', '/%%', '/api/%u0000']) {
      const res = await fetch(`${server.url}${path}`);
      await expectEnvelope(res, 400, /percent-encoding/);
    }
  });
});
