import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  companyDay,
  DEFAULT_COMPANY_TIME_ZONE,
  setCompanyTimeZone,
} from '../../../lib/company-time';
import { deferred, jsonResponse, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { DASHBOARD, OVERVIEW } from '../../../test/dashboard';
import type { Dashboard } from '../api/types';
import { monthOverMonth, unreadLabel } from './month-over-month';

const ADMIN = { token: 't', role: 'admin' };

/** The page's one call answers `parts` over DASHBOARD; `routes` add or replace routes. */
function dashboardApi(parts: Partial<Dashboard> = {}, routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /dashboard/all': { ...DASHBOARD, ...parts },
    'GET /notifications/latest': [],
    ...routes,
  });
}

describe('month over month', () => {
  it('follows the rule', () => {
    expect(monthOverMonth(5, 0)).toEqual({ text: '+100%', up: true });
    expect(monthOverMonth(0, 0)).toEqual({ text: '+0%', up: true });
    expect(monthOverMonth(12, 10)).toEqual({ text: '+20%', up: true });
    expect(monthOverMonth(5, 10)).toEqual({ text: '-50%', up: false });
    expect(monthOverMonth(10, 10)).toEqual({ text: '+0%', up: true });
    expect(monthOverMonth(2, 3)).toEqual({ text: '-33%', up: false });
    expect(unreadLabel(99)).toBe('99');
    expect(unreadLabel(100)).toBe('99+');
  });
});

