import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ADMIN = { token: 't', role: 'admin' };

const SETTINGS = {
  companyName: 'Demo Dairy',
  adminNumbers: ['+919800000001'],
  adminEmails: ['admin@demo.in'],
  notifications: { email: true, whatsapp: false },
  integrations: {
    whatsapp: {
      verifyToken: 'verify-me',
      token: '••••1234',
      phoneNumberId: '1098765432',
      appSecret: '',
      wabaId: '',
      defaultTemplate: { name: '', language: '', textParam: null, nameParam: null },
    },
    email: {
      smtpHost: 'smtp.example.in',
      smtpPort: 587,
      smtpUser: 'crm@example.in',
      smtpPass: '••••••••',
      imapHost: '',
      imapPort: 993,
      imapUser: '',
      imapPass: '',
      fromEmail: 'crm@example.in',
      fromName: 'Demo Dairy',
      eventWebhookKey: '',
    },
  },
  fixedPdfs: [],
  serverSecrets: { sendgridApiKey: false, whatsappToken: false, whatsappAppSecret: false },
};

const CATALOG = [
  {
    name: 'crm_update',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Hello {{1}}, {{2}}',
    paramCount: 2,
  },
];

const section = (name: string) => screen.getByRole('region', { name });
const field = (name: string) => screen.getByLabelText(name);

async function openPage(routes: Record<string, unknown> = {}) {
  const api = mockApi({
    'GET /admin/settings': SETTINGS,
    'GET /whatsapp/templates': CATALOG,
    ...routes,
  });
  const view = renderApp('/integrations', ADMIN);
  await screen.findByRole('region', { name: 'WhatsApp' });
  return { ...api, ...view };
}

