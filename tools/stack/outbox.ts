// The local stack's stand-in for SendGrid's API and the WhatsApp Cloud API: nothing leaves the
// machine, and both play by their documented rules (outbox/meta-rules.ts), so the app meets
// reality offline. The functions (and the local job runner) send here through
// SENDGRID_API_BASE and WHATSAPP_API_BASE. Each request is kept in `outbox.jsonl` as the
// provider received it and listed at GET /messages; once the app is connected, the outbox
// calls its webhooks back as Meta and SendGrid would (statuses, events), signed.
//
// For people and tests:
//   POST /control/inbound { from, text, name?, file?, contextId? }  a customer writes in (a
//        signed webhook); file { name, mimetype, base64? } sends an image or a PDF as Meta
//        does (a media id the app downloads from GET /whatsapp/{version}/{media-id}, a sample
//        file when no bytes are given); contextId makes it a reply to that earlier message
//   POST /control/next { channel, status, body?, hangMs? }  the next send of that channel is
//        answered so (a rate limit, an outage) or held hangMs before its normal answer
//   POST /control/limits { throughputPerSecond?, pairBurst?, pairWindowMs?, messagingLimit?,
//        marketingCapped? }  Meta's limits as the outbox plays them (outbox/limits.ts); GET
//        /control/limits reads them. marketingCapped lists phones whose marketing templates fail
//        with 131049
//   GET /refusals  the WhatsApp sends Meta's limits refused ({ at, to, code }, the last 200)
//   POST /control/reset  forget messages, windows, pending answers and limits set
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  postSendgridEvents,
  postWhatsAppWebhook,
  sendgridKeys,
  whatsappChange,
  type AppConnection,
} from './outbox/callbacks.ts';
import { limitKeeper, invalidLimits, MARKETING_CAPPED_ERROR } from './outbox/limits.ts';
import {
  headerFile,
  readableText,
  refusal,
  sentTemplate,
  SEEDED_TEMPLATES,
  WINDOW_MS,
} from './outbox/meta-rules.ts';
import { mediaStore, mediaType, sampleFile, type InboundFile } from './outbox/inbound-media.ts';

export interface OutboxMessage {
  at: string;
  channel: 'email' | 'whatsapp';
  id: string;
  to: string[];
  /** The email subject, or the WhatsApp text the customer reads. */
  summary: string;
  /** The request body as the provider would have received it. */
  body: unknown;
  /**
   * The files it carried, as the customer gets them: a WhatsApp document message's file or a
   * template's DOCUMENT or IMAGE header's, fetched from its link as Meta does; an email's
   * attachments decoded from base64.
   */
  files?: OutboxFile[];
  /** Why a file sent by link was not fetched. */
  fileError?: string;
}

export interface OutboxFile {
  filename: string;
  mimetype: string;
  size: number;
  sha256: string;
  /** The bytes, base64. */
  base64: string;
  /** Where Meta fetched it from. */
  link?: string;
}

export interface Outbox {
  url: string;
  /** The variables that point the senders here. */
  env: Record<string, string>;
  /** The public key SendGrid's events are signed with (base64 DER), for Integrations. */
  sendgridPublicKey: string;
  /** From now on, call this app's webhooks back. */
  connect(app: AppConnection): void;
  stop(): Promise<void>;
}

interface NextAnswer {
  channel: 'email' | 'whatsapp';
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Hold the request this long, then answer as usual (the provider takes it). */
  hangMs?: number;
}

const KEEP = 200;
type Json = Record<string, unknown>;

/**
 * Meta tries a webhook the app did not answer with 200 again, with decreasing frequency, for up
 * to 7 days: here after 1 s, then each wait twice the last.
 */
const STATUS_RETRY = { firstMs: 1_000, forMs: 7 * 24 * 3_600_000 };
/** How long after a send each callback comes (the statuses of a delivered and read message). */
const CALLBACK_DELAYS_MS = { sent: 100, delivered: 400, read: 900 };
/** Status updates posted together: those due within `waitMs`, at most `max` (Meta's batch). */
const STATUS_BATCH = { waitMs: 250, max: 1_000 };

/** The variables that point the senders at the outbox at `url`. */
export function providerBases(url: string): Record<string, string> {
  return { SENDGRID_API_BASE: `${url}/sendgrid`, WHATSAPP_API_BASE: `${url}/whatsapp` };
}

/** Where the outbox keeps the key pair SendGrid's events are signed with. */
export const sendgridKeyFile = (dir: string) => path.join(dir, 'sendgrid-event-key.pem');

