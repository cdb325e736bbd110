import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { jsonResponse, mockApi } from '../../../test/mock-api';
import { customer, page } from '../test/mock-api';

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const ADMIN = { token: 't', role: 'admin' };
const SALES = { token: 't', role: 'sales' };

const raj = customer({
  _id: 'raj',
  names: ['Raj Kumar', 'Kumar Dairy'],
  phones: ['+919810245489', '+912223456789'],
  emails: ['raj@example.in'],
  categories: ['PHE', 'N/I BUT FUTURE POTENTIAL'],
  potential: 'HOT',
  note: 'Met at the expo',
});

const entry = {
  _id: 'e1',
  customerId: 'raj',
  customer: { ...raj },
  description: 'Quotation for two pumps',
  tags: [],
  attachments: [
    { name: 'quote.pdf', url: '/api/files/uploads/f1', mimetype: 'application/pdf', size: 2048 },
  ],
  category: 'PHE',
  amount: 0,
  currency: 'INR',
  process: 'Quotation',
  extraNote: '',
  channel: 'whatsapp',
  status: 'pending',
  employee: null,
  createdByName: 'Asha',
  source: 'employee',
  createdAt: '2025-02-01T10:00:00.000Z',
  followUps: [],
  dispatch: {
    whatsapp: {
      to: ['+919810245489'],
      status: 'failed',
      error: 'Outside the 24-hour window',
      preview: 'Dear Raj Kumar, the quote for two pumps is ready.',
      templateName: 'quote_v2',
      at: '2025-02-01T10:00:05.000Z',
    },
  },
};

const timeline = {
  items: [
    {
      kind: 'followUp',
      _id: 'f1',
      at: '2025-02-02T10:00:00.000Z',
      followUp: {
        entryId: 'e1',
        dueAt: '2025-02-05T10:00:00.000Z',
        days: 3,
        note: 'Call about the quote',
        channels: ['email'],
        status: 'scheduled',
        byName: 'Asha',
        results: {},
      },
    },
    { kind: 'entry', _id: 'e1', at: entry.createdAt, entry },
  ],
  nextCursor: 'next',
};

function routes(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return {
    'GET /customers/raj': () => raj,
    'GET /customers/raj/timeline': () => timeline,
    ...extra,
  };
}

