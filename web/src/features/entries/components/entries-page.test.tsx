import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, stubPhoneWidth } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { EMPLOYEES, entry, listQueries, page } from '../test/entries-fixtures';

// The whole app renders: role queries over it take a while in jsdom.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADMIN = { token: 't', role: 'admin' };
const SALES = { token: 't', role: 'sales' };

const pending = entry({
  _id: 'e-pending',
  customer: {
    _id: 'c1',
    names: ['Raj Kumar', 'Kumar Dairy'],
    phones: ['+919876543210'],
    emails: ['raj@example.in'],
    categories: ['PHE', 'PP', 'SS TANK', 'PROJECTS'],
    potential: 'HOT',
  },
  tags: ['t1', 't2', 't3', 't4', 't5', 't6', 't7'],
  amount: 1234567.5,
  process: 'Quotation',
  channel: 'multiple',
  attachments: [
    { name: 'quote.pdf', url: '/api/files/uploads/f1', mimetype: 'application/pdf', size: 4096 },
  ],
});
const confirmed = entry({
  _id: 'e-confirmed',
  status: 'confirmed',
  customer: { ...pending.customer, _id: 'c2', names: ['Meena Shah'], categories: [] },
});

function routes(extra: Record<string, unknown> = {}) {
  return {
    'GET /entries': page([pending, confirmed], 57, 12),
    'GET /entries/employees': EMPLOYEES,
    ...extra,
  };
}

const actionsFor = (name: string) =>
  within(screen.getByRole('group', { name: `Actions for ${name}` }));

type User = ReturnType<typeof renderApp>['user'];

/** The row's actions: the button beside its menu, then the menu's items (menu closed again). */
async function offeredActions(user: User, name: string): Promise<string[]> {
  const shown = actionsFor(name)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter(Boolean);
  await user.click(actionsFor(name).getByRole('button', { name: `More actions for ${name}` }));
  const listed = screen.getAllByRole('menuitem').map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  return [...shown, ...listed];
}

/** Runs one action from the row's menu. */
async function fromMenu(user: User, name: string, action: string): Promise<void> {
  await user.click(actionsFor(name).getByRole('button', { name: `More actions for ${name}` }));
  await user.click(screen.getByRole('menuitem', { name: action }));
}
const filters = () => within(screen.getByRole('region', { name: 'Search and filters' }));

