import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-app';
import { readStoredJson, writeStored, writeStoredJson } from '../../../../lib/storage';
import { jsonResponse, mockApi } from '../../../../test/mock-api';
import type { EntryCustomer } from '../../../../resources/entries';
import type { Template } from '../../../../resources/templates';
import { AddEntryModal } from './add-entry-modal';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const RAJ: EntryCustomer = {
  _id: 'c1',
  names: ['Raj Kumar'],
  phones: ['+919876543210', '+919800000000'],
  emails: ['raj@example.in'],
  categories: ['SS TANK'],
  potential: 'HOT',
};

const TEMPLATES: Template[] = [
  { _id: 't1', type: 'text', title: 'Thanks', content: 'Thank you for your time.' },
  { _id: 'w1', type: 'whatsapp', title: 'Greeting', content: 'Namaste {{name}}!' },
  {
    _id: 'e1',
    type: 'email',
    title: 'Quotation',
    subject: 'Your quotation',
    content: '<p>Please find our quotation.</p>',
  },
];

const UPLOADED = {
  name: 'quote.pdf',
  url: '/api/files/uploads/f1',
  mimetype: 'application/pdf',
  size: 2048,
};

const CATALOG = [
  {
    name: 'quote_v2',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Dear {{1}}, {{2}}',
    paramCount: 2,
  },
  {
    name: 'draft_offer',
    language: 'en',
    status: 'PENDING',
    category: 'MARKETING',
    body: 'x',
    paramCount: 0,
  },
];

/** The preview answer for a closed window: the chosen template, else the company default. */
const closedPreview = (call: { body: unknown }) => {
  const { text, templateId } = call.body as { text: string; templateId?: string };
  return {
    to: '+919876543210',
    window: { open: false, openUntil: '2025-01-01T10:00:00.000Z' },
    preview: `Dear Raj Kumar, ${text}`,
    template: { name: templateId ?? 'company_default', language: 'en' },
    sends: ['template'],
    notSent: null,
    skipped: null,
  };
};

const created = (failed: string[] = [], dispatch: Record<string, unknown> = {}) =>
  jsonResponse(201, { _id: 'e1', failed, dispatch });

/**
 * Renders the modal for `customer`; its channels start as `channels` says (the person's last
 * choice, as stored; null: none stored; 'stored': as the last save left it), both off unless told.
 */
function renderModal(
  routes: Record<string, unknown> = {},
  customer: EntryCustomer = RAJ,
  channels: { whatsapp: boolean; email: boolean } | null | 'stored' = {
    whatsapp: false,
    email: false,
  },
) {
  if (channels === null) localStorage.removeItem('entryChannels');
  else if (channels !== 'stored') localStorage.setItem('entryChannels', JSON.stringify(channels));
  const api = mockApi({
    'GET /admin/templates': TEMPLATES,
    'GET /settings/fixed-pdfs': [],
    'GET /whatsapp/templates': CATALOG,
    'POST /whatsapp/preview': closedPreview,
    'POST /entries': () => created(),
    ...routes,
  });
  const onClose = vi.fn();
  const { user, queryClient } = renderWithProviders(
    <AddEntryModal customer={customer} categoryOptions={['PHE', 'PP']} onClose={onClose} />,
  );
  const dialog = within(screen.getByRole('dialog', { name: 'Add Entry' }));
  const save = () => user.click(dialog.getByRole('button', { name: 'Save' }));
  return { api, queryClient, onClose, user, dialog, save };
}

const postedEntry = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST /entries')[0]?.body as Record<string, unknown>;
const toasts = () => within(screen.getByRole('region', { name: 'Status messages' }));
const pdf = (name = 'quote.pdf') => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });

