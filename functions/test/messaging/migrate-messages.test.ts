// The one-time migration of messages stored before domain/messages owned them: queue documents
// with a path as their owner get a typed owner, and WhatsApp messages sent before the send queue
// get a queue document, so Meta's later statuses about them (which carry no queue id) still move
// the entry's state through the one message path.
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { migrateMessages } from '../../src/domain/messages/migrate';
import { getDb } from '../../src/firebase';
import { functionsApp, useEntriesWorld } from '../entries/support';

const meta = functionsApp(null);
useEntriesWorld();

function status(id: string, state: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: {
              statuses: [
                { id, status: state, timestamp: '1780000100', recipient_id: '919812345678' },
              ],
            },
          },
        ],
      },
    ],
  });
  return request(meta)
    .post('/api/integrations/whatsapp/webhook')
    .set('Content-Type', 'application/json')
    .set(
      'X-Hub-Signature-256',
      `sha256=${createHmac('sha256', 'app-secret').update(body).digest('hex')}`,
    )
    .send(body);
}

describe('migrateMessages', () => {
  it("queues an older entry's WhatsApp message so a later status reaches the entry", async () => {
    const db = getDb();
    const entry = db.collection('entries').doc('older-entry');
    await entry.set({
      customerId: 'c1',
      description: 'Sent before the queue',
      dispatch: {
        whatsapp: {
          status: 'sent',
          messageId: 'wamid.OLDER1',
          preview: 'Hello',
          at: Timestamp.now(),
        },
      },
    });
    // Before the migration no message of ours has that id: the status changes nothing.
    await status('wamid.OLDER1', 'delivered').expect(200);
    expect((await entry.get()).get('dispatch.whatsapp.status')).toBe('sent');

    expect(await migrateMessages()).toMatchObject({ queuedOlderMessages: 1 });
    const outboundId = (await entry.get()).get('dispatch.whatsapp.outboundId') as string;
    const queued = await db.collection('outboundMessages').doc(outboundId).get();
    expect(queued.get('owner')).toEqual({ kind: 'entry', id: 'older-entry' });
    expect(queued.get('providerIds')).toEqual(['wamid.OLDER1']);

    await status('wamid.OLDER1', 'read').expect(200);
    expect((await entry.get()).get('dispatch.whatsapp.status')).toBe('read');
    // A second run finds nothing left to move.
    expect(await migrateMessages()).toEqual({ ownersTyped: 0, queuedOlderMessages: 0 });
  });

  it('gives queue documents stored with a path a typed owner, and replies their customer', async () => {
    const db = getDb();
    const byPath = db.collection('outboundMessages').doc('legacy-path');
    const reply = db.collection('outboundMessages').doc('legacy-reply');
    const base = { channel: 'whatsapp', to: '+919812345678', state: 'done', timeline: [] };
    await byPath.set({
      ...base,
      owner: { path: 'followUps/f1', field: 'results.whatsapp' },
      parts: [{ kind: 'text', text: 'Hi', state: 'sent', messageId: 'wamid.L1' }],
    });
    await reply.set({ ...base, owner: null, source: 'reply', customerId: 'c9', parts: [] });
    expect(await migrateMessages()).toMatchObject({ ownersTyped: 2 });
    expect((await byPath.get()).get('owner')).toEqual({ kind: 'followUp', id: 'f1' });
    expect((await byPath.get()).get('providerIds')).toEqual(['wamid.L1']);
    expect((await reply.get()).get('owner')).toEqual({ kind: 'reply', id: 'c9' });
  });
});
