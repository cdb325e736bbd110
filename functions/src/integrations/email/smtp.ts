// Email through the company's SMTP server, with nodemailer: implicit TLS on port 465, STARTTLS
// when offered elsewhere, and a password never sent unencrypted except to a server on this
// machine (the tests' and the local stack's). One overall time limit for the whole exchange.
import nodemailer from 'nodemailer';
import type { ConnectionOptions } from 'node:tls';
import type { EmailAttachment, FailureKind, SendOutcome } from '../types';

export const SMTP = 'smtp';

export interface SmtpOptions {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  timeoutMs: number;
  /** Extra TLS options (tests trust their own certificate). */
  tls?: ConnectionOptions;
}

export interface SmtpMessage {
  from: { email: string; name?: string };
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

class Timeout extends Error {}

export async function sendWithSmtp(
  options: SmtpOptions,
  message: SmtpMessage,
): Promise<SendOutcome> {
  const where = `${options.host}:${options.port}`;
  const seconds = options.timeoutMs / 1000;
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.port === 465,
    requireTLS: Boolean(options.pass) && !isLoopback(options.host),
    auth: options.pass ? { user: options.user ?? '', pass: options.pass } : undefined,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    tls: options.tls,
    // Attachments are always given as bytes: never let a message make us read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const sending = transport.sendMail({
      from: { address: message.from.email, name: message.from.name ?? '' },
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      attachments: message.attachments.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.contentType,
      })),
    });
    sending.catch(() => undefined); // settled through the race below
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout()), options.timeoutMs);
    });
    const info = await Promise.race([sending, timeout]);
    return { ok: true, provider: SMTP, messageId: String(info.messageId ?? '') };
  } catch (err) {
    return {
      ok: false,
      provider: SMTP,
      error: smtpError(err, where, seconds),
      kind: smtpKind(err),
    };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/**
 * A time-out may come after the server took the message; a refused connection or a 4xx reply
 * (the server's 'try again later') surely did not.
 */
function smtpKind(err: unknown): FailureKind {
  if (err instanceof Timeout) return 'unknown';
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  if (typeof e.responseCode === 'number') return e.responseCode < 500 ? 'retry' : 'refused';
  if (e.code === 'ECONNECTION' || e.code === 'EDNS') return 'retry';
  if (e.code === 'EAUTH' || e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return 'refused';
  return 'unknown';
}

/** The server's own answer where there is one, else what went wrong on the way. */
function smtpError(err: unknown, where: string, seconds: number): string {
  if (err instanceof Timeout) return `The SMTP server ${where} did not answer within ${seconds} s`;
  const e = (err ?? {}) as { code?: unknown; response?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  const response = typeof e.response === 'string' ? e.response : undefined;
  switch (e.code) {
    case 'ETIMEDOUT':
      return `The SMTP server ${where} did not answer within ${seconds} s`;
    case 'EAUTH':
      return `The SMTP server refused the sign-in: ${response ?? message}`;
    case 'EENVELOPE':
    case 'EMESSAGE':
      return `The SMTP server refused the message: ${response ?? message}`;
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
      return `Could not reach the SMTP server ${where}: ${message}`;
    default:
      return `SMTP ${where}: ${response ?? message}`;
  }
}