describe('entries list', () => {
  it('shows the counts, role badge and the table columns on wide screens', async () => {
    const api = mockApi(routes());
    renderApp('/entries', ADMIN);

    const table = await screen.findByRole('table');
    expect(listQueries(api.calls)[0]).toEqual({ limit: '50' });
    expect(screen.getByRole('heading', { level: 1, name: 'Entries' })).toBeInTheDocument();
    expect(screen.getByText('Total: 57')).toBeInTheDocument();
    expect(screen.getByText('Confirmed: 12')).toBeInTheDocument();
    expect(screen.getByText('Your role:', { exact: false }).parentElement).toHaveTextContent(
      'admin',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Customer', 'Details', 'Amount', 'Employee', 'Status', 'Actions']);
    const row = within(within(table).getByText('Raj Kumar').closest('tr')!);
    // Up to 5 tags then +N; rupees with Indian grouping; files as a count, only when there are.
    expect(row.getByRole('list', { name: 'Tags' })).toHaveTextContent('t1t2t3t4t5+2');
    expect(row.getByText('₹12,34,567.50')).toBeInTheDocument();
    expect(row.getByText('1', { selector: 'summary' })).toHaveTextContent('1 file');
    expect(row.queryByRole('combobox')).not.toBeInTheDocument();
    expect(row.getByRole('link', { name: 'quote.pdf' })).toHaveAttribute(
      'href',
      '/api/files/uploads/f1',
    );
    expect(row.getByText('pending')).not.toHaveClass('ui-badge--success');
    expect(within(table).getByText('confirmed')).toHaveClass('ui-badge--success');
  });

  it('gives admins Confirm (only when not confirmed), Delete and Assign', async () => {
    mockApi(routes());
    const { user } = renderApp('/entries', ADMIN);
    await screen.findByRole('table');

    // The likeliest action beside the menu (Confirm while there is one to do), the rest in it.
    expect(await offeredActions(user, 'Raj Kumar')).toEqual([
      'Confirm',
      'History',
      'Edit',
      'Follow-up',
      'Show details',
      'Assign employee',
      'Delete',
    ]);
    expect(await offeredActions(user, 'Meena Shah')).toEqual([
      'Follow-up',
      'History',
      'Edit',
      'Show details',
      'Assign employee',
      'Delete',
    ]);
    await fromMenu(user, 'Raj Kumar', 'Assign employee');
    const assign = screen.getByRole('combobox', { name: 'Employee' });
    expect(
      within(assign)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unassigned', 'Admin User', 'Sales Person']);
  });

  it('gives employees no Confirm, Delete or Assign', async () => {
    mockApi(routes());
    const { user } = renderApp('/entries', SALES);
    await screen.findByRole('table');

    expect(await offeredActions(user, 'Raj Kumar')).toEqual([
      'Follow-up',
      'History',
      'Edit',
      'Show details',
    ]);
    expect(screen.queryByRole('menuitem', { name: 'Assign employee' })).toBeNull();
    expect(screen.getAllByText('Sales Person').length).toBeGreaterThan(0);
  });

  it('sends every filter as a query parameter, typed ones after the debounce', async () => {
    const api = mockApi(routes());
    const { user } = renderApp('/entries', SALES);
    await screen.findByRole('table');

    await user.type(filters().getByRole('searchbox', { name: 'Search' }), 'quote');
    await waitFor(() => expect(listQueries(api.calls).at(-1)).toMatchObject({ q: 'quote' }));
    // One request for the whole word, not one per key.
    expect(listQueries(api.calls).filter((q) => q.q)).toHaveLength(1);

    // The other filters are folded under Filters, which counts the active ones.
    const toggle = filters().getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(filters().queryByRole('textbox', { name: 'Name' })).toBeNull();
    await user.click(toggle);
    await user.type(filters().getByRole('textbox', { name: 'Name' }), 'Raj');
    await user.type(filters().getByRole('textbox', { name: 'Phone' }), '98765');
    await user.type(filters().getByRole('textbox', { name: 'Email' }), 'raj@');
    await user.type(filters().getByRole('textbox', { name: 'Tag' }), 'hot');
    await user.selectOptions(filters().getByRole('combobox', { name: 'Channel' }), 'email');
    await user.type(filters().getByLabelText('From'), '2025-01-01');
    await user.type(filters().getByLabelText('To'), '2025-01-31');
    await user.selectOptions(filters().getByRole('combobox', { name: 'Employee' }), 'u-sales');

    await waitFor(() =>
      expect(listQueries(api.calls).at(-1)).toEqual({
        q: 'quote',
        name: 'Raj',
        phone: '98765',
        email: 'raj@',
        channel: 'email',
        tag: 'hot',
        from: '2025-01-01',
        to: '2025-01-31',
        employee: 'u-sales',
        limit: '50',
      }),
    );
    expect(filters().getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters8');
    expect(
      within(filters().getByRole('combobox', { name: 'Channel' }))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'whatsapp', 'email', 'multiple', 'other']);

    const before = listQueries(api.calls).length;
    await user.click(filters().getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listQueries(api.calls).length).toBe(before + 1));
  });

  it("shows 'No entries found' when nothing matches", async () => {
    mockApi(routes({ 'GET /entries': page([]) }));
    renderApp('/entries', SALES);
    expect(await screen.findByText('No entries found')).toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
  });

  it("shows 'Failed to load entries' and retries", async () => {
    let fail = true;
    mockApi(routes({ 'GET /entries': () => (fail ? jsonResponse(500, {}) : page([pending])) }));
    const { user } = renderApp('/entries', SALES);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load entries');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('loads the next page with the cursor', async () => {
    const api = mockApi(
      routes({
        'GET /entries': ({ path }: { path: string }) =>
          path.includes('cursor=') ? page([confirmed], 2) : page([pending], 2, 0, 'next-1'),
      }),
    );
    const { user } = renderApp('/entries', SALES);
    await screen.findByRole('table');
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Meena Shah')).toBeInTheDocument();
    expect(listQueries(api.calls).at(-1)).toEqual({ limit: '50', cursor: 'next-1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const seen: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          seen.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const api = mockApi(
      routes({
        'GET /entries': ({ path }: { path: string }) =>
          path.includes('cursor=') ? page([confirmed], 2) : page([pending], 2, 0, 'next-1'),
      }),
    );
    renderApp('/entries', SALES);
    await screen.findByRole('table');
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    act(() =>
      seen.at(-1)!(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      ),
    );
    expect(await screen.findByText('Meena Shah')).toBeInTheDocument();
    expect(listQueries(api.calls).at(-1)).toEqual({ limit: '50', cursor: 'next-1' });
  });

  it('shows cards by default under 768 px, and switches to the table', async () => {
    stubPhoneWidth();
    mockApi(routes());
    const { user } = renderApp('/entries', SALES);
    const cards = await screen.findByRole('list', { name: 'Entries' });
    expect(within(cards).getByRole('heading', { name: 'Raj Kumar' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('entry actions', () => {
  it('confirms an entry (admin) and reloads the list', async () => {
    const api = mockApi(routes({ 'POST /entries/e-pending/confirm': { ...pending } }));
    const { user } = renderApp('/entries', ADMIN);
    await screen.findByRole('table');
    const loads = listQueries(api.calls).length;
    await user.click(actionsFor('Raj Kumar').getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Entry confirmed')).toBeInTheDocument();
    expect(api.callsTo('POST /entries/e-pending/confirm')).toHaveLength(1);
    await waitFor(() => expect(listQueries(api.calls).length).toBeGreaterThan(loads));
  });

  it("asks 'Delete this entry permanently?' before deleting", async () => {
    const api = mockApi(routes({ 'DELETE /entries/e-pending': { deleted: true } }));
    const { user } = renderApp('/entries', ADMIN);
    await screen.findByRole('table');

    await fromMenu(user, 'Raj Kumar', 'Delete');
    const ask = await screen.findByRole('dialog', { name: 'Delete this entry permanently?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /entries/e-pending')).toHaveLength(0);

    await fromMenu(user, 'Raj Kumar', 'Delete');
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Delete this entry permanently?' }),
      ).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Entry deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /entries/e-pending')).toHaveLength(1);
  });

  it("assigns an employee, unassigns with null, and shows 'Failed to assign'", async () => {
    let fail = false;
    const api = mockApi(
      routes({
        'PUT /admin/entries/e-pending/assign-employee': () =>
          fail ? jsonResponse(500, {}) : { ...pending },
      }),
    );
    const { user } = renderApp('/entries', ADMIN);
    await screen.findByRole('table');
    // The row shows the name as text; the choice waits in a dialog from the row's menu.
    const assignTo = async (value: string) => {
      await fromMenu(user, 'Raj Kumar', 'Assign employee');
      const dialog = screen.getByRole('dialog', { name: 'Assign employee – Raj Kumar' });
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Employee' }), value);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      return dialog;
    };

    await assignTo('u-admin');
    expect(await screen.findByText('Employee assigned')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await assignTo('');
    await waitFor(() =>
      expect(
        api.callsTo('PUT /admin/entries/e-pending/assign-employee').map((c) => c.body),
      ).toEqual([{ employeeId: 'u-admin' }, { employeeId: null }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fail = true;
    const dialog = await assignTo('u-admin');
    expect(await screen.findByText('Failed to assign')).toBeInTheDocument();
    // A failed assignment leaves the dialog open to try again.
    expect(dialog).toBeInTheDocument();
  });
});