describe('Add Entry modal', () => {
  it('sends the filled entry with both channels and refreshes entries and dashboard', async () => {
    const { api, queryClient, onClose, user, dialog, save } = renderModal();
    queryClient.setQueryData(['entries', { q: '' }], []);
    queryClient.setQueryData(['dashboard-overview', {}], {});
    queryClient.setQueryData(['customers', {}], []);

    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Visited the plant');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Category' }), 'PHE');
    await user.type(dialog.getByRole('spinbutton', { name: 'Amount (₹)' }), '1500.50');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Process' }), 'Quotation');
    await user.type(dialog.getByRole('textbox', { name: 'Tags' }), 'hot lead{Enter}repeat,');
    await user.type(dialog.getByRole('textbox', { name: 'Internal note' }), 'Call on Monday');
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    const picker = dialog.getByRole('combobox', { name: 'Template' });
    // One picker: the app's templates, then the approved ones (not the pending one).
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None', 'Thanks', 'Greeting', 'quote_v2']),
    );
    await user.selectOptions(picker, 'meta:quote_v2');
    await user.click(dialog.getByRole('checkbox', { name: 'Different text for WhatsApp' }));
    await user.type(dialog.getByRole('textbox', { name: 'WhatsApp text' }), 'Hello Raj');
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Our visit');
    await user.click(dialog.getByRole('checkbox', { name: 'Different text for email' }));
    await user.type(dialog.getByRole('textbox', { name: 'Email body' }), 'Dear Raj');
    await save();

    expect(await toasts().findByText('Entry created')).toBeInTheDocument();
    expect(postedEntry(api)).toEqual({
      customer: 'c1',
      description: 'Visited the plant',
      tags: ['hot lead', 'repeat'],
      attachments: [],
      category: 'PHE',
      amount: 1500.5,
      process: 'Quotation',
      extraNote: 'Call on Monday',
      channel: 'multiple',
      whatsapp: {
        to: ['+919876543210'],
        body: 'Hello Raj',
        templateId: 'quote_v2',
        attachments: [],
      },
      email: { to: ['raj@example.in'], subject: 'Our visit', body: 'Dear Raj', attachments: [] },
    });
    expect(onClose).toHaveBeenCalled();
    expect(queryClient.getQueryState(['entries', { q: '' }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['dashboard-overview', {}])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['customers', {}])?.isInvalidated).toBe(false);
  });

  it('offers the customer categories with the screen list, preselecting the first', () => {
    const { dialog } = renderModal();
    const category = dialog.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue('SS TANK');
    const options = within(category)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Not set', 'PHE', 'PP', 'SS TANK']);
  });

  it.each([
    [['WhatsApp'], 'whatsapp'],
    [['Email'], 'email'],
    [[], 'manual'],
  ])('maps the switches %j to the channel %s', async (switches, channel) => {
    const { api, user, dialog, save } = renderModal();
    for (const name of switches) await user.click(dialog.getByRole('switch', { name }));
    await save();
    await waitFor(() => expect(postedEntry(api)).toMatchObject({ channel }));
    expect('whatsapp' in postedEntry(api)).toBe(channel === 'whatsapp');
    expect('email' in postedEntry(api)).toBe(channel === 'email');
  });

  it("checks the amount: 'Amount should be a positive number', nothing sent", async () => {
    const { api, user, dialog, save } = renderModal();
    const amount = dialog.getByRole('spinbutton', { name: 'Amount (₹)' });
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    await user.type(amount, '-5');
    await save();
    expect(dialog.getByText('Amount should be a positive number')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /entries')).toHaveLength(0);
  });

  it('tells what an empty message falls back to, and that it goes on every channel', async () => {
    const { user, dialog } = renderModal();
    const description = dialog.getByRole('textbox', { name: 'Message' });
    expect(description).toHaveAccessibleDescription(/default line/);
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    expect(description).toHaveAccessibleDescription(/Sent on every channel that is on/);
    await user.click(dialog.getByRole('checkbox', { name: 'Different text for WhatsApp' }));
    await user.type(dialog.getByRole('textbox', { name: 'WhatsApp text' }), 'Hi');
    expect(description).toHaveAccessibleDescription(/takes the WhatsApp text/);
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    expect(description).toHaveAccessibleDescription(/default line/);
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Different text for email' }));
    await user.type(dialog.getByRole('textbox', { name: 'Email body' }), 'Dear Raj');
    expect(description).toHaveAccessibleDescription(/takes the email body/);
  });

  it('write once: only the main box typed, both channels on, the message goes on both', async () => {
    const { api, user, dialog, save } = renderModal();
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Quote: 40 chairs');
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    expect(dialog.getAllByText('Sends the message above.')).toHaveLength(2);
    const preview = within(dialog.getByRole('region', { name: 'WhatsApp preview' }));
    expect(await preview.findByText('Dear Raj Kumar, Quote: 40 chairs')).toBeInTheDocument();
    await save();
    await waitFor(() =>
      expect(postedEntry(api)).toMatchObject({
        description: 'Quote: 40 chairs',
        whatsapp: { body: '' },
        email: { body: '' },
      }),
    );
  });

  it('says on the WhatsApp switch that the customer opted out', () => {
    const { dialog } = renderModal({}, {
      ...RAJ,
      whatsappWindow: {
        phone: '+919876543210',
        open: false,
        openUntil: null,
        optedOutAt: '2025-01-01T10:00:00.000Z',
      },
    } as EntryCustomer);
    expect(dialog.getByText('Opted out of WhatsApp (wrote STOP)')).toBeInTheDocument();
  });

  it('fills the message, and the email subject and body, from templates', async () => {
    const { api, user, dialog, save } = renderModal();
    const picker = await dialog.findByRole('combobox', { name: 'Template' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.selectOptions(picker, 'Greeting');
    expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('Namaste {{name}}!');
    await user.selectOptions(picker, 'Thanks');
    expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Thank you for your time.',
    );
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Different text for email' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Email template' }), 'Quotation');
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('Your quotation');
    expect(dialog.getByRole('textbox', { name: 'Email body' })).toHaveValue(
      '<p>Please find our quotation.</p>',
    );
    await save();
    await waitFor(() =>
      expect(postedEntry(api)).toMatchObject({
        description: 'Thank you for your time.',
        whatsapp: { body: '' },
        email: {
          subject: 'Your quotation',
          templateId: 'e1',
          body: '<p>Please find our quotation.</p>',
        },
      }),
    );
  });

  it('disables the switches without a phone or email and says so', async () => {
    const { api, dialog, save } = renderModal({}, { ...RAJ, phones: [], emails: [] });
    expect(dialog.getByRole('switch', { name: 'WhatsApp' })).toBeDisabled();
    expect(dialog.getByRole('switch', { name: 'Email' })).toBeDisabled();
    expect(dialog.getByText('No customer phone found')).toBeInTheDocument();
    expect(dialog.getByText('No customer email found')).toBeInTheDocument();
    await save();
    await waitFor(() => expect(postedEntry(api)).toMatchObject({ channel: 'manual' }));
  });

  it('shows the recipients: the first phone as people write it and the first email', () => {
    const { dialog } = renderModal();
    expect(dialog.getByRole('switch', { name: 'WhatsApp' })).toHaveAccessibleDescription(
      'To: +91 98765 43210',
    );
    expect(dialog.getByRole('switch', { name: 'Email' })).toHaveAccessibleDescription(
      'To: raj@example.in',
    );
  });

  it('lists picked files (name, KB, type) and uploads them before saving the entry', async () => {
    const { api, user, dialog, save } = renderModal({
      'POST /uploads': () => jsonResponse(201, { files: [UPLOADED] }),
    });
    await user.upload(dialog.getByLabelText('Add files'), pdf());
    const list = within(dialog.getByRole('list', { name: 'Attached files' }));
    expect(list.getByText('quote.pdf')).toBeInTheDocument();
    expect(list.getByText('Document')).toBeInTheDocument();
    expect(list.getByText(/KB$/)).toBeInTheDocument();
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    await save();

    await toasts().findByText('Entry created');
    const upload = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/uploads'));
    const form = upload?.[1]?.body as FormData;
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['quote.pdf']);
    expect(postedEntry(api)).toMatchObject({
      attachments: [UPLOADED],
      email: { attachments: [UPLOADED] },
    });
    const order = api.calls.map((c) => `${c.method} ${c.path}`).filter((c) => c.startsWith('POST'));
    expect(order).toEqual(['POST /uploads', 'POST /entries']);
  });

  it('removes a picked file', async () => {
    const { user, dialog } = renderModal();
    await user.upload(dialog.getByLabelText('Add files'), pdf('a.pdf'));
    await user.click(dialog.getByRole('button', { name: 'Remove a.pdf' }));
    expect(dialog.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
  });

  it("shows the server's upload error, else 'Upload failed', and saves nothing", async () => {
    let answer = jsonResponse(415, { message: '"x.pdf" is not a PDF or an image.' });
    const { api, user, dialog, save } = renderModal({ 'POST /uploads': () => answer });
    await user.upload(dialog.getByLabelText('Add files'), pdf('x.pdf'));
    await save();
    expect(await dialog.findByRole('alert')).toHaveTextContent('"x.pdf" is not a PDF or an image.');
    expect(toasts().getByText('"x.pdf" is not a PDF or an image.')).toBeInTheDocument();

    answer = jsonResponse(500);
    await save();
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Upload failed'));
    expect(api.callsTo('POST /entries')).toHaveLength(0);
  });

  it('refuses files over 10 MB or more than 10 files before sending them', async () => {
    const { user, dialog } = renderModal();
    const input = dialog.getByLabelText('Add files');
    const big = pdf('big.pdf');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(input, big);
    expect(dialog.getByRole('alert')).toHaveTextContent(
      '"big.pdf" is larger than 10 MB (the limit per file).',
    );
    await user.upload(
      input,
      Array.from({ length: 11 }, (_, i) => pdf(`f${i}.pdf`)),
    );
    expect(dialog.getByRole('alert')).toHaveTextContent('At most 10 files per entry.');
    expect(dialog.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
  });

  it("toasts 'WhatsApp sent' and 'Email sent' for the channels that were on and went out", async () => {
    const { user, dialog, save } = renderModal({
      'POST /entries': () => created(['email']),
    });
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    await save();
    expect(await toasts().findByText('Entry created')).toBeInTheDocument();
    expect(toasts().getByText('WhatsApp sent')).toBeInTheDocument();
    expect(toasts().getByText('Email failed')).toBeInTheDocument();
    expect(toasts().queryByText('Email sent')).not.toBeInTheDocument();
  });

  it('toasts no send when no channel was on', async () => {
    const { dialog, save } = renderModal({ 'POST /entries': () => created() });
    expect(dialog.getByRole('switch', { name: 'WhatsApp' })).not.toBeChecked();
    await save();
    expect(await toasts().findByText('Entry created')).toBeInTheDocument();
    expect(toasts().queryByText('WhatsApp sent')).not.toBeInTheDocument();
    expect(toasts().queryByText('Email sent')).not.toBeInTheDocument();
  });

  it("toasts 'WhatsApp failed: <reason>' and 'Email failed' while the entry is saved", async () => {
    const { onClose, user, dialog, save } = renderModal({
      'POST /entries': () =>
        created(['whatsapp', 'email'], {
          whatsapp: {
            status: 'failed',
            error: 'Meta refused: the template does not exist (132001)',
          },
          email: { status: 'failed' },
        }),
    });
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    await save();
    expect(await toasts().findByText('Entry created')).toBeInTheDocument();
    expect(
      toasts().getByText('WhatsApp failed: Meta refused: the template does not exist (132001)'),
    ).toBeInTheDocument();
    expect(toasts().getByText('Email failed')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("toasts 'WhatsApp queued: …' and an unknown outcome as a warning", async () => {
    const { user, dialog, save } = renderModal({
      'POST /entries': () =>
        created([], {
          whatsapp: { status: 'queued', error: 'Meta asked to slow down; retrying in 30 s' },
          email: { status: 'unknown', error: 'SendGrid did not answer in time' },
        }),
    });
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    await user.click(dialog.getByRole('switch', { name: 'Email' }));
    await save();
    expect(
      await toasts().findByText('WhatsApp queued: Meta asked to slow down; retrying in 30 s'),
    ).toBeInTheDocument();
    const unknown = toasts().getByText(/^Email: outcome unknown – SendGrid did not answer in time/);
    expect(unknown.closest('.toast')).toHaveAttribute('data-tone', 'warn');
  });

  it('previews what the customer will receive while typing, and sends a linked app template by its id', async () => {
    const { api, user, dialog, save } = renderModal({
      'GET /admin/templates': [
        ...TEMPLATES,
        {
          _id: 'w2',
          type: 'whatsapp',
          title: 'Quote ready',
          content: 'Your quotation is ready',
          approved: { name: 'quote_v2', language: 'en', textParam: 2, nameParam: 1 },
        },
      ],
    });
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    const preview = within(dialog.getByRole('region', { name: 'WhatsApp preview' }));
    expect(await preview.findByText('Closed: needs an approved template')).toBeInTheDocument();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Template' }), 'Quote ready');
    const message = dialog.getByRole('textbox', { name: 'Message' });
    expect(message).toHaveValue('Your quotation is ready');
    expect(await preview.findByText('Dear Raj Kumar, Your quotation is ready')).toBeInTheDocument();
    expect(preview.getByText('Raj Kumar will receive:')).toBeInTheDocument();
    expect(dialog.getByText(/sends the approved template "quote_v2"/)).toBeInTheDocument();
    // Typing is debounced: one preview for the settled text, not one per key.
    const before = api.callsTo('POST /whatsapp/preview').length;
    await user.type(message, ' today');
    expect(
      await preview.findByText('Dear Raj Kumar, Your quotation is ready today'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /whatsapp/preview').length).toBe(before + 1);
    expect(api.callsTo('POST /whatsapp/preview').at(-1)!.body).toEqual({
      customerId: 'c1',
      to: '+919876543210',
      text: 'Your quotation is ready today',
      templateId: 'w2',
      attachments: 0,
    });

    await save();
    await waitFor(() => expect(postedEntry(api)).toMatchObject({ whatsapp: { templateId: 'w2' } }));
  });

  it("shows why WhatsApp will not go, and a refused template's message, in words", async () => {
    let answer: Response = jsonResponse(200, {
      to: '+919876543210',
      window: { open: false, openUntil: null },
      preview: '',
      template: null,
      sends: [],
      notSent: 'WhatsApp not sent: the customer has not written in the last 24 hours.',
      skipped: null,
    });
    const { user, dialog } = renderModal({ 'POST /whatsapp/preview': () => answer });
    await user.click(dialog.getByRole('switch', { name: 'WhatsApp' }));
    const preview = within(dialog.getByRole('region', { name: 'WhatsApp preview' }));
    expect(
      await preview.findByText(
        'WhatsApp not sent: the customer has not written in the last 24 hours.',
      ),
    ).toBeInTheDocument();
    expect(preview.queryByText('The customer will receive:')).toBeNull();

    answer = jsonResponse(400, {
      message: 'The WhatsApp template "quote_v2" (en) takes 2 parameter(s)',
    });
    await dialog.findByRole('option', { name: 'quote_v2' });
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Template' }), 'meta:quote_v2');
    expect(await preview.findByRole('alert')).toHaveTextContent(
      'The WhatsApp template "quote_v2" (en) takes 2 parameter(s)',
    );
  });

  it("shows the server's message, else 'Failed to create entry', inline and as a toast", async () => {
    let answer = jsonResponse(400, { message: 'Customer not found' });
    const { onClose, dialog, save } = renderModal({ 'POST /entries': () => answer });
    await save();
    expect(await dialog.findByRole('alert')).toHaveTextContent('Customer not found');
    expect(toasts().getByText('Customer not found')).toBeInTheDocument();

    answer = jsonResponse(500);
    await save();
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent('Failed to create entry'),
    );
    expect(toasts().getByText('Failed to create entry')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('attaches a fixed company PDF in one click', async () => {
    const { api, user, dialog, save } = renderModal({
      'GET /settings/fixed-pdfs': [{ title: 'Brochure', url: 'https://cdn.example.in/b.pdf' }],
    });
    const attach = await dialog.findByRole('button', { name: 'Attach Brochure' });
    await user.click(attach);
    expect(attach).toBeDisabled();
    expect(
      within(dialog.getByRole('list', { name: 'Attached files' })).getByText('Brochure'),
    ).toBeInTheDocument();
    await save();
    await waitFor(() =>
      expect(postedEntry(api)).toMatchObject({
        attachments: [
          {
            name: 'Brochure',
            url: 'https://cdn.example.in/b.pdf',
            mimetype: 'application/pdf',
            size: 0,
          },
        ],
      }),
    );
    expect(api.callsTo('POST /uploads')).toHaveLength(0);
  });

  it('works without fixed PDFs or templates when those calls fail', async () => {
    const { api, dialog, save } = renderModal({
      'GET /settings/fixed-pdfs': () => jsonResponse(500, { message: 'boom' }),
      'GET /admin/templates': () => jsonResponse(500, { message: 'boom' }),
      'GET /whatsapp/templates': () => jsonResponse(500, { message: 'boom' }),
    });
    await waitFor(() => expect(api.callsTo('GET /settings/fixed-pdfs')).toHaveLength(1));
    expect(dialog.queryByRole('group', { name: 'Company PDFs' })).not.toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Template' })).toBeDisabled();
    await save();
    expect(await toasts().findByText('Entry created')).toBeInTheDocument();
  });

  it('suggests up to 12 saved tags and saves the used ones first', async () => {
    writeStoredJson(
      'tagOptions',
      Array.from({ length: 14 }, (_, i) => `tag${i}`),
    );
    const { api, user, dialog, save } = renderModal();
    const saved = within(dialog.getByRole('group', { name: 'Saved tags' }));
    expect(saved.getAllByRole('button')).toHaveLength(12);
    await user.click(saved.getByRole('button', { name: 'Add tag tag5' }));
    await user.type(dialog.getByRole('textbox', { name: 'Tags' }), 'fresh');
    await user.click(dialog.getByRole('button', { name: 'Add tag' }));
    await user.click(dialog.getByRole('button', { name: 'Remove tag tag5' }));
    await user.click(saved.getByRole('button', { name: 'Add tag tag1' }));
    await save();
    await toasts().findByText('Entry created');
    expect(postedEntry(api)).toMatchObject({ tags: ['fresh', 'tag1'] });
    const stored = readStoredJson<string[]>('tagOptions', []);
    expect(stored.slice(0, 3)).toEqual(['fresh', 'tag1', 'tag0']);
    expect(stored).toHaveLength(12);
  });

  it('lets an admin save the message as a text template, ignoring a failure', async () => {
    writeStored('role', 'admin');
    const { api, user, dialog, save } = renderModal({
      'POST /admin/templates': () => jsonResponse(500, { message: 'Template store down' }),
    });
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Sent the brochure');
    await user.click(
      dialog.getByRole('checkbox', { name: 'Save this message as a text template' }),
    );
    await save();
    expect(await toasts().findByText('Entry created')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST /admin/templates')[0]?.body).toEqual({
        type: 'text',
        title: 'Sent the brochure',
        content: 'Sent the brochure',
      }),
    );
    expect(toasts().queryByText('Template store down')).not.toBeInTheDocument();
  });

  it('offers no template saving to sales users (admin only on the server)', async () => {
    writeStored('role', 'sales');
    const { api, user, dialog, save } = renderModal();
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Sent the brochure');
    expect(
      dialog.queryByRole('checkbox', { name: 'Save this message as a text template' }),
    ).not.toBeInTheDocument();
    await save();
    expect(await toasts().findByText('Entry created')).toBeInTheDocument();
    expect(postedEntry(api)).toMatchObject({ description: 'Sent the brochure' });
    expect(api.callsTo('POST /admin/templates')).toHaveLength(0);
  });

  it('closes on Cancel and on Escape without saving', async () => {
    const { api, onClose, user, dialog } = renderModal();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(api.callsTo('POST /entries')).toHaveLength(0);
  });

  it("starts with the channels the customer can get, then with this person's last choice", async () => {
    const first = renderModal({}, RAJ, null);
    expect(first.dialog.getByRole('switch', { name: 'WhatsApp' })).toBeChecked();
    expect(first.dialog.getByRole('switch', { name: 'Email' })).toBeChecked();
    expect(await first.dialog.findByText('Raj Kumar will receive:')).toBeInTheDocument();
    // Turned email off and saved: the next entry starts so.
    await first.user.click(first.dialog.getByRole('switch', { name: 'Email' }));
    await first.user.type(first.dialog.getByRole('textbox', { name: 'Message' }), 'Hello');
    await first.save();
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem('entryChannels') ?? '')).toEqual({
      whatsapp: true,
      email: false,
    });
    cleanup();
    const second = renderModal({}, RAJ, 'stored');
    expect(second.dialog.getByRole('switch', { name: 'WhatsApp' })).toBeChecked();
    expect(second.dialog.getByRole('switch', { name: 'Email' })).not.toBeChecked();
  });

  it('keeps the internal note apart from the message, labelled as never sent', async () => {
    const { api, dialog, user, save } = renderModal({}, RAJ, { whatsapp: false, email: true });
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Your quotation is ready');
    const note = dialog.getByRole('textbox', { name: 'Internal note' });
    expect(note).toHaveAccessibleDescription(
      'Never sent: for your team only, Raj Kumar does not see it.',
    );
    await user.type(note, 'Budget ₹6.5 lakh');
    // The email line says the words that go: the message, not the note.
    expect(dialog.getByText('Your quotation is ready', { selector: 'p' })).toBeInTheDocument();
    await save();
    await waitFor(() => expect(postedEntry(api)).toBeDefined());
    expect(postedEntry(api)).toMatchObject({
      description: 'Your quotation is ready',
      extraNote: 'Budget ₹6.5 lakh',
      channel: 'email',
    });
  });

  it('folds category, amount, process, tags and files under More on a phone, and opens it for a bad amount', async () => {
    // A phone's width, as the browser's media query answers it.
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('768'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    try {
      const { dialog, user, save, api } = renderModal();
      const more = dialog.getByRole('button', { name: /^More/ });
      expect(more).toHaveAttribute('aria-expanded', 'false');
      expect(dialog.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
      await user.click(more);
      await user.type(dialog.getByRole('spinbutton', { name: 'Amount (₹)' }), '-5');
      await user.click(more);
      expect(more).toHaveAttribute('aria-expanded', 'false');
      await save();
      expect(more).toHaveAttribute('aria-expanded', 'true');
      expect(dialog.getByText('Amount should be a positive number')).toBeInTheDocument();
      expect(api.callsTo('POST /entries')).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
