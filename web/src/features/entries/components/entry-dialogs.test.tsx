import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { EMPLOYEES, entry, page } from '../test/entries-fixtures';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const SALES = { token: 't', role: 'sales' };

const raj = entry({
  _id: 'e1',
  description: 'Asked for a quotation\nfor two pumps',
  channel: 'multiple',
  category: 'PHE',
  amount: 25000,
  process: 'Quotation',
  tags: ['pumps'],
  extraNote: 'Call after lunch',
  dispatch: {
    whatsapp: {
      to: ['+919876543210'],
      templateId: 'quote_followup',
      templateName: 'quote_followup',
      language: 'en',
      text: 'Hello Raj',
      preview: 'Dear Raj Kumar, Hello Raj. Reply to this message to talk to us.',
      window: { open: false, openUntil: null },
      attachments: [],
      status: 'delivered',
      messageId: 'wamid.OUTBOX1',
      timeline: [
        { status: 'queued', at: '2025-01-05T10:00:00.000Z' },
        { status: 'sent', at: '2025-01-05T10:00:02.000Z' },
        { status: 'delivered', at: '2025-01-05T10:00:09.000Z' },
      ],
    },
    email: {
      to: ['raj@example.in'],
      templateId: 't-quote',
      subject: 'Your quotation',
      text: 'Please find it attached',
      attachments: [
        {
          name: 'quote.pdf',
          url: '/api/files/uploads/f1',
          mimetype: 'application/pdf',
          size: 2048,
        },
      ],
      status: 'failed',
      error: 'SendGrid said no',
      timeline: [
        { status: 'queued', at: '2025-01-05T10:00:00.000Z' },
        { status: 'failed', at: '2025-01-05T10:00:01.000Z', error: 'SendGrid said no' },
      ],
    },
  },
});
const PREVIEW = {
  to: '+919876543210',
  window: { open: false, openUntil: '2025-01-04T10:00:00.000Z' },
  preview: 'Dear Raj Kumar, Hello Raj. Reply to this message to talk to us.',
  template: { name: 'quote_followup', language: 'en' },
  sends: ['template'],
  notSent: null,
  skipped: null,
};
const noContacts = entry({
  _id: 'e2',
  customer: { ...raj.customer, _id: 'c2', names: ['Meena Shah'], phones: [], emails: [] },
});

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /entries': page([raj, noContacts]),
    'GET /entries/employees': EMPLOYEES,
    'GET /whatsapp/templates': [],
    'POST /whatsapp/preview': PREVIEW,
    ...extra,
  };
}

/** Runs a row action: the button beside the row menu when it is that one, else the item. */
async function openFor(name: string, action: string) {
  const { user, ...rest } = renderApp('/entries', SALES);
  const group = await screen.findByRole('group', { name: `Actions for ${name}` });
  const button = within(group).queryByRole('button', { name: action });
  if (button) {
    await user.click(button);
  } else {
    await user.click(within(group).getByRole('button', { name: `More actions for ${name}` }));
    await user.click(screen.getByRole('menuitem', { name: action }));
  }
  return { user, ...rest };
}

