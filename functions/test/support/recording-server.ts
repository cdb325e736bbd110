// An HTTP server standing in for SendGrid's API and the Graph API: it records every request
// and answers as the provider would, or as a test tells it to (an error, a long silence).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer only after this long (a timeout test). */
  delayMs?: number;
}

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** The next answers; when empty, the provider's usual success. */
  replies: Reply[];
  close(): Promise<void>;
}

function usualReply(path: string): Reply {
  if (path.endsWith('/v3/mail/send')) {
    return { status: 202, headers: { 'X-Message-Id': 'sg-message-1' } };
  }
  if (path.endsWith('/messages')) {
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '919812345678', wa_id: '919812345678' }],
        messages: [{ id: 'wamid.TEST1' }],
      },
    };
  }
  return { status: 404, body: { error: 'no such endpoint' } };
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const replies: Reply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body, json });
      const reply = replies.shift() ?? usualReply(path);
      const send = () => {
        if (res.destroyed) return;
        // Bytes (a media download) go as they are; anything else as JSON.
        const raw = Buffer.isBuffer(reply.body) ? reply.body : undefined;
        const payload = raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
        res.writeHead(reply.status, {
          ...(payload.length > 0 && !raw ? { 'Content-Type': 'application/json' } : {}),
          ...reply.headers,
        });
        res.end(payload);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    replies,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (for "cannot reach" tests; fetch refuses well-known ones like 9). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
