// A body that trickles in (a byte now and then, a slow-loris sender) is not waited for: behind
// the functions framework, one that has not arrived whole in time is answered 408 in the JSON
// envelope and its connection closed.
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/app';
import { bodyArrival } from '../../src/http/runtime-body-parser';
import { frameworkServer } from '../support/framework-server';

let server: Awaited<ReturnType<typeof frameworkServer>>;
const saved = { ...bodyArrival };

beforeAll(async () => {
  server = await frameworkServer(createApp());
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => Object.assign(bodyArrival, saved));

/** Sends a request whose JSON body comes a byte every 100 ms; resolves with all it heard. */
function trickle(contentType = 'application/json'): Promise<{ answer: string; ms: number }> {
  const { port } = new URL(server.url);
  const body = JSON.stringify({ names: ['Slow Sender'], note: 'x'.repeat(200) });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST /api/customers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${body.length}\r\n\r\n`,
      );
      let i = 0;
      const drip = setInterval(() => {
        if (socket.destroyed || i >= body.length) return clearInterval(drip);
        socket.write(body[i++]);
      }, 100);
      socket.on('close', () => clearInterval(drip));
    });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
  });
}

describe('a body that arrives too slowly', () => {
  it('is answered 408 as JSON at the limit, and its connection closed, however many come at once', async () => {
    bodyArrival.otherMs = 1_000;
    const answers = await Promise.all(Array.from({ length: 20 }, () => trickle()));
    for (const { answer, ms } of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(answer).toContain('{"message":"The request body did not arrive within 1 second."}');
      expect(ms).toBeLessThan(3_000);
    }
  });

  it('gives an upload (multipart) its own, longer limit', async () => {
    bodyArrival.otherMs = 500;
    bodyArrival.multipartMs = 1_500;
    const { answer, ms } = await trickle('multipart/form-data; boundary=x');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(1_400);
  });
});