/** Starts the outbox on `port` (0: any free one), keeping its messages and keys in `dir`. */
export async function startOutbox(
  dir: string,
  log: (line: string) => void,
  port = 0,
): Promise<Outbox> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'outbox.jsonl');
  const windowsFile = path.join(dir, 'windows.json');
  const keys = sendgridKeys(sendgridKeyFile(dir));
  const messages: OutboxMessage[] = [];
  /** WhatsApp sends refused by Meta's limits (130429, 131056, 131048), newest last. */
  const refusals: { at: string; to: string; code: number }[] = [];
  const next: NextAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let windows: Record<string, number> = existsSync(windowsFile)
    ? (JSON.parse(readFileSync(windowsFile, 'utf8')) as Record<string, number>)
    : {};
  let app: AppConnection | undefined;
  let counter = 0;
  let ownUrl = '';
  const media = mediaStore(() => ownUrl);
  const limits = limitKeeper(dir);

  const later = (ms: number, work: () => unknown) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void work();
    }, ms);
    timers.add(timer);
  };
  const saveWindows = () => writeFileSync(windowsFile, JSON.stringify(windows));
  /** The customer messages this outbox delivered, by id (a read receipt must name one). */
  const inboundFrom = new Map<string, string>();
  const readReceipts: { at: string; messageId: string; from: string }[] = [];
  const record = (message: OutboxMessage) => {
    messages.push(message);
    if (messages.length > KEEP) messages.shift();
    appendFileSync(file, `${JSON.stringify(message)}\n`);
    log(`${message.channel} to ${message.to.join(', ')}: ${message.summary}`);
  };

  /**
   * A status webhook the app did not take (200) is tried again, with growing waits, as Meta does
   * for 7 days. So is one that could not be signed: the app's secret is read from its database,
   * and while that is down the read fails. Meta signs whatever the app's database does; a batch
   * given up then is never called back, and the app rightly sends its messages again (seen in the
   * bench's crash row, 2026-11-30: 40 of 2,129 twice, where the engine's restart took 4 minutes).
   */
  async function untilTaken(post: (to: AppConnection) => Promise<number>): Promise<number> {
    let status = 0;
    for (
      let wait = 0, waited = 0;
      waited <= STATUS_RETRY.forMs;
      wait = 2 * wait || STATUS_RETRY.firstMs
    ) {
      if (wait) await new Promise((resolve) => later(wait, () => resolve(undefined)));
      waited += wait;
      if (!app) return status;
      status = await post(app).catch(() => 0);
      if (status >= 200 && status < 300) return status;
    }
    return status;
  }

  /**
   * Statuses due and not yet posted. Meta gathers a webhook's updates into one notification (up
   * to 1,000, not promised): the outbox posts together those due within STATUS_BATCH.waitMs.
   */
  const dueStatuses: object[] = [];
  const postDueStatuses = async () => {
    const batch = dueStatuses.splice(0, STATUS_BATCH.max);
    if (batch.length === 0) return;
    await untilTaken((to) =>
      postWhatsAppWebhook(
        to,
        whatsappChange({
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '15550000000', phone_number_id: 'OUTBOX' },
          statuses: batch,
        }),
      ),
    );
  };

  function whatsappStatus(body: Json, id: string, status: string, errors?: object[]) {
    dueStatuses.push({
      id,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: body.to,
      ...(body.biz_opaque_callback_data
        ? { biz_opaque_callback_data: body.biz_opaque_callback_data }
        : {}),
      ...(errors ? { errors } : {}),
    });
    if (dueStatuses.length === 1) later(STATUS_BATCH.waitMs, postDueStatuses);
    else if (dueStatuses.length >= STATUS_BATCH.max) void postDueStatuses();
  }

  const windowOpen = (to: string) => (windows[to] ?? 0) + WINDOW_MS > Date.now();

  /**
   * Meta fetches a document or a header's image sent by link before it delivers it: the outbox
   * does the same, so that a test can compare the bytes the customer gets. A link answered with
   * an error (the app refused its own signed link) makes the message fail by callback (131053),
   * as Meta's media upload error does. A host that cannot be reached at all (the made-up public
   * address most tests use) is only noted on the message (`fileError`): the outbox is not
   * Meta's network, and those tests are about something else.
   */
  async function fetchFile(
    media: Json,
  ): Promise<OutboxFile | { error: string; unreachable?: boolean }> {
    const link = typeof media.link === 'string' ? media.link : '';
    // The app sends by link; the outbox holds no uploaded media, so an id is one it never had.
    if (!link) return { error: `No uploaded media with id ${String(media.id ?? '')}` };
    let response: Response;
    try {
      response = await fetch(link, { signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      return { error: `The file's link could not be reached: ${String(err)}`, unreachable: true };
    }
    try {
      if (!response.ok) return { error: `The file's link answered ${response.status}` };
      const data = Buffer.from(await response.arrayBuffer());
      const mimetype = (response.headers.get('content-type') ?? '').split(';')[0].trim();
      const name = typeof media.filename === 'string' ? media.filename : 'file';
      return { ...fileOf(name, mimetype, data), link };
    } catch (err) {
      return { error: `The file's link could not be fetched: ${String(err)}` };
    }
  }

  async function acceptWhatsApp(body: Json): Promise<Json> {
    counter += 1;
    const id = `wamid.OUTBOX${counter}${randomUUID().slice(0, 8)}`;
    const to = String(body.to);
    const carried = headerFile(body);
    const fetched = carried ? await fetchFile(carried) : undefined;
    const file = fetched && !('error' in fetched) ? fetched : undefined;
    const unfetched = fetched && 'error' in fetched ? fetched : undefined;
    record({
      at: new Date().toISOString(),
      channel: 'whatsapp',
      id,
      to: [to],
      summary: readableText(body),
      body,
      ...(file && { files: [file] }),
      ...(unfetched && { fileError: unfetched.error }),
    });
    const freeForm = body.type !== 'template';
    const open = windowOpen(to);
    const marketing = sentTemplate(body)?.category === 'MARKETING';
    if (unfetched && !unfetched.unreachable) {
      later(CALLBACK_DELAYS_MS.sent, () =>
        whatsappStatus(body, id, 'failed', [
          {
            code: 131053,
            title: 'Media upload error',
            message: 'Media upload error',
            error_data: { details: unfetched.error },
          },
        ]),
      );
    } else if (marketing && limits.marketingCapped(to)) {
      later(CALLBACK_DELAYS_MS.sent, () =>
        whatsappStatus(body, id, 'failed', [MARKETING_CAPPED_ERROR]),
      );
    } else if (freeForm && !open) {
      later(CALLBACK_DELAYS_MS.sent, () =>
        whatsappStatus(body, id, 'failed', [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: {
              details:
                'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            },
          },
        ]),
      );
    } else {
      for (const [status, ms] of Object.entries(CALLBACK_DELAYS_MS))
        later(ms, () => whatsappStatus(body, id, status));
    }
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id }],
    };
  }

  function acceptEmail(body: Json): string {
    counter += 1;
    const id = `outbox-email-${counter}-${randomUUID().slice(0, 8)}`;
    const personalizations = (body.personalizations ?? []) as Json[];
    const to = personalizations.flatMap((p) =>
      ((p.to ?? []) as { email: string }[]).map((t) => t.email),
    );
    const attachments = Array.isArray(body.attachments) ? (body.attachments as Json[]) : [];
    record({
      at: new Date().toISOString(),
      channel: 'email',
      id,
      to,
      summary: String(body.subject ?? ''),
      body,
      ...(attachments.length > 0 && {
        files: attachments.map((a) =>
          fileOf(
            String(a.filename),
            String(a.type ?? 'application/octet-stream'),
            Buffer.from(String(a.content), 'base64'),
          ),
        ),
      }),
    });
    const customArgs = {
      ...(body.custom_args as Json),
      ...(personalizations[0]?.custom_args as Json),
    };
    const events = (event: string) =>
      to.map((email) => ({
        email,
        event,
        timestamp: Math.floor(Date.now() / 1000),
        sg_event_id: randomUUID(),
        sg_message_id: `${id}.outbox`,
        ...customArgs,
      }));
    for (const [event, ms] of [
      ['processed', 150],
      ['delivered', 500],
    ] as const) {
      later(ms, async () => (app ? postSendgridEvents(app, keys.privateKey, events(event)) : 0));
    }
    return id;
  }

  function sendgridRefusal(req: http.IncomingMessage, body: Json): Json[] | undefined {
    const errors: Json[] = [];
    if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
      return [
        {
          message: 'The provided authorization grant is invalid, expired, or revoked',
          field: null,
        },
      ];
    const personalizations = Array.isArray(body.personalizations)
      ? (body.personalizations as Json[])
      : [];
    if (
      personalizations.length === 0 ||
      personalizations.some((p) => !Array.isArray(p.to) || p.to.length === 0)
    )
      errors.push({
        message: 'The to array is required for all personalization objects.',
        field: 'personalizations.0.to',
      });
    if (!(body.from as Json | undefined)?.email)
      errors.push({
        message: 'The from object must be provided for every email send.',
        field: 'from',
      });
    if (!body.subject) errors.push({ message: 'The subject is required.', field: 'subject' });
    if (body.attachments !== undefined && !Array.isArray(body.attachments))
      errors.push({ message: 'The attachments must be an array.', field: 'attachments' });
    const attachments = Array.isArray(body.attachments) ? (body.attachments as Json[]) : [];
    attachments.forEach((a, i) => {
      if (typeof a.content !== 'string' || !a.content)
        errors.push({
          message: 'The attachment content is required.',
          field: `attachments.${i}.content`,
        });
      else if (!/^[A-Za-z0-9+/]*={0,2}$/.test(a.content) || a.content.length % 4 !== 0)
        errors.push({
          message: 'The attachment content must be base64 encoded.',
          field: `attachments.${i}.content`,
        });
      if (typeof a.filename !== 'string' || !a.filename)
        errors.push({
          message: 'The attachment filename parameter is required.',
          field: `attachments.${i}.filename`,
        });
      if (
        a.disposition !== undefined &&
        a.disposition !== 'attachment' &&
        a.disposition !== 'inline'
      )
        errors.push({
          message: 'The disposition must be inline or attachment.',
          field: `attachments.${i}.disposition`,
        });
    });
    return errors.length > 0 ? errors : undefined;
  }

  /**
   * Meta's "mark as read": the customer's message, by its id, and every earlier one get blue
   * ticks; an id Meta never delivered is 131009. Kept apart from the messages (nothing is sent).
   */
  function markRead(body: Json): [number, unknown] {
    const messageId = String(body.message_id ?? '');
    const from = inboundFrom.get(messageId);
    if (!from || body.messaging_product !== 'whatsapp')
      return [400, graphError(400, 131009, 'Parameter value is not valid', 'message_id')];
    const receipt = { at: new Date().toISOString(), messageId, from: `+${from}` };
    readReceipts.push(receipt);
    appendFileSync(path.join(dir, 'read-receipts.jsonl'), `${JSON.stringify(receipt)}\n`);
    log(`read receipt for +${from}'s ${messageId}`);
    return [200, { success: true }];
  }

  async function inbound(input: Json): Promise<Json> {
    const from = String(input.from ?? '').replace(/^\+/, '');
    if (!/^\d{8,15}$/.test(from)) return { status: 400, error: 'from: a phone number in E.164' };
    const text = String(input.text ?? 'Hello');
    const file = inboundFile(input.file);
    if (file === null) return { status: 400, error: 'file: { name, mimetype, base64? }' };
    const contextId = typeof input.contextId === 'string' ? input.contextId : '';
    windows[from] = Date.now();
    saveWindows();
    const id = `wamid.IN${randomUUID().replace(/-/g, '')}`;
    inboundFrom.set(id, from);
    const content = file
      ? { type: mediaType(file.mimetype), [mediaType(file.mimetype)]: media.add(file, text) }
      : { type: 'text', text: { body: text } };
    const status = app
      ? await postWhatsAppWebhook(
          app,
          whatsappChange({
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: 'OUTBOX' },
            contacts: [{ profile: { name: String(input.name ?? '') }, wa_id: from }],
            messages: [
              {
                from,
                id,
                timestamp: String(Math.floor(Date.now() / 1000)),
                ...(contextId ? { context: { from: '15550000000', id: contextId } } : {}),
                ...content,
              },
            ],
          }),
        )
      : 0;
    const what = file ? `${file.name} ${text}` : text;
    log(`inbound WhatsApp from +${from}: ${what} (webhook answered ${status || 'nothing'})`);
    return { id, webhookStatus: status };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://outbox');
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (res.writableEnded) return;
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    let body: Json = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return reply(400, { errors: [{ message: 'The outbox got a body that is not JSON' }] });
      }
    }
    if (req.method === 'GET' && url.pathname === '/messages') return reply(200, messages);
    if (req.method === 'GET' && url.pathname === '/read-receipts') return reply(200, readReceipts);
    if (req.method === 'GET' && url.pathname === '/refusals') return reply(200, refusals);
    if (req.method === 'POST' && url.pathname === '/control/inbound')
      return reply(200, await inbound(body));
    if (req.method === 'POST' && url.pathname === '/control/next') {
      next.push(body as unknown as NextAnswer);
      return reply(200, { pending: next.length });
    }
    if (url.pathname === '/control/limits') {
      if (req.method === 'GET') return reply(200, limits.limits());
      const invalid = invalidLimits(body);
      if (invalid) return reply(400, { error: invalid });
      return reply(200, limits.configure(body));
    }
    if (req.method === 'POST' && url.pathname === '/control/reset') {
      limits.reset();
      messages.length = 0;
      refusals.length = 0;
      next.length = 0;
      dueStatuses.length = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      windows = {};
      saveWindows();
      media.clear();
      return reply(200, {});
    }
    const download = /^\/whatsapp\/media-download\/([\w-]+)$/.exec(url.pathname);
    const mediaId = /^\/whatsapp\/v[\d.]+\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && (download || mediaId)) {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
        return reply(401, graphError(401, 190, 'Invalid OAuth access token', ''));
      if (mediaId) {
        const found = media.describe(mediaId[1]);
        if (found) return reply(200, found);
        return reply(404, graphError(404, 100, 'Unsupported get request', ''));
      }
      const file = media.download(download![1]);
      if (!file) return reply(404, { error: { message: 'The link expired or never was' } });
      res.writeHead(200, { 'Content-Type': file.mimetype, 'Content-Length': file.data.length });
      return res.end(file.data);
    }
    if (req.method === 'GET' && /\/message_templates$/.test(url.pathname)) {
      if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
        return reply(401, graphError(401, 190, 'Invalid OAuth access token', ''));
      return reply(200, {
        data: SEEDED_TEMPLATES.map((t) => ({
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          id: `${t.name}-${t.language}`,
          components: [
            ...(t.headerFormat ? [{ type: 'HEADER', format: t.headerFormat }] : []),
            { type: 'BODY', text: t.body },
          ],
        })),
        paging: { cursors: { before: 'start', after: 'end' } },
      });
    }
    const channel =
      req.method === 'POST' && url.pathname.endsWith('/v3/mail/send')
        ? 'email'
        : req.method === 'POST' && /\/messages$/.test(url.pathname)
          ? 'whatsapp'
          : undefined;
    if (!channel) return reply(404, { error: { message: `The outbox has no ${url.pathname}` } });

    const index = next.findIndex((n) => n.channel === channel);
    const override = index >= 0 ? next.splice(index, 1)[0] : undefined;
    if (override?.status) return reply(override.status, override.body, override.headers);
    if (override?.hangMs) await new Promise((resolve) => setTimeout(resolve, override.hangMs));

    if (channel === 'email') {
      const errors = sendgridRefusal(req, body);
      if (errors) return reply(errors[0].field === null ? 401 : 400, { errors });
      return reply(202, undefined, { 'X-Message-Id': acceptEmail(body) });
    }
    if (!/^Bearer \S+/.test(req.headers.authorization ?? ''))
      return reply(401, graphError(401, 190, 'Invalid OAuth access token', ''));
    if (body.status === 'read') return reply(...markRead(body));
    const refused =
      refusal(body) ??
      limits.admit(String(body.to), body.type === 'template' && !windowOpen(String(body.to)));
    if (refused) {
      refusals.push({ at: new Date().toISOString(), to: String(body.to), code: refused.code });
      if (refusals.length > KEEP) refusals.splice(0, refusals.length - KEEP);
      return reply(
        refused.status,
        graphError(refused.status, refused.code, refused.message, refused.details),
      );
    }
    return reply(200, await acceptWhatsApp(body));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ownUrl = url;
  // Where `npm run inbound` finds this outbox.
  writeFileSync(path.join(dir, 'outbox.url'), url);
  return {
    url,
    env: providerBases(url),
    sendgridPublicKey: keys.publicKeyBase64,
    connect: (connection) => {
      app = connection;
    },
    stop: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The file of a /control/inbound request: undefined when none, null when malformed. */
function inboundFile(value: unknown): InboundFile | undefined | null {
  if (value === undefined || value === null) return undefined;
  const file = value as Json;
  if (typeof file !== 'object' || typeof file.name !== 'string' || !file.name) return null;
  const mimetype = typeof file.mimetype === 'string' ? file.mimetype : '';
  if (typeof file.base64 !== 'string') return sampleFile(file.name, mimetype);
  return { name: file.name, mimetype, data: Buffer.from(file.base64, 'base64') };
}

function fileOf(filename: string, mimetype: string, data: Buffer): OutboxFile {
  return {
    filename,
    mimetype,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    base64: data.toString('base64'),
  };
}

function graphError(_status: number, code: number, message: string, details: string) {
  return {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: randomUUID().replace(/-/g, '').slice(0, 22),
    },
  };
}
