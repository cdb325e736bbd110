// What a caller reaches on a running stack and what it gets back at the edges: the api process
// listens on 127.0.0.1 only; the front and the api answer every error as JSON `{ message }`
// (malformed percent-encoding, unreadable bodies); a gzip bomb costs the api process neither
// memory nor time; pages carry the hosting section's policies (their inline boot script allowed
// by its hash) and /api keeps its own headers.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portsFromFirebaseJson } from '../config.ts';
import { API_INSTANCE_NAMES, startStack, type Stack } from '../stack.ts';

const OFFSET = 80;
let stack: Stack;

beforeAll(async () => {
  // Fresh, nothing kept: only the edges are looked at.
  stack = await startStack({ ports: portsFromFirebaseJson(OFFSET), quiet: true });
});
afterAll(async () => {
  await stack?.stop();
});

/** The resident memory of the api's instances together, in MB (Linux). */
function apiRssMb(): number {
  expect(API_INSTANCE_NAMES.length).toBeGreaterThan(1);
  return API_INSTANCE_NAMES.map((name) =>
    readFileSync(`/proc/${stack.pids()[name]}/status`, 'utf8'),
  ).reduce((mb, status) => mb + Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024, 0);
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A raw request (fetch would normalise a malformed path). */
function raw(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${stack.url}${path}`, {
      method: init.method ?? 'GET',
      headers: init.headers,
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

function expectEnvelope(
  res: { status: number; headers: http.IncomingHttpHeaders; text: string },
  status: number,
) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.text).not.toMatch(/<html|<pre|node_modules|\/work\/|Unexpected error occurred/i);
  expect(typeof (JSON.parse(res.text) as { message?: unknown }).message).toBe('string');
}

async function gzippedZeros(mb: number): Promise<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024);
  const chunks: Buffer[] = [];
  const source = Readable.from(
    (function* () {
      for (let i = 0; i < mb; i++) yield zeros;
    })(),
  );
  for await (const chunk of source.pipe(createGzip({ level: 9 }))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the stack at its edges', () => {
  it('serves the api on 127.0.0.1 only, every instance', async () => {
    expect(stack.apiPorts.length).toBeGreaterThan(1);
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === 'IPv4')
      .map((a) => a!.address);
    for (const apiPort of stack.apiPorts) {
      expect(await connects('127.0.0.1', apiPort)).toBe(true);
      for (const address of outside) expect(await connects(address, apiPort)).toBe(false);
    }
  });

  it('listens below the ports the system hands out to outgoing connections', async () => {
    // One of those, taken by a connection while the outbox was about to listen, once failed a
    // stack's start (EADDRINUSE).
    const [ephemeralFrom] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    const outboxPort = Number(new URL(stack.outboxUrl).port);
    expect(outboxPort).toBe(stack.apiPorts.at(-1)! + 1);
    for (const port of [...stack.apiPorts, outboxPort]) expect(port).toBeLessThan(ephemeralFrom);
    expect(await connects('127.0.0.1', outboxPort)).toBe(true);
  });

  it('answers malformed percent-encoding 400 as JSON, on pages and on /api', async () => {
    for (const path of ['/%', '/%%', '/%ff', '/%u0000', '/api/customers/%', '/customers/%E0%A4']) {
      expectEnvelope(await raw(path), 400);
    }
  });

  it('answers bodies it cannot read as JSON, through the front', async () => {
    const json = { 'Content-Type': 'application/json' };
    expectEnvelope(
      await raw('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=ibm1047' },
        body: '{}',
      }),
      415,
    );
    expectEnvelope(
      await raw('/api/auth/login', {
        method: 'POST',
        headers: { ...json, 'Content-Encoding': 'x-unknown' },
        body: '{}',
      }),
      415,
    );
    expectEnvelope(
      await raw('/api/auth/login', {
        method: 'POST',
        headers: { ...json, 'Content-Encoding': 'gzip' },
        body: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]),
      }),
      400,
    );
  });

  it('refuses a gzip bomb at once without the api process growing', async () => {
    const bomb = await gzippedZeros(300);
    expect(bomb.length).toBeLessThan(600 * 1024);
    const before = apiRssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, apiRssMb())), 10);
    const started = performance.now();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        raw('/api/health', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
          body: bomb,
        }),
      ),
    );
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    for (const res of answers) expectEnvelope(res, 413);
    expect(elapsed).toBeLessThan(1_000);
    expect(peak - before).toBeLessThan(50);
  });

  it('gives pages their policies and leaves the api its own', async () => {
    const page = await raw('/customers');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    // The page's one inline script (the boot script, web/build/boot-script.ts) runs: the policy
    // names its hash. Its JSON data block is not a script and needs none.
    const policy = String(page.headers['content-security-policy']);
    const inline = [...page.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]).digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(policy).not.toContain('unsafe-inline');
    const api = await raw('/api/health');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
