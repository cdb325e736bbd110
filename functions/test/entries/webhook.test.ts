// The WhatsApp webhook: Meta's verification, signed deliveries, inbound messages becoming
// pending entries exactly once, and status callbacks for what the app sent.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { enqueue, newOutboundRef } from '../../src/domain/messages/queue-store';
import { deliverOutbound } from '../../src/features/messaging/outbound-worker';
import { MAX_FILE_BYTES } from '../../src/features/uploads/multipart';
import { getDb } from '../../src/firebase';
import { appAs, clearRecordings, functionsApp, PDF, useEntriesWorld } from './support';
import { deliver, inbound, sign, statuses, text } from './webhook-support';

const meta = functionsApp(null);
const admin = appAs('admin');
const employee = appAs('employee');

const world = useEntriesWorld();

describe('GET /api/integrations/whatsapp/webhook', () => {
  it("answers Meta's challenge with the saved verify token, 403 otherwise", async () => {
    const ok = await request(meta).get(
      '/api/integrations/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444',
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    const wrong = await request(meta).get(
      '/api/integrations/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Verification failed');
    expect((await request(meta).get('/api/integrations/whatsapp/webhook')).status).toBe(403);
  });
});

describe('POST /api/integrations/whatsapp/webhook', () => {
  it('refuses a delivery whose signature is wrong or missing', async () => {
    const payload = inbound([text('wamid.IN1', '919812345678', 'Hello')]);
    const bad = await deliver(payload, sign(JSON.stringify(payload), 'not-the-secret'));
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Invalid signature');
    const none = await request(meta).post('/api/integrations/whatsapp/webhook').send(payload);
    expect(none.status).toBe(401);
    // Signed, then changed on the way.
    const body = JSON.stringify(payload);
    const changed = await request(meta)
      .post('/api/integrations/whatsapp/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', sign(body))
      .send(body.replace('Hello', 'Hullo'));
    expect(changed.status).toBe(401);
    expect((await getDb().collection('entries').get()).size).toBe(0);
  });

  it("turns a message into a pending entry on the sender's customer, once", async () => {
    const payload = inbound(
      [text('wamid.IN1', '919812345678', 'Please send the price list')],
      [{ profile: { name: 'Ravi' }, wa_id: '919812345678' }],
    );
    const res = await deliver(payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ messages: 1, created: 1, duplicates: 0, statuses: 0 });
    const again = await deliver(payload);
    expect(again.body).toEqual({ messages: 1, created: 0, duplicates: 1, statuses: 0 });

    const entries = (await getDb().collection('entries').get()).docs;
    expect(entries).toHaveLength(1);
    expect(entries[0].data()).toMatchObject({
      customerId: world.ravi,
      description: 'Please send the price list',
      channel: 'whatsapp',
      status: 'pending',
      source: 'whatsapp',
      employee: null,
      inbound: { provider: 'whatsapp', messageId: 'wamid.IN1', from: '+919812345678' },
    });
    const pending = await request(admin).get('/api/admin/entries/pending');
    expect(pending.body).toEqual([
      expect.objectContaining({
        _id: entries[0].id,
        customer: { names: ['Ravi Sharma'] },
        description: 'Please send the price list',
        source: 'WhatsApp',
      }),
    ]);
    const notes = (await getDb().collection('notifications').get()).docs.map((d) => d.data());
    expect(notes).toEqual([
      expect.objectContaining({
        type: 'message.inbound',
        title: 'New WhatsApp message',
        message: 'Ravi Sharma: Please send the price list',
        audience: 'admins',
        customerId: world.ravi,
      }),
    ]);
  });

  it("opens the sender's window in the commit that tells the owner, new customer or known", async () => {
    const at = Math.floor(Date.now() / 1000);
    const message = (id: string, from: string) => ({
      ...text(id, from, 'Is it in stock?'),
      timestamp: String(at),
    });
    await deliver(
      inbound([message('wamid.W1', '919812345678'), message('wamid.W2', '919700000009')]),
    );
    const until = (at * 1000 + 24 * 60 * 60 * 1000) / 1000;
    const notes = (await getDb().collection('notifications').get()).docs;
    expect(notes).toHaveLength(2);
    for (const note of notes) {
      // A page reading the customer on this notification finds the window open: one commit.
      const customer = await getDb()
        .doc(`customers/${String(note.get('customerId'))}`)
        .get();
      const phone = (customer.get('phones') as string[])[0];
      expect(customer.get('whatsappWindows')[phone].seconds).toBe(until);
      expect(customer.updateTime!.isEqual(note.createTime!), phone).toBe(true);
    }
  });

  it('creates one entry when the same message arrives twice at once', async () => {
    const payload = inbound(
      [text('wamid.RACE', '919700000001', 'Hi there')],
      [{ profile: { name: 'Priya Nair' }, wa_id: '919700000001' }],
    );
    const results = await Promise.all([deliver(payload), deliver(payload), deliver(payload)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.reduce((n, r) => n + (r.body.created as number), 0)).toBe(1);
    expect((await getDb().collection('entries').get()).size).toBe(1);
    expect(
      (
        await getDb()
          .collection('customers')
          .where('phones', 'array-contains', '+919700000001')
          .get()
      ).size,
    ).toBe(1);
  });

  it('adds a customer for an unknown number, with its profile name', async () => {
    await deliver(
      inbound(
        [
          {
            from: '919700000002',
            id: 'wamid.DOC',
            timestamp: '1780000000',
            type: 'document',
            document: {
              id: 'MEDIA1',
              filename: 'po.pdf',
              mime_type: 'application/pdf',
              caption: 'Our PO',
            },
          },
        ],
        [{ profile: { name: 'Arjun Mehta' }, wa_id: '919700000002' }],
      ),
    );
    const customers = await getDb()
      .collection('customers')
      .where('phones', 'array-contains', '+919700000002')
      .get();
    expect(customers.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ names: ['Arjun Mehta'], phones: ['+919700000002'], emails: [] }),
    ]);
    expect((await getDb().doc('customerKeys/phone:+919700000002').get()).get('customerId')).toBe(
      customers.docs[0].id,
    );
    const entry = (await getDb().collection('entries').get()).docs[0].data();
    expect(entry).toMatchObject({
      customerId: customers.docs[0].id,
      description: 'Our PO',
      inbound: { type: 'document', mediaId: 'MEDIA1', mimeType: 'application/pdf' },
    });
    // Searchable like any entry.
    const found = await request(employee).get('/api/entries?name=arjun');
    expect(found.body.total).toBe(1);
  });

  it('updates the status of a message the app sent: delivered, read, never back', async () => {
    const created = await request(employee)
      .post('/api/entries')
      .send({ customer: world.ravi, whatsapp: { body: 'Hi' } });
    const id = created.body._id as string;
    expect(created.body.dispatch.whatsapp.messageId).toBe('wamid.TEST1');
    const status = (s: string, extra: object = {}) =>
      deliver(
        statuses([
          {
            id: 'wamid.TEST1',
            status: s,
            timestamp: '1780000100',
            recipient_id: '919812345678',
            ...extra,
          },
        ]),
      );
    const read = () =>
      getDb()
        .doc(`entries/${id}`)
        .get()
        .then((d) => d.get('dispatch.whatsapp'));

    expect((await status('delivered')).body.statuses).toBe(1);
    expect(await read()).toMatchObject({ status: 'delivered' });
    await status('read');
    await status('delivered');
    expect(await read()).toMatchObject({ status: 'read' });
    expect((await status('sent', { id: 'wamid.UNKNOWN' })).body.statuses).toBe(0);
  });

  it("applies a batched notification (Meta's up to 1,000 updates) per message, in Meta's order", async () => {
    const sendOne = async (body: string) => {
      const created = await request(employee)
        .post('/api/entries')
        .send({ customer: world.ravi, whatsapp: { body } });
      return {
        entry: created.body._id as string,
        outboundId: created.body.dispatch.whatsapp.outboundId as string,
      };
    };
    const first = await sendOne('Hi');
    const second = await sendOne('The price list');
    const about = (message: { outboundId: string }, status: string) => ({
      id: 'wamid.TEST1',
      status,
      timestamp: '1780000100',
      recipient_id: '919812345678',
      biz_opaque_callback_data: message.outboundId,
    });
    // Two entries of changes, as Meta may batch them; the second message's late 'delivered'
    // comes after its 'read', and one status names a message that is not ours.
    const notification = statuses([
      about(second, 'read'),
      about(first, 'sent'),
      about(first, 'delivered'),
    ]) as { entry: { changes: unknown[] }[] };
    notification.entry.push({
      ...notification.entry[0],
      changes: [
        {
          field: 'messages',
          value: {
            statuses: [
              about(second, 'delivered'),
              { ...about(first, 'sent'), id: 'wamid.OTHER', biz_opaque_callback_data: '' },
              about(first, 'read'),
            ],
          },
        },
      ],
    });
    const res = await deliver(notification);
    expect(res.status).toBe(200);
    expect(res.body.statuses).toBe(5);
    for (const { entry } of [first, second])
      expect((await getDb().doc(`entries/${entry}`).get()).get('dispatch.whatsapp')).toMatchObject({
        status: 'read',
      });
  });

  it('records a failed delivery with its reason', async () => {
    const created = await request(employee)
      .post('/api/entries')
      .send({ customer: world.ravi, whatsapp: { body: 'Hi' } });
    await deliver(
      statuses([
        {
          id: 'wamid.TEST1',
          status: 'failed',
          timestamp: '1780000100',
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              error_data: { details: 'Not on WhatsApp' },
            },
          ],
        },
      ]),
    );
    const dispatch = (await getDb().doc(`entries/${created.body._id}`).get()).get(
      'dispatch.whatsapp',
    );
    expect(dispatch).toMatchObject({
      status: 'failed',
      error:
        'WhatsApp could not deliver the message: the number may not be on WhatsApp, or its app is too old (WhatsApp 131026)',
    });
  });

  it('applies a status that comes before the send is answered, by the queue id it carries', async () => {
    const ref = newOutboundRef();
    await getDb().runTransaction(async (tx) =>
      enqueue(tx, ref, {
        channel: 'whatsapp',
        owner: null,
        to: '+919812345678',
        parts: [{ kind: 'text', text: 'Hi' }],
      }),
    );
    // Meta's 'delivered' arrives while the send's answer is still on its way.
    const early = await deliver(
      statuses([
        {
          id: 'wamid.TEST1',
          status: 'delivered',
          timestamp: '1780000100',
          recipient_id: '919812345678',
          biz_opaque_callback_data: ref.id,
        },
      ]),
    );
    expect(early.body.statuses).toBe(1);
    expect(await deliverOutbound(ref.id)).toBe('done');
    const [part] = (await ref.get()).get('parts') as { state: string; delivery: string }[];
    expect(part).toMatchObject({ state: 'sent', delivery: 'delivered', messageId: 'wamid.TEST1' });
  });
});

