import { describe, expect, it } from 'vitest';
import { notifyAdmins } from '../../src/features/notifications/notify-admins';
import { getDb } from '../../src/firebase';
import { useProviderServers } from '../support/provider-servers';
import { writeSettings } from '../support/settings';

const providers = useProviderServers();

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

const notice = {
  title: 'New entry',
  message: 'Suresh added an entry for Ravi',
  type: 'entry' as const,
};

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
    expect(providers.sendgrid.requests[0].json).toMatchObject({
      subject: 'New entry',
      personalizations: [{ to: [{ email: 'admin@demo.in' }, { email: 'ops@demo.in' }] }],
    });
    expect(providers.graph.requests).toHaveLength(0);
  });

  it('also sends WhatsApp to each admin number when that switch is on', async () => {
    await contacts({ email: false, whatsapp: true });
    const outcome = await notifyAdmins(notice);
    expect(outcome.email).toBeUndefined();
    expect(outcome.whatsapp).toHaveLength(2);
    expect(providers.graph.requests.map((r) => (r.json as { to: string }).to).sort()).toEqual([
      '919800000001',
      '919800000002',
    ]);
    expect(providers.graph.requests[0].json).toMatchObject({
      text: { body: 'New entry\nSuresh added an entry for Ravi' },
    });
    expect(providers.sendgrid.requests).toHaveLength(0);
  });

  it('still writes the notification when a send fails', async () => {
    await contacts({ email: true, whatsapp: true });
    providers.sendgrid.replies.push({ status: 500 });
    providers.graph.replies.push({ status: 500 }, { status: 500 });
    const outcome = await notifyAdmins(notice);
    expect(outcome.email?.ok).toBe(false);
    expect(outcome.whatsapp.every((o) => !o.ok)).toBe(true);
    expect((await getDb().doc(`notifications/${outcome.id}`).get()).exists).toBe(true);
  });
});