describe('Dashboard', { timeout: 20_000 }, () => {
  it('shows its layout and titles at once, then the four cards with the change vs last month', async () => {
    const answer = deferred<Response>();
    dashboardApi({}, { 'GET /dashboard/all': () => answer.promise });
    renderApp('/dashboard', ADMIN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Everything you need at a glance')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
    // While the figures load: the cards' labels and the panels' titles, no figure (not a 0).
    const loadingCards = screen.getByRole('list', { name: 'Totals' });
    expect(
      within(loadingCards)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Total Customers', 'Total Entries', 'Confirmed Orders', 'Pending Approvals']);
    expect(screen.getByRole('heading', { level: 2, name: 'Sales Funnel' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Sales funnel' })).not.toBeInTheDocument();
    answer.resolve(jsonResponse(200, DASHBOARD));
    // The status stays on the page and says so, for a screen reader to hear the change.
    expect(await screen.findByRole('status', { name: 'Dashboard loaded' })).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Totals' });
    const texts = within(cards)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts).toEqual([
      'Total Customers50',
      'Total Entries200+20% vs last month',
      'Confirmed Orders31',
      'Pending Approvals7',
    ]);
    expect(screen.getByText('+20% vs last month')).toHaveClass('dash-change--up');
    for (const title of [
      'Entries (last 30 days)',
      'Channel Breakdown',
      'Category Demand',
      'Employee Performance (Entries)',
      'Sales Funnel',
      'Recent Activity',
      'Follow-ups Due',
      'Top Customers (by revenue)',
      'Live Notifications',
    ])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    // The company's panels are drawn in a render of their own after the cards (company-panels.tsx).
    expect(await screen.findByText('₹12,34,567.50')).toBeInTheDocument();
    expect(screen.getByText('Ravi Dairy: quotation sent')).toBeInTheDocument();
    expect(screen.getByText('E')).toBeInTheDocument();
    expect(screen.getByText('C')).toBeInTheDocument();
    expect(
      await screen.findByRole('table', { name: 'Entries by channel' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    // Bars name each row whole, however long the name: nothing is cut to fit an axis.
    const byEmployee = screen.getByRole('list', { name: 'Entries by employee' });
    expect(
      within(byEmployee)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Asha9', 'Venkataraghavan Subramanian3']);
    expect(
      within(screen.getByRole('list', { name: 'Entries by category' })).getByText('PHE'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Sales funnel' })).getByText('Lead Generation'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Nothing due')).toHaveLength(2);
  });

  it('shows a fall in red and the empty texts', async () => {
    dashboardApi({
      overview: { ...OVERVIEW, entriesThisMonth: 5, entriesLastMonth: 10, topCustomers: [] },
      recent: [],
    });
    renderApp('/dashboard', ADMIN);
    expect(await screen.findByText('-50% vs last month')).toHaveClass('dash-change--down');
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    expect(screen.getByText('Not enough data')).toBeInTheDocument();
    expect(screen.getByText('Hidden. Tap the bell to view.')).toBeInTheDocument();
  });

  it('lists follow-ups due today and later, with the fallback text', async () => {
    // 11 pm of the company's today (India's), whatever the zone of the machine running the test.
    const today = new Date(`${companyDay(new Date())}T23:00:00+05:30`);
    const later = new Date(today.getTime() + 2 * 86_400_000);
    dashboardApi({
      followUpsDue: [
        { customerName: 'Kiran', note: '', reason: '', dueAt: today.toISOString() },
        { customerName: 'Meera', note: 'Send price list', reason: '', dueAt: later.toISOString() },
      ],
    });
    renderApp('/dashboard', ADMIN);
    expect(await screen.findByText('Kiran')).toBeInTheDocument();
    expect(screen.getByText('Follow-up')).toBeInTheDocument();
    expect(screen.getByText('Send price list')).toBeInTheDocument();
    expect(screen.queryByText('Nothing due')).not.toBeInTheDocument();
  });

  it("draws its times again on the company's clock when the settings name another zone", async () => {
    const settings = deferred<Response>();
    dashboardApi(
      {
        followUpsDue: [
          { customerName: 'Kiran', note: '', reason: '', dueAt: '2026-01-10T20:00:00Z' },
        ],
      },
      { 'GET /settings/public': () => settings.promise },
    );
    renderApp('/dashboard', ADMIN);
    try {
      // Drawn first on the default clock (India's: 1:30 am the next day)...
      expect(await screen.findByText(/^11 Jan( 2026)?, 1:30 am$/)).toBeInTheDocument();
      // ...then on London's, which the settings name.
      settings.resolve(jsonResponse(200, { companyName: 'Demo', timeZone: 'Europe/London' }));
      expect(await screen.findByText(/^10 Jan( 2026)?, 8:00 pm$/)).toBeInTheDocument();
    } finally {
      setCompanyTimeZone(DEFAULT_COMPANY_TIME_ZONE);
    }
  });

  it("toasts 'Failed to load dashboard' or the server's message", async () => {
    dashboardApi({}, { 'GET /dashboard/all': jsonResponse(500, { message: 'Database offline' }) });
    renderApp('/dashboard', ADMIN);
    expect(await screen.findByText('Database offline')).toBeInTheDocument();
  });

  it('the bell toggles the panel, shows streamed notifications with a toast, and resets the count', async () => {
    const encoder = new TextEncoder();
    dashboardApi(
      {},
      {
        'GET /notifications/stream': () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(
                  encoder.encode(
                    'retry: 60000\n\nid: 1\ndata: {"_id":"n1","title":"New entry","message":"Ravi"}\n\n' +
                      'id: 2\ndata: {"_id":"n2","title":"","message":"x"}\n\n',
                  ),
                );
                controller.close();
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      },
    );
    renderApp('/dashboard', ADMIN);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('unread-count')).toHaveTextContent('2');
    const toasts = screen.getByRole('region', { name: 'Status messages' });
    await waitFor(() => expect(toasts).toHaveTextContent('New entry'));
    expect(toasts).toHaveTextContent('New notification');
    expect(screen.getByText('Hidden. Tap the bell to view.')).toBeInTheDocument();
    fireEvent.click(bell);
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const panel = screen.getByRole('region', { name: 'Live Notifications' });
    expect(within(panel).getByText('New entry')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('Hidden. Tap the bell to view.')).toBeInTheDocument();
  });

  it('refetches the figures as of a streamed notification, without a reload', async () => {
    const notify = deferred<void>();
    const encoder = new TextEncoder();
    let loads = 0;
    const api = dashboardApi(
      {},
      {
        'GET /dashboard/all': () => ({
          ...DASHBOARD,
          overview:
            ++loads === 1 ? OVERVIEW : { ...OVERVIEW, totalEntries: 201, pendingApprovals: 8 },
        }),
        'GET /notifications/stream': () =>
          new Response(
            new ReadableStream({
              async start(controller) {
                await notify.promise;
                controller.enqueue(
                  encoder.encode(
                    'id: 1\ndata: {"_id":"n1","title":"New pending entry","at":"2026-11-21T10:00:00.000Z"}\n\n',
                  ),
                );
                controller.close();
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      },
    );
    renderApp('/dashboard', ADMIN);
    const cards = await screen.findByRole('list', { name: 'Totals' });
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading dashboard' })).not.toBeInTheDocument(),
    );
    expect(within(cards).getByText('200')).toBeInTheDocument();
    notify.resolve();
    await waitFor(() => expect(within(cards).getByText('201')).toBeInTheDocument());
    expect(within(cards).getByText('8')).toBeInTheDocument();
    // The refetch names the change, so the server answers from a summary read after it.
    const since = new URLSearchParams({ since: '2026-11-21T10:00:00.000Z' }).toString();
    expect(api.callsTo('GET /dashboard/all?range=30d&days=3')).toHaveLength(1);
    expect(api.callsTo(`GET /dashboard/all?range=30d&days=3&${since}`)).toHaveLength(1);
    // The first notifications came with the page's call: no call of their own yet.
    expect(api.callsTo('GET /notifications/latest')).toHaveLength(0);
  });

  it("says 'No live notifications yet' when the panel is open and empty", async () => {
    dashboardApi();
    renderApp('/dashboard', ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No live notifications yet')).toBeInTheDocument();
  });

  it("shows my day first: unread conversations, today's follow-ups, failed messages, my month", async () => {
    dashboardApi();
    renderApp('/', { token: 't', role: 'sales' });
    const day = await screen.findByRole('region', { name: 'My day' });
    const conversations = await within(day).findByRole('list', { name: 'My newest conversations' });
    const conversation = within(conversations).getByRole('link', { name: /Ravi Dairy/ });
    expect(conversation).toHaveAttribute('href', '/customers/c1#conversation');
    expect(within(conversation).getByLabelText('2 unread')).toBeInTheDocument();
    expect(within(day).getByRole('heading', { name: /^Unread/ })).toHaveTextContent('Unread2Inbox');
    const followUps = within(day).getByRole('list', { name: 'My follow-ups due today' });
    expect(followUps).toHaveTextContent('Meera Traders');
    expect(followUps).toHaveTextContent('Call about the order');
    const failed = within(day).getByRole('list', { name: 'My failed messages' });
    expect(failed).toHaveTextContent('The address bounced');
    expect(
      within(failed).getByRole('link', { name: 'Open to resend: Ravi Dairy' }),
    ).toHaveAttribute('href', '/customers/c1');
    expect(within(day).getByText('₹6,50,000')).toBeInTheDocument();
    expect(within(day).getByText('₹2,50,000')).toBeInTheDocument();
    // Sales people have no company view link; the company's cards follow below.
    expect(within(day).queryByRole('link', { name: 'Company view' })).not.toBeInTheDocument();
    const order = screen.getByRole('list', { name: 'Totals' });
    expect(day.compareDocumentPosition(order) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('gives an admin the company view one tap away, and says when my day could not load', async () => {
    dashboardApi({}, { 'GET /dashboard/all': () => jsonResponse(503, { message: 'Busy' }) });
    renderApp('/', ADMIN);
    const day = await screen.findByRole('region', { name: 'My day' });
    expect(within(day).getByRole('link', { name: 'Company view' })).toHaveAttribute(
      'href',
      '#company',
    );
    expect((await within(day).findAllByText('Could not load')).length).toBe(4);
  });
});
