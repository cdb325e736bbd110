// The front's forwarding to the api's instances, with stand-ins for them: an instance that
// refuses the connection (restarting) has had nothing of a request, which goes to another
// instance whole, its body included; only when every instance refuses is the answer 503.
import { readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ROOT } from '../config.ts';
import { startFront, type Front } from '../front.ts';

const opened: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of opened.splice(0).reverse()) await server.stop();
});

const FRONT_SECRET = 'the-front-secret';

/** A port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An instance that answers what it received: method, path and body. */
async function echoInstance(): Promise<{ port: number; received: string[] }> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const forwarding = {
        for: req.headers['x-forwarded-for'],
        host: req.headers['x-forwarded-host'],
        front: req.headers['x-crm-front'],
      };
      res.end(JSON.stringify({ method: req.method, url: req.url, body, forwarding }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({ stop: () => new Promise((resolve) => server.close(() => resolve())) });
  return { port: (server.address() as net.AddressInfo).port, received };
}

async function front(apiPorts: number[]): Promise<number> {
  const port = await closedPort();
  const started: Front = await startFront(port, apiPorts, FRONT_SECRET);
  opened.push(started);
  return port;
}

function send(
  port: number,
  method: string,
  path: string,
  body?: string,
  headers: http.OutgoingHttpHeaders = {},
) {
  return new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const options = { host: '127.0.0.1', port, method, path, headers, agent: false };
    const req = http.request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

it('sends a request an instance refused to another, its body whole', async () => {
  const down = await closedPort();
  const up = await echoInstance();
  const port = await front([down, up.port]);
  // A body larger than a socket's first write, so that none of it may be spent on the refusal.
  const body = JSON.stringify({ names: ['Asha'], note: 'x'.repeat(200_000) });
  // The first pick is the refusing instance (the first in turn); each call is answered by the other.
  const created = await send(port, 'POST', '/api/customers', body);
  expect(created.status).toBe(200);
  expect(created.json).toMatchObject({ method: 'POST', url: '/api/customers', body });
  const listed = await send(port, 'GET', '/api/customers?limit=5');
  expect(listed.status).toBe(200);
  expect(listed.json.url).toBe('/api/customers?limit=5');
  expect(up.received).toEqual([`POST /api/customers ${body}`, 'GET /api/customers?limit=5 ']);
});

it('answers 503 with a message when every instance refuses', async () => {
  const port = await front([await closedPort(), await closedPort()]);
  const answer = await send(port, 'POST', '/api/customers', '{"names":["Asha"]}');
  expect(answer).toEqual({
    status: 503,
    json: { message: 'The API is restarting; try again shortly' },
  });
});

it("replaces the caller's forwarding headers with its own word and its secret", async () => {
  const up = await echoInstance();
  const port = await front([up.port]);
  const forged = {
    'X-Forwarded-For': '203.0.113.9',
    'X-Forwarded-Host': 'evil.example',
    'X-CRM-Front': 'a guess',
  };
  const { json } = await send(port, 'GET', '/api/health', undefined, forged);
  expect(json.forwarding).toEqual({
    for: '127.0.0.1',
    host: `127.0.0.1:${port}`,
    front: FRONT_SECRET,
  });
});

it('answers a missing file under /assets 404 with no long cache, and pages with the app', async () => {
  const port = await front([await closedPort()]);
  const get = (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
  const missing = await get('/assets/index-0ld8u1ld.js');
  expect(missing.status).toBe(404);
  expect(missing.headers.get('cache-control')).toBe('no-store');
  expect(await missing.json()).toEqual({ message: 'Not found' });
  const chunk = readdirSync(path.join(ROOT, 'web/dist/assets')).find((f) => f.endsWith('.js'));
  const present = await get(`/assets/${chunk}`);
  expect(present.status).toBe(200);
  expect(present.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  for (const page of ['/', '/customers', '/customers/abc']) {
    const res = await get(page);
    expect(res.status, page).toBe(200);
    expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
  }
});
