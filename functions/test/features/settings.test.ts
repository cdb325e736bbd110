import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/fake-session';

const admin = appAs('admin');
const sales = appAs('sales');
const nobody = appAs(null);

const SECRETS = {
  token: 'EAAG-whatsapp-token-1234',
  appSecret: 'app-secret-abcdefgh-5678',
  smtpPass: 'smtp-password-9012',
  imapPass: 'imap-pw',
};

const full = {
  companyName: '  Demo Dairy Equipment ',
  adminNumbers: ['98123 45678', '+91 98123-45678', '', '+14155552671'],
  adminEmails: ['Admin@Demo.in', 'admin@demo.in', 'ops@demo.in'],
  notifications: { email: false, whatsapp: true },
  integrations: {
    whatsapp: {
      verifyToken: 'verify-me',
      token: SECRETS.token,
      phoneNumberId: '1098765432',
      appSecret: SECRETS.appSecret,
      wabaId: '555',
      defaultTemplate: { name: 'crm_message', language: 'en', textParam: 2, nameParam: 1 },
    },
    email: {
      smtpHost: 'smtp.example.in',
      smtpPort: '465',
      smtpUser: 'crm@example.in',
      smtpPass: SECRETS.smtpPass,
      imapHost: 'imap.example.in',
      imapPort: 993,
      imapUser: 'crm@example.in',
      imapPass: SECRETS.imapPass,
      fromEmail: 'CRM@Example.in',
      fromName: 'Demo Dairy',
      eventWebhookKey: 'MFkwEwYHKoZIzj0CAQ==',
    },
  },
  fixedPdfs: [{ title: 'Catalogue', url: '/api/files/fixed/catalogue.pdf' }],
};

/** Meta's India rates in paise per 100 messages, 80 a second, a new portfolio's 250 users. */
const BROADCAST_DEFAULTS = {
  throughputPerSecond: 80,
  messagingLimit: 250,
  templatePrices: { marketing: 8631, utility: 1150, authentication: 1150 },
};

const saved = {
  companyName: 'Demo Dairy Equipment',
  adminNumbers: ['+919812345678', '+14155552671'],
  adminEmails: ['admin@demo.in', 'ops@demo.in'],
  notifications: { email: false, whatsapp: true },
  integrations: {
    whatsapp: {
      verifyToken: 'verify-me',
      token: '••••1234',
      phoneNumberId: '1098765432',
      appSecret: '••••5678',
      wabaId: '555',
      defaultTemplate: { name: 'crm_message', language: 'en', textParam: 2, nameParam: 1 },
    },
    email: {
      smtpHost: 'smtp.example.in',
      smtpPort: 465,
      smtpUser: 'crm@example.in',
      smtpPass: '••••9012',
      imapHost: 'imap.example.in',
      imapPort: 993,
      imapUser: 'crm@example.in',
      imapPass: '••••••••',
      fromEmail: 'crm@example.in',
      fromName: 'Demo Dairy',
      eventWebhookKey: 'MFkwEwYHKoZIzj0CAQ==',
    },
  },
  fixedPdfs: [{ title: 'Catalogue', url: '/api/files/fixed/catalogue.pdf' }],
  gstin: '',
  legalName: '',
  address: '',
  state: '',
  bank: { accountName: '', bankName: '', accountNumber: '', ifsc: '', branch: '' },
  quoteTerms: '',
  quoteValidityDays: 15,
  quotePrefix: 'Q',
  broadcasts: BROADCAST_DEFAULTS,
  inboundEntryQuietDays: 7,
  serverSecrets: { sendgridApiKey: false, whatsappToken: false, whatsappAppSecret: false },
};

function expectNoSecret(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
}

