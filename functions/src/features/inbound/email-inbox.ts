// The inbound email job: reads new messages from the IMAP inbox of the settings (imapflow,
// read-only) and turns each into a pending entry with source email on the customer with the
// sender's address (a new customer when none). Nothing is imported twice: the job remembers
// the mailbox's UIDVALIDITY and the last UID it handled, and each message's Message-ID has a
// marker written with its entry (inbound-entry.ts). On the first run, or when the mailbox's
// UIDVALIDITY changes, only messages of the last FIRST_RUN_DAYS days are read.
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import * as logger from 'firebase-functions/logger';
import { now } from '../../clock';
import { readSettingsAndSecrets } from '../../domain/settings/store';
import { notifyAdmins } from '../notifications';
import { plainText } from '../messaging';
import type { Attachment } from '../../domain/entries/record';
import { detectFileType, safeFileName, saveFiles, MAX_FILE_BYTES, MAX_FILES } from '../uploads';
import { createInboundEntry } from './inbound-entry';
import { isMarked } from '../../domain/inbound/markers';
import { readInboxState, writeInboxState } from '../../domain/inbound/inbox-state';

export const FIRST_RUN_DAYS = 2;
/** Messages one run imports at most; the rest wait for the next run. */
export const MAX_MESSAGES_PER_RUN = 100;
/** Larger messages are imported from their headers only. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InboxRunResult {
  skipped?: string;
  checked: number;
  imported: number;
  duplicates: number;
  ignored: number;
}

function senderOf(parsed: ParsedMail): { email?: string; name?: string } {
  const address = parsed.from?.value?.[0];
  return { email: address?.address?.toLowerCase() || undefined, name: address?.name || undefined };
}

function describe(parsed: ParsedMail): string {
  const subject = parsed.subject?.trim() ?? '';
  const body = (parsed.text ?? (parsed.html ? plainText(parsed.html) : '')).trim();
  return [subject, body].filter(Boolean).join('\n\n') || '(empty email)';
}

/** Auto-replies (out of office, delivery reports) are not messages from a customer. */
function isAutomatic(parsed: ParsedMail): boolean {
  const auto = parsed.headers.get('auto-submitted');
  if (typeof auto === 'string' && auto.toLowerCase() !== 'no') return true;
  const type = parsed.headers.get('content-type') as { value?: string } | undefined;
  return type?.value?.toLowerCase() === 'multipart/report';
}

async function saveAttachments(parsed: ParsedMail): Promise<Attachment[]> {
  const files = parsed.attachments
    .filter((a) => a.content.length > 0 && a.content.length <= MAX_FILE_BYTES)
    .map((a) => ({ attachment: a, type: detectFileType(a.content) }))
    .filter((a) => a.type)
    .slice(0, MAX_FILES)
    .map(({ attachment, type }) => ({
      name: safeFileName(attachment.filename ?? 'attachment', type!),
      mimetype: type!.mimetype,
      data: attachment.content,
    }));
  if (files.length === 0) return [];
  const saved = await saveFiles(files, { source: 'email' });
  return saved.map(({ name, url, mimetype, size }) => ({ name, url, mimetype, size }));
}

export async function importInboundEmail(): Promise<InboxRunResult> {
  const result: InboxRunResult = { checked: 0, imported: 0, duplicates: 0, ignored: 0 };
  const { settings, secrets } = await readSettingsAndSecrets();
  const email = settings.integrations.email;
  const host = email.imapHost.trim();
  const user = email.imapUser.trim();
  if (!host || !user || !secrets.imapPass)
    return { ...result, skipped: 'IMAP is not configured under Integrations' };
  const port = email.imapPort;
  const account = `${user}@${host}:${port}/INBOX`;
  const own = new Set([user.toLowerCase(), email.fromEmail.toLowerCase()].filter(Boolean));

  const stored = await readInboxState();

  const client = new ImapFlow({
    host,
    port,
    secure: port === 993,
    doSTARTTLS: port === 143 ? true : undefined,
    auth: { user, pass: secrets.imapPass },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  client.on('error', (err: unknown) => logger.warn('IMAP connection error:', err));
  await client.connect();
  const imported: { from: string; subject: string }[] = [];
  try {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error('The IMAP inbox could not be opened');
      const uidValidity = String(mailbox.uidValidity);
      const known =
        stored?.account === account && stored.uidValidity === uidValidity ? stored : undefined;
      let lastUid = known?.lastUid ?? 0;
      const found = known
        ? await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })
        : await client.search({ since: new Date(now() - FIRST_RUN_DAYS * DAY_MS) }, { uid: true });
      // 'n:*' also answers the last message when none is newer than n: keep only newer ones.
      const uids = (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
      if (!known) await writeInboxState({ account, uidValidity, lastUid: 0 }, new Date(now()));

      for (const uid of uids.slice(0, MAX_MESSAGES_PER_RUN)) {
        result.checked++;
        const head = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
        const size = head ? (head.size ?? 0) : 0;
        const message = head
          ? size <= MAX_SOURCE_BYTES
            ? await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true })
            : await client.fetchOne(String(uid), { uid: true, headers: true }, { uid: true })
          : false;
        const source = message ? (message.source ?? message.headers) : undefined;
        if (source) {
          const outcome = await importMessage(source, `imap:${account}:${uidValidity}:${uid}`, own);
          if (outcome === 'duplicate') result.duplicates++;
          else if (outcome === 'ignored') result.ignored++;
          else {
            result.imported++;
            imported.push(outcome);
          }
        } else {
          result.ignored++;
        }
        lastUid = uid;
        await writeInboxState({ account, uidValidity, lastUid }, new Date(now()));
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }

  if (imported.length > 0) {
    const lines = imported.slice(0, 5).map((m) => `${m.from}: ${m.subject}`);
    if (imported.length > 5) lines.push(`and ${imported.length - 5} more`);
    try {
      await notifyAdmins({
        type: 'entry',
        title: imported.length === 1 ? 'New email' : `${imported.length} new emails`,
        message: lines.join('\n'),
      });
    } catch (err) {
      logger.error('Could not notify the admins of inbound emails:', err);
    }
  }
  return result;
}

/** One message: a pending entry, or why not. */
async function importMessage(
  source: Buffer,
  fallbackId: string,
  own: Set<string>,
): Promise<{ from: string; subject: string } | 'duplicate' | 'ignored'> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(source);
  } catch (err) {
    logger.warn('An inbound email could not be read; skipped:', err);
    return 'ignored';
  }
  const from = senderOf(parsed);
  if (!from.email || own.has(from.email) || isAutomatic(parsed)) return 'ignored';
  const messageId = parsed.messageId?.trim() || fallbackId;
  // Checked before saving attachments; the entry's transaction checks again.
  if (await isMarked('email', messageId)) return 'duplicate';
  const attachments = await saveAttachments(parsed);
  const outcome = await createInboundEntry({
    provider: 'email',
    messageId,
    from,
    description: describe(parsed),
    receivedAt: parsed.date ?? new Date(now()),
    attachments,
    details: { subject: parsed.subject ?? '' },
    notify: 'owner',
  });
  if (!outcome.created) return 'duplicate';
  return {
    from: from.name ? `${from.name} <${from.email}>` : from.email,
    subject: parsed.subject ?? '',
  };
}
