import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyAdmins } from '../../src/features/notifications/notify-admins';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { startRecordingServer, type RecordingServer } from '../support/recording-server';
import { writeSettings } from '../support/settings';

let sendgrid: RecordingServer;
let graph: RecordingServer;

const contacts = (notifications: { email: boolean; whatsapp: boolean }) =>
  writeSettings(
    {
      adminNumbers: ['+919800000001', '+919800000002'],
      adminEmails: ['admin@demo.in', 'ops@demo.in'],
      notifications,
      integrations: {
        whatsapp: { phoneNumberId: '1098765432' },
        email: { smtpHost: 'smtp.sendgrid.net', fromEmail: 'crm@demo.in' },
      },
    },
    { whatsappToken: 'token', smtpPass: 'SG.key' },
  );

const notice = { title: 'New entry', message: 'Suresh added an entry for Ravi', type: 'entry' };

beforeAll(async () => {
  [sendgrid, graph] = await Promise.all([startRecordingServer(), startRecordingServer()]);
});
afterAll(async () => {
  await Promise.all([sendgrid.close(), graph.close()]);
});
beforeEach(async () => {
  await resetBackends();
  sendgrid.requests.length = 0;
  graph.requests.length = 0;
  vi.stubEnv('SENDGRID_API_BASE', sendgrid.url);
  vi.stubEnv('WHATSAPP_API_BASE', graph.url);
  vi.stubEnv('SENDGRID_API_KEY', '');
  vi.stubEnv('WHATSAPP_TOKEN', '');
});
afterEach(() => vi.unstubAllEnvs());

describe('notifyAdmins', () => {
  it('writes a notification for the admins and emails them by default', async () => {
    await contacts({ email: true, whatsapp: false });
    const outcome = await notifyAdmins(notice);
    const doc = (await getDb().doc(`notifications/${outcome.id}`).get()).data();
    expect(doc).toMatchObject({
      title: 'New entry',
      message: 'Suresh added an entry for Ravi',
      text: 'Suresh added an entry for Ravi',
      type: 'entry',
      audience: 'admins',
    });
    expect(outcome.email).toMatchObject({ ok: true, provider: 'sendgrid' });
    expect(outcome.whatsapp).toEqual([]);
    expect(sendgrid.requests[0].json).toMatchObject({
      subject: 'New entry',
      personalizations: [{ to: [{ email: 'admin@demo.in' }, { email: 'ops@demo.in' }] }],
    });
    expect(graph.requests).toHaveLength(0);
  });

  it('also sends WhatsApp to each admin number when that switch is on', async () => {
    await contacts({ email: false, whatsapp: true });
    const outcome = await notifyAdmins(notice);
    expect(outcome.email).toBeUndefined();
    expect(outcome.whatsapp).toHaveLength(2);
    expect(graph.requests.map((r) => (r.json as { to: string }).to).sort()).toEqual([
      '919800000001',
      '919800000002',
    ]);
    expect(graph.requests[0].json).toMatchObject({
      text: { body: 'New entry\nSuresh added an entry for Ravi' },
    });
    expect(sendgrid.requests).toHaveLength(0);
  });

  it('still writes the notification when a send fails', async () => {
    await contacts({ email: true, whatsapp: true });
    sendgrid.replies.push({ status: 500 });
    graph.replies.push({ status: 500 }, { status: 500 });
    const outcome = await notifyAdmins(notice);
    expect(outcome.email?.ok).toBe(false);
    expect(outcome.whatsapp.every((o) => !o.ok)).toBe(true);
    expect((await getDb().doc(`notifications/${outcome.id}`).get()).exists).toBe(true);
  });
});
