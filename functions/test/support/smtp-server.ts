// A local SMTP server for the email tests (smtp-server): records each accepted message with
// its envelope, sign-in and whether it came over TLS; mailparser reads the message back.
import { simpleParser, type ParsedMail } from 'mailparser';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
  auth?: string;
  secure: boolean;
}

export interface SmtpServerOptions {
  /** Accounts that may sign in; none means sign-in is not required. */
  users?: Record<string, string>;
  /** Offer STARTTLS with this certificate (otherwise no STARTTLS). */
  tls?: { key: string; cert: string };
  /** Refuse every message with this code and text. */
  rejectData?: { code: number; message: string };
}

export interface SmtpTestServer {
  host: string;
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

async function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown }) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: !options.users,
    authMethods: ['PLAIN', 'LOGIN'],
    // Plain-text sign-in is fine on 127.0.0.1; the client itself refuses it elsewhere.
    allowInsecureAuth: true,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    disabledCommands: options.tls ? [] : ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (options.users?.[auth.username ?? ''] === auth.password) {
        callback(null, { user: auth.username });
      } else {
        callback(
          Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }),
        );
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.rejectData) {
          const { code, message } = options.rejectData;
          callback(Object.assign(new Error(message), { responseCode: code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then((parsed) => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed,
            auth: typeof session.user === 'string' ? session.user : undefined,
            secure: session.secure,
          });
          callback();
        }, callback);
      });
    },
  });
  server.on('error', () => undefined);
  await listen(server);
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says a word (timeout tests). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