describe('inbound WhatsApp media', () => {
  const mediaMessage = (
    id: string,
    type: 'document' | 'image',
    mediaId: string,
    from = '919812345678',
  ) => ({
    from,
    id,
    timestamp: '1780000000',
    type,
    [type]: {
      id: mediaId,
      mime_type: type === 'document' ? 'application/pdf' : 'image/jpeg',
      ...(type === 'document' ? { filename: 'Purchase order.pdf' } : {}),
    },
  });
  const mediaInfo = (mediaId: string, extra: object = {}) => ({
    status: 200,
    body: {
      messaging_product: 'whatsapp',
      url: `${world.graph.url}/lookaside/${mediaId}?ext=1`,
      mime_type: 'application/pdf',
      id: mediaId,
      ...extra,
    },
  });
  const entryOf = async (messageId: string) =>
    (await getDb().collection('entries').where('inbound.messageId', '==', messageId).get()).docs[0];

  it('downloads the file with the access token and attaches it to the pending entry', async () => {
    world.graph.replies.push(mediaInfo('MEDIA7', { file_size: PDF.length }), {
      status: 200,
      body: PDF,
      headers: { 'Content-Type': 'application/pdf' },
    });
    const res = await deliver(inbound([mediaMessage('wamid.PO', 'document', 'MEDIA7')]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1 });

    expect(world.graph.requests.map((r) => [r.method, r.path, r.headers.authorization])).toEqual([
      ['GET', '/v22.0/MEDIA7', 'Bearer wa-token'],
      ['GET', '/lookaside/MEDIA7?ext=1', 'Bearer wa-token'],
    ]);
    const entry = await entryOf('wamid.PO');
    const attachments = entry.get('attachments') as { url: string }[];
    expect(attachments).toEqual([
      {
        name: 'Purchase order.pdf',
        url: expect.stringMatching(/^\/api\/files\/uploads\/[\w-]+$/),
        mimetype: 'application/pdf',
        size: PDF.length,
      },
    ]);
    expect(entry.get('inbound.mediaError')).toBeUndefined();
    // Served behind the session like any upload.
    const file = await request(employee).get(attachments[0].url);
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body as Buffer).equals(PDF)).toBe(true);
  });

  it('keeps the entry and records why when the media cannot be kept', async () => {
    const cases = [
      {
        mediaId: 'M500',
        replies: [{ status: 500, body: { error: { message: 'Internal' } } }],
        error: 'WhatsApp Cloud API 500 for media M500',
      },
      {
        // An executable sent as an image: checked by its bytes, like an upload.
        mediaId: 'MEXE',
        replies: [mediaInfo('MEXE'), { status: 200, body: Buffer.from('MZ\x90\x00 program') }],
        error: 'The image is not a PDF or an image (JPEG, PNG, WebP or GIF)',
      },
      {
        mediaId: 'MBIG',
        replies: [mediaInfo('MBIG', { file_size: MAX_FILE_BYTES + 1 })],
        error: 'The file is larger than 10 MB (the limit per file)',
      },
      {
        // No size announced by the API: the download's own length is checked.
        mediaId: 'MHUGE',
        replies: [mediaInfo('MHUGE'), { status: 200, body: Buffer.alloc(MAX_FILE_BYTES + 1) }],
        error: 'The file is larger than 10 MB (the limit per file)',
      },
    ];
    for (const [i, c] of cases.entries()) {
      clearRecordings(world.graph);
      world.graph.replies.push(...c.replies);
      // Each from a new number: a new lead's first message is a pending entry.
      const from = `91981000000${i}`;
      const res = await deliver(inbound([mediaMessage(`wamid.F${i}`, 'image', c.mediaId, from)]));
      expect(res.status, c.mediaId).toBe(200);
      expect(res.body, c.mediaId).toMatchObject({ created: 1 });
      expect(world.graph.requests[0].path).toBe(`/v22.0/${c.mediaId}`);
      const entry = await entryOf(`wamid.F${i}`);
      expect(entry.get('status')).toBe('pending');
      expect(entry.get('attachments')).toEqual([]);
      expect(entry.get('inbound.mediaError'), c.mediaId).toBe(c.error);
    }
    // Nothing was stored for them.
    expect((await getDb().collection('files').get()).size).toBe(0);
  });
});