describe('/api/admin/settings', () => {
  beforeEach(resetBackends);
  afterEach(() => vi.unstubAllEnvs());

  it('answers the defaults before anything is saved', async () => {
    const res = await request(admin).get('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      companyName: '',
      adminNumbers: [],
      adminEmails: [],
      notifications: { email: true, whatsapp: false },
      integrations: {
        whatsapp: {
          verifyToken: '',
          token: '',
          phoneNumberId: '',
          appSecret: '',
          wabaId: '',
          defaultTemplate: { name: '', language: '', textParam: null, nameParam: null },
        },
        email: {
          smtpHost: '',
          smtpPort: 587,
          smtpUser: '',
          smtpPass: '',
          imapHost: '',
          imapPort: 993,
          imapUser: '',
          imapPass: '',
          fromEmail: '',
          fromName: '',
          eventWebhookKey: '',
        },
      },
      fixedPdfs: [],
      gstin: '',
      legalName: '',
      address: '',
      state: '',
      bank: { accountName: '', bankName: '', accountNumber: '', ifsc: '', branch: '' },
      quoteTerms: '',
      quoteValidityDays: 15,
      quotePrefix: 'Q',
      broadcasts: BROADCAST_DEFAULTS,
      inboundEntryQuietDays: 7,
      serverSecrets: { sendgridApiKey: false, whatsappToken: false, whatsappAppSecret: false },
    });
  });

  it("saves the broadcasts' throughput, messaging limit and template prices, keeping what a save leaves out", async () => {
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({
        broadcasts: { throughputPerSecond: 1000, templatePrices: { marketing: 9000 } },
      });
    expect(res.status).toBe(200);
    expect(res.body.broadcasts).toEqual({
      throughputPerSecond: 1000,
      messagingLimit: 250,
      templatePrices: { marketing: 9000, utility: 1150, authentication: 1150 },
    });
    const unlimited = await request(admin)
      .put('/api/admin/settings')
      .send({ broadcasts: { messagingLimit: null } });
    expect(unlimited.body.broadcasts).toMatchObject({
      throughputPerSecond: 1000,
      messagingLimit: null,
      templatePrices: { marketing: 9000 },
    });
    await request(admin)
      .put('/api/admin/settings')
      .send({ broadcasts: { messagingLimit: 10000 } });
    expect((await request(admin).get('/api/admin/settings')).body.broadcasts).toMatchObject({
      messagingLimit: 10000,
    });
  });

  it('names each bad broadcast setting and saves none of them', async () => {
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({
        broadcasts: {
          throughputPerSecond: 0,
          messagingLimit: 500,
          templatePrices: { marketing: 0.86, utility: -1, authentication: 'free' },
        },
      });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      'broadcasts.throughputPerSecond':
        'Throughput: messages a second, a whole number from 1 to 1000',
      'broadcasts.messagingLimit':
        'Messaging limit: one of 250, 2000, 10000, 100000, or null for unlimited',
      'broadcasts.templatePrices.marketing':
        'Marketing price: paise per 100 messages, a whole number',
      'broadcasts.templatePrices.utility': 'Utility price cannot be below 0',
      'broadcasts.templatePrices.authentication':
        'Authentication price: paise per 100 messages, a whole number',
    });
    expect((await getDb().doc('settings/company').get()).exists).toBe(false);
    const tooFast = await request(admin)
      .put('/api/admin/settings')
      .send({ broadcasts: { throughputPerSecond: 1001 } });
    expect(tooFast.status).toBe(400);
  });

  it('saves, normalising phones and emails and masking the secrets in the answer', async () => {
    const res = await request(admin).put('/api/admin/settings').send(full);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(saved);
    expectNoSecret(res.body);
    const again = await request(admin).get('/api/admin/settings');
    expect(again.body).toEqual(saved);
    expectNoSecret(again.body);
  });

  it('keeps the secrets out of the settings document', async () => {
    await request(admin).put('/api/admin/settings').send(full);
    const settingsDoc = (await getDb().doc('settings/company').get()).data();
    expectNoSecret(settingsDoc);
    expect(settingsDoc).toMatchObject({
      companyName: 'Demo Dairy Equipment',
      updatedBy: 'admin-uid',
    });
    expect((await getDb().doc('secrets/integrations').get()).data()).toMatchObject({
      whatsappToken: SECRETS.token,
      whatsappAppSecret: SECRETS.appSecret,
      smtpPass: SECRETS.smtpPass,
      imapPass: SECRETS.imapPass,
    });
  });

  it('keeps a secret sent back masked or left out, replaces a new one, clears an empty one', async () => {
    await request(admin).put('/api/admin/settings').send(full);
    const shown = (await request(admin).get('/api/admin/settings')).body;
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({
        ...shown,
        companyName: 'Renamed',
        integrations: {
          whatsapp: { ...shown.integrations.whatsapp, appSecret: '' },
          email: { ...shown.integrations.email, smtpPass: 'a-brand-new-password' },
        },
      });
    expect(res.status).toBe(200);
    expect(res.body.integrations.whatsapp).toMatchObject({ token: '••••1234', appSecret: '' });
    expect(res.body.integrations.email).toMatchObject({
      smtpPass: '••••word',
      imapPass: '••••••••',
    });
    expect((await getDb().doc('secrets/integrations').get()).data()).toMatchObject({
      whatsappToken: SECRETS.token,
      whatsappAppSecret: '',
      smtpPass: 'a-brand-new-password',
      imapPass: SECRETS.imapPass,
    });
  });

  it('keeps the fields a save leaves out (the Settings screen sends no integrations)', async () => {
    await request(admin).put('/api/admin/settings').send(full);
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({ companyName: 'Only the name', notifications: { email: true } });
    expect(res.body).toEqual({
      ...saved,
      companyName: 'Only the name',
      notifications: { email: true, whatsapp: true },
    });
  });

  it('names each bad field', async () => {
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({
        companyName: 42,
        adminNumbers: ['98123 45678', '12345'],
        adminEmails: ['ok@demo.in', 'not-an-email'],
        notifications: { email: 'yes' },
        integrations: {
          whatsapp: { phoneNumberId: 'abc' },
          email: {
            smtpHost: 'smtp example',
            smtpPort: 70000,
            imapPort: 'x',
            fromEmail: 'nope',
          },
        },
        fixedPdfs: [{ title: 'A', url: 'javascript:alert(1)' }],
      });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      companyName: 'Company name must be text',
      'adminNumbers.1': 'Not a valid phone number: 12345',
      'adminEmails.1': 'Not a valid email address',
      'notifications.email': 'Must be true or false',
      'integrations.whatsapp.phoneNumberId': 'Phone number ID is digits only',
      'integrations.email.smtpHost': 'SMTP host must be a host name like smtp.example.com',
      'integrations.email.smtpPort': 'SMTP port must be a whole number from 1 to 65535',
      'integrations.email.imapPort': 'IMAP port must be a whole number from 1 to 65535',
      'integrations.email.fromEmail': 'Not a valid email address',
      'fixedPdfs.0.url': 'URL must start with http://, https:// or /',
    });
    expect(res.body.message).toMatch(/^companyName: Company name must be text; /);
    // Nothing was saved.
    expect((await getDb().doc('settings/company').get()).exists).toBe(false);
  });

  it('accepts ports at the edges and refuses 0', async () => {
    const ok = await request(admin)
      .put('/api/admin/settings')
      .send({ integrations: { email: { smtpPort: 1, imapPort: '65535' } } });
    expect(ok.body.integrations.email).toMatchObject({ smtpPort: 1, imapPort: 65535 });
    const zero = await request(admin)
      .put('/api/admin/settings')
      .send({ integrations: { email: { smtpPort: 0 } } });
    expect(zero.body.fields).toEqual({
      'integrations.email.smtpPort': 'SMTP port must be a whole number from 1 to 65535',
    });
  });

  it('is for admins only', async () => {
    expect((await request(nobody).get('/api/admin/settings')).status).toBe(401);
    for (const res of [
      await request(sales).get('/api/admin/settings'),
      await request(sales).put('/api/admin/settings').send({ companyName: 'x' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Access denied (admin only).' });
    }
  });

  it('says which secrets the server sets, without their values', async () => {
    vi.stubEnv('SENDGRID_API_KEY', 'SG.server-secret-value');
    vi.stubEnv('WHATSAPP_TOKEN', 'none');
    const res = await request(admin).get('/api/admin/settings');
    expect(res.body.serverSecrets).toEqual({
      sendgridApiKey: true,
      whatsappToken: false,
      whatsappAppSecret: false,
    });
    expect(JSON.stringify(res.body)).not.toContain('server-secret-value');
  });
});

describe('/api/settings/public', () => {
  beforeEach(resetBackends);

  it('answers the company name, the first admin email and the time zone to anyone', async () => {
    expect((await request(nobody).get('/api/settings/public')).body).toEqual({
      companyName: '',
      adminEmail: null,
      timeZone: 'Asia/Kolkata',
    });
    await request(admin).put('/api/admin/settings').send(full);
    const res = await request(nobody).get('/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      companyName: 'Demo Dairy Equipment',
      adminEmail: 'admin@demo.in',
      timeZone: 'Asia/Kolkata',
    });
  });

  it("names the company's time zone as COMPANY_TIME_ZONE sets it", async () => {
    vi.stubEnv('COMPANY_TIME_ZONE', 'Asia/Dubai');
    try {
      const res = await request(nobody).get('/api/settings/public');
      expect(res.body.timeZone).toBe('Asia/Dubai');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