describe('Entry Details', () => {
  it("shows every field and 'No files added.'", async () => {
    mockApi(routes());
    await openFor('Meena Shah', 'Show details');
    const dialog = await screen.findByRole('dialog', { name: 'Entry Details' });
    expect(within(dialog).getByText('No files added.')).toBeInTheDocument();
    expect(within(dialog).getByText('Meena Shah', { selector: 'dd' })).toBeInTheDocument();
  });

  it('lists the attachments and opens Channel Details', async () => {
    mockApi(routes());
    const { user } = await openFor('Raj Kumar', 'Show details');
    const dialog = await screen.findByRole('dialog', { name: 'Entry Details' });
    for (const text of ['PHE', '₹25,000', 'Quotation', 'pumps', 'Call after lunch'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Channel Details' }));
    expect(await screen.findByRole('dialog', { name: 'Channel Details' })).toBeInTheDocument();
  });
});

describe('Channel Details', () => {
  it('shows each channel: status, reason, template name, what the customer read, timeline', async () => {
    const api = mockApi(
      routes({
        'GET /admin/templates': [
          { _id: 't-quote', type: 'email', title: 'Quotation mail', subject: 's', content: 'c' },
        ],
      }),
    );
    const { user } = renderApp('/entries', SALES);
    await user.click(await screen.findByRole('button', { name: /WhatsApp \+ Email/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel Details' });
    const whatsapp = within(within(dialog).getByRole('region', { name: 'WhatsApp' }));
    const email = within(within(dialog).getByRole('region', { name: 'Email' }));
    expect(whatsapp.getByText('ON')).toBeInTheDocument();
    expect(whatsapp.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(whatsapp.getByText('quote_followup (en)')).toBeInTheDocument();
    expect(whatsapp.getByText('Closed: needs an approved template')).toBeInTheDocument();
    expect(
      whatsapp.getByText('Dear Raj Kumar, Hello Raj. Reply to this message to talk to us.'),
    ).toBeInTheDocument();
    // The email template by its title, not the internal id.
    expect(await email.findByText('Quotation mail')).toBeInTheDocument();
    expect(email.queryByText('t-quote')).toBeNull();
    const steps = within(whatsapp.getByRole('list', { name: 'WhatsApp timeline' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Queued 5 Jan 2025/);
    expect(steps[2]).toMatch(/^Delivered 5 Jan 2025/);
    expect(email.getByText('Your quotation')).toBeInTheDocument();
    expect(email.getByText('Please find it attached')).toBeInTheDocument();
    expect(email.getByRole('link', { name: 'quote.pdf' })).toBeInTheDocument();
    expect(email.getAllByText('Failed')[0]).toHaveClass('entries-badge--danger');
    expect(email.getAllByText('SendGrid said no').length).toBeGreaterThan(0);
    // A failed message is not one the customer received; a delivered one is.
    expect(email.getByText('Not received: the message was')).toBeInTheDocument();
    expect(email.queryByText('The customer received')).toBeNull();
    expect(whatsapp.getByText('The customer received')).toBeInTheDocument();

    // Resend offers the channels with the one that did not reach the customer ticked.
    const resend = within(within(dialog).getByRole('form', { name: 'Resend' }));
    expect(resend.getByRole('checkbox', { name: /^Email/ })).toBeChecked();
    expect(resend.getByRole('checkbox', { name: /^WhatsApp/ })).not.toBeChecked();
    // What a resend of WhatsApp would send now, asked of the server with the stored text.
    await user.click(resend.getByRole('checkbox', { name: /^WhatsApp/ }));
    const preview = within(within(dialog).getByRole('region', { name: 'WhatsApp preview' }));
    expect(await preview.findByText('Closed: needs an approved template')).toBeInTheDocument();
    expect(preview.getByText('The customer will receive:')).toBeInTheDocument();
    expect(api.callsTo('POST /whatsapp/preview')[0].body).toEqual({
      customerId: 'c1',
      text: 'Hello Raj',
      templateId: 'quote_followup',
      attachments: 0,
    });
  });

  it('shows OFF panels for an entry sent on no channel', async () => {
    mockApi(routes());
    const { user } = renderApp('/entries', SALES);
    const row = (await screen.findByText('Meena Shah')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Manual/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel Details' });
    expect(within(dialog).getAllByText('OFF')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: /^Resend/ })).toBeNull();
  });

  it("resends the ON channels: 'Resent successfully!', then 'Resend failed' with the reasons", async () => {
    let fail = false;
    const resent = {
      ...raj,
      dispatch: {
        ...raj.dispatch,
        email: { ...raj.dispatch.email, status: 'sent', error: undefined, messageId: 'm-2' },
      },
      failed: [],
    };
    const api = mockApi(
      routes({
        'POST /entries/e1/resend': () =>
          fail
            ? jsonResponse(502, {
                message: 'Resend failed: WhatsApp failed (Meta refused the template)',
                failed: ['whatsapp', 'email'],
              })
            : resent,
      }),
    );
    const { user } = renderApp('/entries', SALES);
    await user.click(await screen.findByRole('button', { name: /WhatsApp \+ Email/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel Details' });
    const form = within(within(dialog).getByRole('form', { name: 'Resend' }));
    // Nothing ticked: nothing goes, and it says why.
    await user.click(form.getByRole('checkbox', { name: /^Email/ }));
    await user.click(form.getByRole('button', { name: 'Resend' }));
    expect(form.getByRole('alert')).toHaveTextContent(
      'Select at least one channel (Email or WhatsApp)',
    );
    expect(api.callsTo('POST /entries/e1/resend')).toHaveLength(0);
    await user.click(form.getByRole('checkbox', { name: /^Email/ }));
    await user.click(form.getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.click(form.getByRole('button', { name: 'Resend WhatsApp and Email' }));
    // One toast per channel.
    const toasts = within(screen.getByRole('region', { name: 'Status messages' }));
    expect(await toasts.findByText('Email sent')).toBeInTheDocument();
    expect(toasts.getByText('WhatsApp sent')).toBeInTheDocument();
    const email = within(within(dialog).getByRole('region', { name: 'Email' }));
    expect(email.getByText('Sent')).toBeInTheDocument();
    expect(api.callsTo('POST /entries/e1/resend')[0].body).toEqual({
      descriptionTemplate: null,
      send: { whatsapp: {}, email: {} },
    });
    // Both went: neither stays ticked, so a second press sends nothing again by mistake.
    expect(form.getByRole('checkbox', { name: /^Email/ })).not.toBeChecked();
    expect(form.getByRole('checkbox', { name: /^WhatsApp/ })).not.toBeChecked();
    fail = true;
    await user.click(form.getByRole('checkbox', { name: /^Email/ }));
    await user.click(form.getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.click(form.getByRole('button', { name: 'Resend WhatsApp and Email' }));
    expect(
      await screen.findByText('Resend failed: WhatsApp failed (Meta refused the template)'),
    ).toBeInTheDocument();
  });

  it('resends only the channel ticked: WhatsApp alone, with a new message', async () => {
    const api = mockApi(routes({ 'POST /entries/e1/resend': { ...raj, failed: [] } }));
    const { user } = renderApp('/entries', SALES);
    await user.click(await screen.findByRole('button', { name: /WhatsApp \+ Email/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel Details' });
    const form = within(within(dialog).getByRole('form', { name: 'Resend' }));
    await user.click(form.getByRole('checkbox', { name: /^Email/ }));
    await user.click(form.getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.type(form.getByRole('textbox', { name: 'New message' }), 'Revised quote');
    await user.click(form.getByRole('button', { name: 'Resend WhatsApp' }));
    await waitFor(() =>
      expect(api.callsTo('POST /entries/e1/resend')[0]?.body).toEqual({
        message: 'Revised quote',
        descriptionTemplate: null,
        send: { whatsapp: {}, email: null },
      }),
    );
    const toasts = within(screen.getByRole('region', { name: 'Status messages' }));
    expect(await toasts.findByText('WhatsApp sent')).toBeInTheDocument();
    expect(toasts.queryByText(/^Email/)).toBeNull();
  });

  it('after a resend ticks what still did not reach the customer, never what went', async () => {
    const failedWhatsApp = {
      ...raj.dispatch.whatsapp,
      status: 'failed' as const,
      error: 'Meta refused',
    };
    const bothFailed = {
      ...raj,
      dispatch: { whatsapp: failedWhatsApp, email: raj.dispatch.email },
    };
    const emailWent = {
      ...bothFailed,
      dispatch: {
        whatsapp: failedWhatsApp,
        email: { ...raj.dispatch.email, status: 'sent' as const },
      },
      failed: [],
    };
    mockApi(routes({ 'GET /entries': page([bothFailed]), 'POST /entries/e1/resend': emailWent }));
    const { user } = renderApp('/entries', SALES);
    await user.click(await screen.findByRole('button', { name: /WhatsApp \+ Email/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel Details' });
    const form = within(within(dialog).getByRole('form', { name: 'Resend' }));
    await user.click(form.getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.click(form.getByRole('button', { name: 'Resend Email' }));
    const toasts = within(screen.getByRole('region', { name: 'Status messages' }));
    expect(await toasts.findByText('Email sent')).toBeInTheDocument();
    await waitFor(() => expect(form.getByRole('checkbox', { name: /^Email/ })).not.toBeChecked());
    expect(form.getByRole('checkbox', { name: /^WhatsApp/ })).toBeChecked();
    expect(form.getByRole('button', { name: 'Resend WhatsApp' })).toBeInTheDocument();
  });

  it('toasts per channel when one channel of a resend failed or its outcome is unknown', async () => {
    const partly = {
      ...raj,
      dispatch: {
        whatsapp: { ...raj.dispatch.whatsapp, status: 'unknown', error: 'Meta did not answer' },
        email: { ...raj.dispatch.email, status: 'failed', error: 'Mailbox does not exist' },
      },
      failed: ['email'],
    };
    mockApi(routes({ 'POST /entries/e1/resend': partly }));
    const { user } = renderApp('/entries', SALES);
    await user.click(await screen.findByRole('button', { name: /WhatsApp \+ Email/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel Details' });
    const form = within(within(dialog).getByRole('form', { name: 'Resend' }));
    await user.click(form.getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.click(form.getByRole('button', { name: 'Resend WhatsApp and Email' }));
    const toasts = within(screen.getByRole('region', { name: 'Status messages' }));
    expect(await toasts.findByText('Email failed: Mailbox does not exist')).toBeInTheDocument();
    expect(
      toasts.getByText(/^WhatsApp: outcome unknown – Meta did not answer/),
    ).toBeInTheDocument();
    expect(toasts.queryByText('Resent successfully!')).toBeNull();
    expect(
      within(within(dialog).getByRole('region', { name: 'WhatsApp' })).getAllByText(
        'Outcome unknown',
      )[0],
    ).toHaveClass('entries-badge--warn');
  });
});

describe('History', () => {
  const items = [
    {
      _id: 'h3',
      type: 'comment',
      when: '2025-01-07T10:00:00Z',
      text: 'Called',
      by: 'u',
      byName: 'Sales Person',
      snapshot: null,
    },
    {
      _id: 'h2',
      type: 'follow_up',
      when: '2025-01-06T10:00:00Z',
      text: 'Follow-up scheduled',
      by: 'u',
      byName: 'Sales Person',
      snapshot: null,
    },
    {
      _id: 'h1',
      type: 'created',
      when: '2025-01-05T10:00:00Z',
      text: 'Entry created',
      by: 'u',
      byName: 'Sales Person',
      snapshot: null,
    },
  ];

  it('lists the items newest first with their tones, and adds a comment', async () => {
    const api = mockApi(
      routes({ 'GET /entries/e1/history': items, 'POST /entries/e1/history/comment': items[0] }),
    );
    const { user } = await openFor('Raj Kumar', 'History');
    const dialog = await screen.findByRole('dialog', { name: 'History – Raj Kumar' });
    const list = await within(dialog).findByRole('list', { name: 'History, newest first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.ui-badge')?.textContent),
    ).toEqual(['Comment', 'Follow-up', 'Created']);
    expect(within(list).getByText('Created')).toHaveClass('ui-badge');
    expect(within(list).getByText('Follow-up')).toHaveClass('entries-badge--info');
    expect(within(list).getByText('Comment')).toHaveClass('ui-badge--gray');
    const delivery = within(within(dialog).getByRole('region', { name: 'Delivery' }));
    expect(
      within(delivery.getByRole('list', { name: 'WhatsApp delivery' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(
      within(delivery.getByRole('list', { name: 'Email delivery' })).getByText('SendGrid said no'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please write a comment');
    expect(api.callsTo('POST /entries/e1/history/comment')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Add a comment' }),
      ' Called back ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText('Comment added')).toBeInTheDocument();
    const body = api.callsTo('POST /entries/e1/history/comment')[0].body as {
      text: string;
      when: string;
    };
    expect(body.text).toBe('Called back');
    expect(Number.isNaN(Date.parse(body.when))).toBe(false);
    await waitFor(() => expect(api.callsTo('GET /entries/e1/history')).toHaveLength(2));
  });

  it("shows 'No history for this entry.' and 'Failed to save comment'", async () => {
    mockApi(
      routes({
        'GET /entries/e1/history': [],
        'POST /entries/e1/history/comment': () => jsonResponse(500, {}),
      }),
    );
    const { user } = await openFor('Raj Kumar', 'History');
    const dialog = await screen.findByRole('dialog', { name: 'History – Raj Kumar' });
    expect(await within(dialog).findByText('No history for this entry.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Add a comment' }), 'Hi');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save comment');
  });

  it("shows 'Failed to load history' and retries", async () => {
    let fail = true;
    mockApi(routes({ 'GET /entries/e1/history': () => (fail ? jsonResponse(500, {}) : items) }));
    const { user } = await openFor('Raj Kumar', 'History');
    const dialog = await screen.findByRole('dialog', { name: 'History – Raj Kumar' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to load history');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Entry created')).toBeInTheDocument();
  });
});

describe('Follow-up', () => {
  it('checks days and channels, then schedules on the chosen channels', async () => {
    const api = mockApi(routes({ 'POST /entries/e1/followup': { _id: 'f1' } }));
    const { user } = await openFor('Raj Kumar', 'Follow-up');
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up – Raj Kumar' });
    expect(within(dialog).getByRole('radio', { name: '3 days' })).toBeChecked();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '3', '7', '14', '30', 'custom']);

    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Select at least one channel (Email or WhatsApp)',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Custom' }));
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    await user.type(days, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    // Under the Days field, in words, with the server's limits (1 to 365).
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription('1 to 365 Please select a valid number of days');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(days).toHaveAccessibleDescription('1 to 365 Please select a valid number of days');
    expect(api.callsTo('POST /entries/e1/followup')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: '1 day' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Message' }),
      'Ask about the quote',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Follow-up scheduled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Follow-up/ })).toBeNull();
    expect(api.callsTo('POST /entries/e1/followup')[0].body).toMatchObject({
      days: 1,
      time: '10:00',
      note: 'Ask about the quote',
      send: {
        email: null,
        whatsapp: { templateId: '', text: 'Ask about the quote', to: ['+919876543210'] },
      },
      entryId: 'e1',
    });
  });

  it('previews the WhatsApp follow-up and sends the approved template chosen by name', async () => {
    const api = mockApi(
      routes({
        'GET /whatsapp/templates': [
          {
            name: 'quote_followup',
            language: 'en',
            status: 'APPROVED',
            category: 'UTILITY',
            body: 'Dear {{1}}, {{2}}',
            paramCount: 2,
          },
        ],
        'POST /entries/e1/followup': { _id: 'f1' },
      }),
    );
    const { user } = await openFor('Raj Kumar', 'Follow-up');
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up – Raj Kumar' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Any news?');
    const preview = within(within(dialog).getByRole('region', { name: 'WhatsApp preview' }));
    expect(await preview.findByText('Closed: needs an approved template')).toBeInTheDocument();
    expect(
      preview.getByText('Dear Raj Kumar, Hello Raj. Reply to this message to talk to us.'),
    ).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Template' });
    await within(picker).findByRole('option', { name: 'quote_followup' });
    await user.selectOptions(picker, 'meta:quote_followup');
    await waitFor(() =>
      expect(api.callsTo('POST /whatsapp/preview').at(-1)!.body).toEqual({
        customerId: 'c1',
        to: '+919876543210',
        text: 'Any news?',
        templateId: 'quote_followup',
        attachments: 0,
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Follow-up scheduled')).toBeInTheDocument();
    expect(api.callsTo('POST /entries/e1/followup')[0].body).toMatchObject({
      send: { whatsapp: { templateId: 'quote_followup', text: 'Any news?' } },
    });
  });

  it('takes a time of day (10:00 unless changed) and checks it', async () => {
    const api = mockApi(routes({ 'POST /entries/e1/followup': { _id: 'f1' } }));
    const { user } = await openFor('Raj Kumar', 'Follow-up');
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up – Raj Kumar' });
    const time = within(dialog).getByLabelText('At');
    expect(time).toHaveValue('10:00');
    await user.click(within(dialog).getByRole('checkbox', { name: /Email/ }));
    await user.clear(time);
    await user.type(time, '16:30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Follow-up scheduled')).toBeInTheDocument();
    expect(api.callsTo('POST /entries/e1/followup')[0].body).toMatchObject({
      days: 3,
      time: '16:30',
    });
  });

  it("says 'No customer email found' / 'No customer phone found' without calling the server", async () => {
    const api = mockApi(routes());
    const { user } = await openFor('Meena Shah', 'Follow-up');
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up – Meena Shah' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Email/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No customer email found');
    await user.click(within(dialog).getByRole('checkbox', { name: /Email/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^WhatsApp/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No customer phone found');
    expect(api.callsTo('POST /entries/e2/followup')).toHaveLength(0);
  });

  it('fills the email subject and text from a chosen email template', async () => {
    const api = mockApi(
      routes({
        'GET /admin/templates': [
          {
            _id: 't-mail',
            type: 'email',
            title: 'Quote reminder',
            subject: 'Your quote',
            content: 'Dear {{name}}',
          },
          { _id: 't-text', type: 'text', title: 'Thanks', content: 'Thank you' },
        ],
        'POST /entries/e1/followup': { _id: 'f1' },
      }),
    );
    const { user } = await openFor('Raj Kumar', 'Follow-up');
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up – Raj Kumar' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Email/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Different text for email' }));
    const picker = within(dialog).getByRole('combobox', { name: 'Email template' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Quote reminder']);
    await user.selectOptions(picker, 't-mail');
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Your quote');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Follow-up scheduled')).toBeInTheDocument();
    expect(api.callsTo('POST /entries/e1/followup')[0].body).toMatchObject({
      days: 3,
      send: {
        email: { templateId: 't-mail', subject: 'Your quote', text: 'Dear {{name}}' },
        whatsapp: null,
      },
    });
  });

  it("shows 'Failed to schedule follow-up' when the server fails without a message", async () => {
    mockApi(routes({ 'POST /entries/e1/followup': () => jsonResponse(500, {}) }));
    const { user } = await openFor('Raj Kumar', 'Follow-up');
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up – Raj Kumar' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Email/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to schedule follow-up',
    );
  });
});

describe('Edit Entry', () => {
  const withFiles = {
    ...raj,
    attachments: [
      { name: 'a.pdf', url: '/api/files/uploads/a', mimetype: 'application/pdf', size: 1024 },
      { name: 'b.png', url: '/api/files/uploads/b', mimetype: 'image/png', size: 2048 },
    ],
  };

  it('saves the fields, the kept files and the customer lists', async () => {
    const api = mockApi(
      routes({ 'GET /entries': page([withFiles]), 'PUT /entries/e1': { ...withFiles } }),
    );
    const { user } = await openFor('Raj Kumar', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entry' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Wants three pumps');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Process' }), 'Closing');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), ', urgent');
    await user.click(within(dialog).getByRole('checkbox', { name: /Keep a\.pdf/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Phones/ }),
      '{Enter}+91 99999 88888',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Entry updated')).toBeInTheDocument();
    expect(api.callsTo('PUT /entries/e1')[0].body).toEqual({
      description: 'Wants three pumps',
      category: 'PHE',
      amount: 25000,
      channel: 'multiple',
      tags: ['pumps', 'urgent'],
      process: 'Closing',
      extraNote: 'Call after lunch',
      attachments: [withFiles.attachments[1]],
      customer: {
        names: ['Raj Kumar'],
        phones: ['+919876543210', '+91 99999 88888'],
        emails: ['raj@example.in'],
      },
    });
  });

  it("changes the amount, refusing a negative one: 'Amount should be a positive number'", async () => {
    const api = mockApi(routes({ 'PUT /entries/e1': { ...raj, amount: 1500.5 } }));
    const { user } = await openFor('Raj Kumar', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entry' });
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount (₹)' });
    expect(amount).toHaveValue(25000);
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');

    await user.clear(amount);
    await user.type(amount, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Amount should be a positive number')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /entries/e1')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Entry updated')).toBeInTheDocument();
    expect(api.callsTo('PUT /entries/e1')[0].body).toMatchObject({ amount: 1500.5 });
  });

  it("needs a name, phone or email, and shows 'Update failed'", async () => {
    const api = mockApi(routes({ 'PUT /entries/e1': () => jsonResponse(500, {}) }));
    const { user } = await openFor('Raj Kumar', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Entry' });
    for (const name of [/^Names/, /^Phones/, /^Emails/])
      await user.clear(within(dialog).getByRole('textbox', { name }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please add at least a name/phone/email',
    );
    expect(api.callsTo('PUT /entries/e1')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Names/ }), 'Raj');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Update failed');
  });
});

describe('A role that may only read entries', () => {
  const READER = { token: 't', role: 'support', permissions: ['entries.read', 'templates.read'] };

  it('is offered History and details, not Edit, Follow-up, a comment or a resend', async () => {
    mockApi(routes({ 'GET /entries/e1/history': [] }));
    const { user } = renderApp('/entries', READER);
    const group = within(await screen.findByRole('group', { name: 'Actions for Raj Kumar' }));
    // History is the row's button when Follow-up is not offered.
    expect(group.getByRole('button', { name: 'History' })).toBeInTheDocument();
    await user.click(group.getByRole('button', { name: 'More actions for Raj Kumar' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Show details',
    ]);
    await user.keyboard('{Escape}');

    await user.click(group.getByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'History – Raj Kumar' });
    expect(await within(history).findByText('No history for this entry.')).toBeInTheDocument();
    expect(within(history).queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(group.getByRole('button', { name: 'More actions for Raj Kumar' }));
    await user.click(screen.getByRole('menuitem', { name: 'Show details' }));
    const details = await screen.findByRole('dialog', { name: 'Entry Details' });
    await user.click(within(details).getByRole('button', { name: 'Channel Details' }));
    const channels = await screen.findByRole('dialog', { name: 'Channel Details' });
    expect(within(channels).getAllByText('SendGrid said no').length).toBeGreaterThan(0);
    expect(within(channels).queryByRole('form', { name: 'Resend' })).toBeNull();
  });
});
