// The inbound email job against a local IMAP server: new messages become pending entries on
// the sender's customer (or a new one), never twice (UIDVALIDITY + last UID, Message-ID).
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../src/clock';
import { importInboundEmail } from '../../src/features/inbound/email-inbox';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { startImapServer, type ImapTestServer } from '../support/imap-server';
import { writeSettings } from '../support/settings';
import { appAs, PDF, seedCustomer } from './support';

const admin = appAs('admin');
let imap: ImapTestServer;
let ravi: string;
const NOW = Date.UTC(2026, 5, 10, 6);

function mail(options: {
  id?: string;
  from: string;
  subject: string;
  body: string;
  headers?: string[];
  pdf?: boolean;
}): string {
  const head = [
    `From: ${options.from}`,
    'To: inbox@demo.in',
    `Subject: ${options.subject}`,
    'Date: Wed, 10 Jun 2026 10:00:00 +0530',
    ...(options.id ? [`Message-ID: <${options.id}>`] : []),
    'MIME-Version: 1.0',
    ...(options.headers ?? []),
  ];
  if (!options.pdf)
    return [...head, 'Content-Type: text/plain; charset=utf-8', '', options.body, ''].join('\n');
  return [
    ...head,
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.body,
    '--b1',
    'Content-Type: application/pdf; name="po.pdf"',
    'Content-Disposition: attachment; filename="po.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    PDF.toString('base64'),
    '--b1--',
    '',
  ].join('\n');
}

const recent = new Date(NOW - 3_600_000);

beforeAll(async () => {
  imap = await startImapServer({ users: { 'inbox@demo.in': 'imap-pass' }, uidValidity: 7 });
});
afterAll(async () => {
  await imap.close();
});
beforeEach(async () => {
  await resetBackends();
  setClock(() => NOW);
  imap.uidValidity = 7;
  imap.commands.length = 0;
  imap.messages = [
    // Too old for a first run.
    {
      uid: 1,
      internalDate: new Date(NOW - 10 * 86_400_000),
      source: mail({ id: 'old@x', from: 'ravi@example.in', subject: 'Old', body: 'Old news' }),
    },
    {
      uid: 2,
      internalDate: recent,
      source: mail({
        id: 'm2@example.in',
        from: 'Ravi Sharma <RAVI@example.in>',
        subject: 'Price list',
        body: 'Please send the price list.',
      }),
    },
    {
      uid: 3,
      internalDate: recent,
      source: mail({
        id: 'm3@agro.in',
        from: 'Meera Iyer <meera@agro.in>',
        subject: 'Purchase order',
        body: 'Our PO is attached.',
        pdf: true,
      }),
    },
  ];
  await writeSettings(
    {
      integrations: {
        email: { imapHost: '127.0.0.1', imapPort: imap.port, imapUser: 'inbox@demo.in' },
      },
    },
    { imapPass: 'imap-pass' },
  );
  ravi = await seedCustomer({ names: ['Ravi Sharma'], emails: ['ravi@example.in'] });
});
afterEach(() => {
  vi.unstubAllEnvs();
  setClock();
});

const entries = async () =>
  (await getDb().collection('entries').orderBy('inbound.receivedAt').get()).docs.map((d) => ({
    id: d.id,
    ...d.data(),
  })) as { id: string; [k: string]: unknown }[];