describe('customer page', () => {
  it("offers a read-only role neither Add Entry, Edit nor Merge in the customer's header", async () => {
    mockApi(routes());
    renderApp('/customers/raj', {
      token: 't',
      role: 'support',
      permissions: ['customers.read', 'entries.read', 'templates.read'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Raj Kumar' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Follow-up/ })).toBeInTheDocument();
    for (const name of [/Add Entry/, /^Edit$/, /Merge/, /Delete/])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('shows every value in full, phones as people write them, and the contact links', async () => {
    mockApi(routes());
    renderApp('/customers/raj', SALES);

    expect(await screen.findByRole('heading', { level: 1, name: 'Raj Kumar' })).toBeVisible();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByRole('link', { name: '+91 98102 45489' })).toHaveAttribute(
      'href',
      'tel:+919810245489',
    );
    expect(within(details).getByText('+91 22 2345 6789')).toBeInTheDocument();
    expect(within(details).getByText('Kumar Dairy')).toBeInTheDocument();
    expect(within(details).getByText('N/I BUT FUTURE POTENTIAL')).toBeInTheDocument();
    expect(within(details).getByText('Met at the expo')).toBeInTheDocument();
    const contact = screen.getByRole('list', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: /^Call/ })).toHaveAttribute(
      'href',
      'tel:+919810245489',
    );
    // WhatsApp opens the conversation (recorded); wa.me is the secondary link.
    expect(within(contact).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      '#conversation',
    );
    expect(within(contact).getByRole('link', { name: 'Open in WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919810245489',
    );
    expect(within(contact).getByText(/not recorded/)).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      'mailto:raj@example.in',
    );
    // Employees do not delete customers; the rest is offered to everyone.
    for (const name of ['Add Entry', 'Follow-up', 'Edit', 'Merge'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Messaging has not said anything about the WhatsApp window: nothing shows.
    expect(screen.queryByTestId('whatsapp-window')).toBeNull();
  });

  it('lists entries, their messages and files, and follow-ups newest first, and pages on', async () => {
    const api = mockApi(
      routes({
        'GET /customers/raj/timeline': ({ query }) =>
          query.get('cursor') === 'next' ? { items: [], nextCursor: null } : timeline,
      }),
    );
    const { user } = renderApp('/customers/raj', SALES);
    const history = await screen.findByRole('region', { name: 'History' });
    const items = await within(history).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Follow-up');
    expect(items[0]).toHaveTextContent('Call about the quote');
    // The entry's own text is labelled as notes; the message shows as the customer got it.
    expect(within(history).getByText('Quotation for two pumps')).toHaveTextContent(
      'Message: Quotation for two pumps',
    );
    const whatsapp = within(within(history).getByRole('group', { name: 'WhatsApp message' }));
    expect(whatsapp.getByText('Failed')).toBeInTheDocument();
    expect(whatsapp.getByText('Outside the 24-hour window')).toBeInTheDocument();
    expect(whatsapp.getByText(/template quote_v2/)).toBeInTheDocument();
    expect(
      whatsapp.getByText('Dear Raj Kumar, the quote for two pumps is ready.'),
    ).toBeInTheDocument();
    expect(within(history).getByRole('link', { name: 'quote.pdf' })).toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: 'Load older' }));
    await waitFor(() =>
      expect(api.find('GET', '/customers/raj/timeline').map((c) => c.query.get('cursor'))).toEqual([
        null,
        'next',
      ]),
    );
    await waitFor(() =>
      expect(within(history).queryByRole('button', { name: 'Load older' })).toBeNull(),
    );
  });

  it("shows the conversation, oldest first, and a customer's message is no entry awaiting sending", async () => {
    const inboundEntry = {
      ...entry,
      _id: 'e2',
      description: 'OK, 40 chairs confirmed',
      source: 'whatsapp',
      createdByName: 'WhatsApp (inbound)',
      dispatch: {},
      attachments: [],
    };
    const api = mockApi(
      routes({
        'GET /customers/raj/timeline': () => ({
          items: [{ kind: 'entry', _id: 'e2', at: entry.createdAt, entry: inboundEntry }],
          nextCursor: null,
        }),
        'GET /customers/raj/conversation': () => ({
          messages: [
            {
              _id: 'm1',
              customerId: 'raj',
              at: '2025-02-01T09:00:00.000Z',
              direction: 'out',
              channel: 'whatsapp',
              text: 'Hello Raj, a message from our team: the quote',
              templateName: 'crm_message',
              files: [],
              state: 'failed',
              error: 'The customer may not be on WhatsApp (WhatsApp 131026)',
              byName: 'Asha',
              source: 'entry',
            },
            {
              _id: 'm2',
              customerId: 'raj',
              at: '2025-02-01T10:00:00.000Z',
              direction: 'in',
              channel: 'whatsapp',
              text: 'OK, 40 chairs confirmed',
              files: [
                { name: 'photo.jpg', url: '/api/files/uploads/p1', mimetype: 'image/jpeg' },
                { name: 'po.pdf', url: '/api/files/uploads/p2', mimetype: 'application/pdf' },
              ],
              state: 'received',
              source: 'inbound',
            },
          ],
          nextCursor: null,
        }),
        'POST /customers/raj/conversation/read': () => ({ unread: 0 }),
      }),
    );
    renderApp('/customers/raj', SALES);
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    const messages = await within(conversation).findAllByRole('listitem');
    expect(messages[0]).toHaveTextContent('Template crm_message');
    expect(messages[0]).toHaveTextContent(
      'Failed: The customer may not be on WhatsApp (WhatsApp 131026)',
    );
    expect(messages[1]).toHaveTextContent('OK, 40 chairs confirmed');
    expect(within(messages[1]).getByRole('img', { name: 'photo.jpg' })).toBeInTheDocument();
    expect(within(messages[1]).getByRole('link', { name: 'po.pdf' })).toHaveAttribute(
      'href',
      '/api/files/uploads/p2',
    );
    // Opening the conversation tells the server the owner has seen it.
    await waitFor(() =>
      expect(api.find('POST', '/customers/raj/conversation/read')).toHaveLength(1),
    );
    const history = await screen.findByRole('region', { name: 'History' });
    await within(history).findByText('Message from the customer');
    expect(within(history).getByText(/its entry awaits approval/)).toBeInTheDocument();
    expect(within(history).queryByText('pending')).toBeNull();
  });

  it("asks to mark a quote accepted under the customer's reply that accepts it", async () => {
    const api = mockApi(
      routes({
        'GET /customers/raj/conversation': () => ({
          messages: [
            {
              _id: 'm3',
              customerId: 'raj',
              at: '2025-02-01T10:00:00.000Z',
              direction: 'in',
              channel: 'whatsapp',
              text: 'yes, confirm',
              files: [],
              state: 'received',
              source: 'inbound',
              acceptSuggestion: { quoteId: 'q1', number: 'Q/2026-27/0001' },
            },
          ],
          nextCursor: null,
        }),
        'POST /customers/raj/conversation/read': () => ({ unread: 0 }),
        'POST /quotes/q1/accept': () => ({
          _id: 'q1',
          number: 'Q/2026-27/0001',
          status: 'accepted',
        }),
      }),
    );
    const { user } = renderApp('/customers/raj', SALES);
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    const ask = await within(conversation).findByRole('group', { name: 'Accept suggestion' });
    expect(ask).toHaveTextContent("Customer replied 'yes, confirm' — Mark accepted?");
    expect(api.find('POST', '/quotes/q1/accept')).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Mark accepted' }));
    expect(
      await screen.findByText(
        'Quote Q/2026-27/0001 accepted: its entry waits for an admin to confirm',
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/quotes/q1/accept')).toHaveLength(1);
  });

  it('shows the WhatsApp window once the customer answer carries it', async () => {
    const openUntil = new Date(Date.now() + 3_600_000).toISOString();
    const window = { phone: '+919876543210', open: true, openUntil, optedOutAt: null };
    mockApi(routes({ 'GET /customers/raj': () => ({ ...raj, whatsappWindow: window }) }));
    renderApp('/customers/raj', SALES);
    expect(await screen.findByTestId('whatsapp-window')).toHaveTextContent('WhatsApp window open');
  });

  it("takes the server's word that the window is closed, whatever this device's clock says", async () => {
    // This device's clock runs behind: the server has already closed the window.
    const openUntil = new Date(Date.now() + 3_600_000).toISOString();
    const window = { phone: '+919876543210', open: false, openUntil, optedOutAt: null };
    mockApi(routes({ 'GET /customers/raj': () => ({ ...raj, whatsappWindow: window }) }));
    renderApp('/customers/raj', SALES);
    expect(await screen.findByTestId('whatsapp-window')).toHaveTextContent(
      'WhatsApp window closed',
    );
    expect(screen.queryByText(/Free-form messages until/)).toBeNull();
  });

  it("follows up the latest entry, and says 'Customer not found' for an unknown id", async () => {
    mockApi(routes());
    const { user } = renderApp('/customers/raj', ADMIN);
    await screen.findByRole('region', { name: 'History' });
    await screen.findByText('Quotation for two pumps');
    await user.click(screen.getAllByRole('button', { name: 'Follow-up' })[0]);
    expect(await screen.findByRole('dialog', { name: 'Follow-up – Raj Kumar' })).toBeVisible();

    mockApi({
      'GET /customers/gone': () => jsonResponse(404, { message: 'Customer not found' }),
    });
    renderApp('/customers/gone', ADMIN);
    expect(await screen.findByRole('heading', { name: 'Customer not found' })).toBeVisible();
  });

  it('opens from a name in the list, and from a focused row with Enter', async () => {
    mockApi({ ...routes(), 'GET /customers': () => page([raj]) });
    const { user, location } = renderApp('/customers', ADMIN);
    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('link', { name: 'Raj Kumar' }));
    await waitFor(() => expect(location()).toBe('/customers/raj'));

    await user.click(screen.getByRole('link', { name: 'All customers' }));
    const row = (await screen.findByRole('link', { name: 'Raj Kumar' })).closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/customers/raj'));
  });
});

describe('customer search', () => {
  it("opens with Ctrl-K or '/', finds by name, phone or email, and Enter opens the page", async () => {
    const api = mockApi({ ...routes(), 'GET /customers': () => page([raj]) });
    const { user, location } = renderApp('/dashboard', SALES);
    await screen.findByRole('button', { name: 'Search customers' });

    await user.keyboard('{Control>}k{/Control}');
    let dialog = await screen.findByRole('dialog', { name: 'Search customers' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('/');
    dialog = await screen.findByRole('dialog', { name: 'Search customers' });

    await user.type(within(dialog).getByRole('combobox'), '98102');
    expect(await within(dialog).findByRole('option', { name: /Raj Kumar/ })).toHaveTextContent(
      '+91 98102 45489',
    );
    expect(api.find('GET', '/customers').at(-1)?.query.get('q')).toBe('98102');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/customers/raj'));
  });
});

describe('customers date range', () => {
  it('counts 0 at once when From is after To, without asking the server', async () => {
    const api = mockApi({ 'GET /customers': () => page([raj], 1) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByText('1 customer');
    const filters = within(screen.getByRole('region', { name: 'Search and filters' }));
    await user.click(filters.getByRole('button', { name: /^Filters/ }));
    await user.type(filters.getByLabelText('Created from'), '2025-02-10');
    await user.type(filters.getByLabelText('Created to'), '2025-02-01');
    expect(await screen.findByText('0 customers')).toBeInTheDocument();
    expect(
      screen.getByText('The from date is after the to date, so no customer matches.'),
    ).toBeVisible();
    expect(
      api
        .find('GET', '/customers')
        .some((c) => c.query.get('from') === '2025-02-10' && c.query.get('to')),
    ).toBe(false);
  });
});
