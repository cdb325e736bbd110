// The local stack's stand-in for SendGrid's API and the WhatsApp Cloud API: nothing leaves the
// machine. The functions (and the local job runner) send here through SENDGRID_API_BASE and
// WHATSAPP_API_BASE; each message is answered as the provider would, kept in `outbox.jsonl`
// and listed at GET /messages (the browser tests read it).
import { appendFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface OutboxMessage {
  at: string;
  channel: 'email' | 'whatsapp';
  id: string;
  to: string[];
  /** The email subject, or the WhatsApp text / template name. */
  summary: string;
  /** The request body as the provider would have received it. */
  body: unknown;
}

export interface Outbox {
  url: string;
  /** The variables that point the senders here. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const KEEP = 200;

function describe(channel: OutboxMessage['channel'], body: Record<string, unknown>) {
  if (channel === 'email') {
    const personalizations = (body.personalizations ?? []) as { to?: { email: string }[] }[];
    return {
      to: personalizations.flatMap((p) => (p.to ?? []).map((t) => t.email)),
      summary: String(body.subject ?? ''),
    };
  }
  const text = (body.text as { body?: string } | undefined)?.body;
  const template = (body.template as { name?: string } | undefined)?.name;
  return {
    to: [String(body.to ?? '')],
    summary: text ?? (template ? `template ${template}` : String(body.type ?? '')),
  };
}

/** Starts the outbox on a free port of 127.0.0.1; messages go to `dir`/outbox.jsonl. */
export async function startOutbox(dir: string, log: (line: string) => void): Promise<Outbox> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'outbox.jsonl');
  const messages: OutboxMessage[] = [];
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (req.method === 'GET' && url === '/messages') return reply(200, messages);
      const channel =
        req.method === 'POST' && url.endsWith('/v3/mail/send')
          ? 'email'
          : req.method === 'POST' && /\/messages$/.test(url)
            ? 'whatsapp'
            : undefined;
      if (!channel) return reply(404, { error: { message: `The outbox has no ${url}` } });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return reply(400, { errors: [{ message: 'The outbox got a body that is not JSON' }] });
      }
      counter += 1;
      const id = channel === 'email' ? `outbox-email-${counter}` : `wamid.OUTBOX${counter}`;
      const message: OutboxMessage = {
        at: new Date().toISOString(),
        channel,
        id,
        ...describe(channel, body),
        body,
      };
      messages.push(message);
      if (messages.length > KEEP) messages.shift();
      appendFileSync(file, `${JSON.stringify(message)}\n`);
      log(`${channel} to ${message.to.join(', ')}: ${message.summary}`);
      if (channel === 'email') return reply(202, undefined, { 'X-Message-Id': id });
      return reply(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { SENDGRID_API_BASE: `${url}/sendgrid`, WHATSAPP_API_BASE: `${url}/whatsapp` },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