describe('the inbound email job', () => {
  it('imports new messages as pending entries, matched by the sender address', async () => {
    expect(await importInboundEmail()).toEqual({
      checked: 2,
      imported: 2,
      duplicates: 0,
      ignored: 0,
    });
    expect(imap.commands.some((c) => /UID SEARCH SINCE 0?8-Jun-2026/i.test(c))).toBe(true);
    const list = await entries();
    expect(list).toHaveLength(2);
    const byRavi = list.find((e) => e.customerId === ravi)!;
    expect(byRavi).toMatchObject({
      description: 'Price list\n\nPlease send the price list.',
      channel: 'email',
      status: 'pending',
      source: 'email',
      inbound: { provider: 'email', messageId: '<m2@example.in>', from: 'ravi@example.in' },
    });
    const byMeera = list.find((e) => e.customerId !== ravi)!;
    const meera = (
      await getDb()
        .doc(`customers/${byMeera.customerId as string}`)
        .get()
    ).data();
    expect(meera).toMatchObject({ names: ['Meera Iyer'], emails: ['meera@agro.in'] });
    expect(byMeera.attachments).toEqual([
      {
        name: 'po.pdf',
        url: expect.stringMatching(/^\/api\/files\/uploads\//),
        mimetype: 'application/pdf',
        size: PDF.length,
      },
    ]);
    const file = await request(admin)
      .get((byMeera.attachments as { url: string }[])[0].url)
      .buffer(true);
    expect(Buffer.from(file.body as Buffer).equals(PDF)).toBe(true);

    const pending = await request(admin).get('/api/admin/entries/pending');
    expect(pending.body.map((p: { source: string }) => p.source)).toEqual(['Email', 'Email']);
    const notes = (await getDb().collection('notifications').get()).docs.map((d) => d.data());
    expect(notes).toEqual([
      expect.objectContaining({
        title: '2 new emails',
        message:
          'Ravi Sharma <ravi@example.in>: Price list\nMeera Iyer <meera@agro.in>: Purchase order',
        audience: 'admins',
      }),
    ]);
    expect((await getDb().doc('jobState/inboundEmail').get()).data()).toMatchObject({
      uidValidity: '7',
      lastUid: 3,
    });
  });

  it('never imports a message twice', async () => {
    await importInboundEmail();
    expect(await importInboundEmail()).toMatchObject({ checked: 0, imported: 0 });
    expect(imap.commands.some((c) => /UID SEARCH UID 4:\*/i.test(c))).toBe(true);

    imap.messages.push(
      {
        uid: 4,
        internalDate: new Date(NOW),
        source: mail({ id: 'm4@x.in', from: 'new@x.in', subject: 'Hello', body: 'New one' }),
      },
      // The same message again (copied back into the inbox): same Message-ID, new UID.
      { uid: 5, internalDate: new Date(NOW), source: imap.messages[1].source },
    );
    expect(await importInboundEmail()).toMatchObject({ checked: 2, imported: 1, duplicates: 1 });
    expect(await entries()).toHaveLength(3);

    // The mailbox was rebuilt: UIDs start over; Message-IDs keep it from importing again.
    imap.uidValidity = 8;
    imap.messages = imap.messages.map((m, i) => ({ ...m, uid: i + 1 }));
    expect(await importInboundEmail()).toMatchObject({ imported: 0, duplicates: 4 });
    expect(await entries()).toHaveLength(3);
  });

  it('ignores auto-replies and mail from its own address', async () => {
    imap.messages = [
      {
        uid: 10,
        internalDate: recent,
        source: mail({
          id: 'ooo@x',
          from: 'ravi@example.in',
          subject: 'Out of office',
          body: 'Away',
          headers: ['Auto-Submitted: auto-replied'],
        }),
      },
      {
        uid: 11,
        internalDate: recent,
        source: mail({ id: 'self@x', from: 'inbox@demo.in', subject: 'Loop', body: 'Me' }),
      },
    ];
    expect(await importInboundEmail()).toMatchObject({ checked: 2, imported: 0, ignored: 2 });
    expect((await getDb().doc('jobState/inboundEmail').get()).get('lastUid')).toBe(11);
  });

  it('does nothing without IMAP settings, and fails on a wrong password', async () => {
    await writeSettings({}, {});
    expect(await importInboundEmail()).toMatchObject({
      skipped: 'IMAP is not configured under Integrations',
    });
    await writeSettings(
      {
        integrations: {
          email: { imapHost: '127.0.0.1', imapPort: imap.port, imapUser: 'inbox@demo.in' },
        },
      },
      { imapPass: 'wrong' },
    );
    await expect(importInboundEmail()).rejects.toThrow();
    expect(await entries()).toHaveLength(0);
  });
});