// Typing through user-event is slow on a loaded machine: room beyond the 5 s default.
describe('Integrations page', { timeout: 20_000 }, () => {
  it('shows the WhatsApp and Email sections with the secrets masked', async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    const wa = section('WhatsApp');
    expect(within(wa).getByLabelText('Verify token')).toHaveValue('verify-me');
    const token = within(wa).getByLabelText('Access token');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveAttribute('autocomplete', 'new-password');
    expect(token).toHaveValue('••••1234');
    expect(token).toHaveAccessibleDescription(
      'Saved (••••1234). Type a new value to replace it, or clear it to remove it.',
    );
    expect(within(wa).getByLabelText('Phone number ID')).toHaveValue('1098765432');
    expect(within(wa).getByLabelText('App secret')).toHaveValue('');
    const email = section('Email');
    for (const [label, value] of [
      ['SMTP host', 'smtp.example.in'],
      ['SMTP port', '587'],
      ['SMTP user', 'crm@example.in'],
      ['SMTP password', '••••••••'],
      ['IMAP host', ''],
      ['IMAP port', '993'],
      ['IMAP user', ''],
      ['IMAP password', ''],
    ]) {
      expect(within(email).getByLabelText(label)).toHaveValue(value);
    }
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
  });

  it('saves with one Save: masks sent back unchanged, new values as typed', async () => {
    const { user, callsTo } = await openPage({
      'PUT /admin/settings': (call: { body: { integrations: typeof SETTINGS.integrations } }) => ({
        ...SETTINGS,
        integrations: {
          ...call.body.integrations,
          whatsapp: { ...call.body.integrations.whatsapp, appSecret: '••••cret' },
        },
      }),
    });
    await user.type(field('App secret'), 'new-app-secret');
    await user.clear(field('SMTP port'));
    await user.type(field('SMTP port'), '465');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT /admin/settings')).toHaveLength(1));
    expect(callsTo('PUT /admin/settings')[0].body).toEqual({
      integrations: {
        whatsapp: { ...SETTINGS.integrations.whatsapp, appSecret: 'new-app-secret' },
        email: { ...SETTINGS.integrations.email, smtpPort: '465' },
      },
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(field('App secret')).toHaveValue('••••cret');
  });

  it('sets the WABA id, the default template with its parameters and the SendGrid key, and shows the webhook URLs', async () => {
    const { user, callsTo } = await openPage({
      'PUT /admin/settings': (call: { body: { integrations: typeof SETTINGS.integrations } }) => ({
        ...SETTINGS,
        integrations: call.body.integrations,
      }),
    });
    expect(field('Webhook URL for Meta (WhatsApp, Configuration, Webhook)')).toHaveValue(
      `${window.location.origin}/api/integrations/whatsapp/webhook`,
    );
    expect(field("Post URL for SendGrid's Event Webhook")).toHaveValue(
      `${window.location.origin}/api/integrations/email/events`,
    );
    await user.type(field('WhatsApp Business Account ID'), '102030405060');
    const template = field('Default template');
    await within(template).findByRole('option', { name: 'crm_update (en) – 2 parameters' });
    await user.selectOptions(template, 'crm_update (en) – 2 parameters');
    expect(screen.getByText('Hello {{1}}, {{2}}')).toBeInTheDocument();
    await user.selectOptions(field('Parameter for the text'), '{{2}}');
    await user.selectOptions(field("Parameter for the customer's name"), '{{1}}');
    await user.type(
      field('Event webhook verification key'),
      'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PUT /admin/settings')).toHaveLength(1));
    const saved = (
      callsTo('PUT /admin/settings')[0].body as { integrations: typeof SETTINGS.integrations }
    ).integrations;
    expect(saved.whatsapp.wabaId).toBe('102030405060');
    expect(saved.whatsapp.defaultTemplate).toEqual({
      name: 'crm_update',
      language: 'en',
      textParam: 2,
      nameParam: 1,
    });
    expect(saved.email.eventWebhookKey).toBe('MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE');
  });

  it("shows the server's message under each bad field", async () => {
    const { user } = await openPage({
      'PUT /admin/settings': jsonResponse(400, {
        message: 'integrations.email.smtpPort: SMTP port must be a whole number from 1 to 65535',
        fields: {
          'integrations.email.smtpPort': 'SMTP port must be a whole number from 1 to 65535',
        },
      }),
    });
    await user.clear(field('SMTP port'));
    await user.type(field('SMTP port'), '70000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('SMTP port')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('SMTP port')).toHaveAccessibleDescription(
      'SMTP port must be a whole number from 1 to 65535',
    );
  });

  it("sends a WhatsApp test and shows the provider's answer", async () => {
    const { user, callsTo } = await openPage({
      'POST /integrations/whatsapp/test': {
        ok: true,
        provider: 'whatsapp',
        messageId: 'wamid.ABC',
        to: '+919800000001',
      },
    });
    await user.click(
      within(section('WhatsApp')).getByRole('button', { name: 'Send test WhatsApp' }),
    );
    expect(
      await within(section('WhatsApp')).findByText(
        'Sent to +919800000001 via whatsapp (id wamid.ABC).',
      ),
    ).toBeInTheDocument();
    expect(callsTo('POST /integrations/whatsapp/test')).toHaveLength(1);
  });

  it("shows the provider's refusal of an email test", async () => {
    const { user } = await openPage({
      'POST /integrations/email/test': jsonResponse(502, {
        message: 'The SMTP server refused the sign-in: 535 Authentication credentials invalid',
        provider: 'smtp',
      }),
    });
    await user.click(within(section('Email')).getByRole('button', { name: 'Send test Email' }));
    expect(await within(section('Email')).findByRole('alert')).toHaveTextContent(
      'Email test failed: The SMTP server refused the sign-in: 535 Authentication credentials invalid',
    );
  });

  it('says the test uses the saved settings while there are unsaved changes', async () => {
    const { user } = await openPage();
    expect(screen.queryByText(/Unsaved changes/)).not.toBeInTheDocument();
    await user.type(field('Verify token'), 'x');
    expect(screen.getAllByText('Unsaved changes: the test uses the saved settings.')).toHaveLength(
      2,
    );
  });

  it("notes the server's own secrets", async () => {
    mockApi({
      'GET /admin/settings': {
        ...SETTINGS,
        serverSecrets: { sendgridApiKey: true, whatsappToken: true, whatsappAppSecret: false },
      },
    });
    renderApp('/integrations', ADMIN);
    expect(await screen.findByText(/SENDGRID_API_KEY secret is set/)).toBeInTheDocument();
    expect(screen.getByText(/WHATSAPP_TOKEN secret is set/)).toBeInTheDocument();
  });
});
