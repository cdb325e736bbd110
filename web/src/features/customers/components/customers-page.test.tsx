import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { jsonResponse, mockApi, stubPhoneWidth } from '../../../test/mock-api';
import { captureDownloads, customer, page } from '../test/mock-api';

// The whole app renders: role queries over it take a while in jsdom.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const ADMIN = { token: 't', role: 'admin' };
const SALES = { token: 't', role: 'sales' };

const raj = customer({
  _id: 'raj',
  names: ['Raj Kumar', 'Kumar Dairy'],
  phones: ['+919876543210'],
  emails: ['raj@example.in'],
  categories: ['PHE', 'SS TANK'],
  potential: 'HOT',
});
const meena = customer({
  _id: 'meena',
  names: ['Meena Shah'],
  phones: ['+919812345678'],
  potential: 'WARM',
});

const filters = () => within(screen.getByRole('region', { name: 'Search and filters' }));

/** Opens the folded filters (categories, potential, dates, sort). */
async function openFilters(user: ReturnType<typeof renderApp>['user']) {
  const toggle = filters().getByRole('button', { name: /^Filters/ });
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
}

function listCalls(api: ReturnType<typeof mockApi>) {
  return api.find('GET', '/customers').map((c) => Object.fromEntries(c.query));
}

describe('customers list', () => {
  it('loads newest first, shows the role badge, total and a table on wide screens', async () => {
    const api = mockApi({ 'GET /customers': () => page([raj, meena], 57) });
    renderApp('/customers', ADMIN);

    const table = await screen.findByRole('table');
    expect(listCalls(api)[0]).toEqual({ sort: 'createdAt', dir: 'desc', limit: '100' });
    expect(screen.getByText('57 customers')).toBeInTheDocument();
    expect(screen.getByText('Your role:', { exact: false }).parentElement).toHaveTextContent(
      'admin',
    );
    expect(within(table).getByText('Raj Kumar')).toBeInTheDocument();
    expect(within(table).getByText('HOT')).toHaveClass('ui-badge--success');
    expect(within(table).getByText('WARM')).not.toHaveClass('ui-badge--success');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('toggles sorting from the column headers (aria-sort follows)', async () => {
    const api = mockApi({ 'GET /customers': () => page([raj]) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ sort: 'name', dir: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ sort: 'name', dir: 'desc' }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /^Potential/ }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({ sort: 'potential', dir: 'asc' }),
    );

    // The Sort by select (cards have no headers) starts a field at its default direction.
    await openFilters(user);
    await user.selectOptions(filters().getByRole('combobox', { name: 'Sort by' }), 'createdAt');
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({ sort: 'createdAt', dir: 'desc' }),
    );
    await user.click(filters().getByRole('button', { name: /Sort direction/ }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({ sort: 'createdAt', dir: 'asc' }),
    );
    await user.selectOptions(filters().getByRole('combobox', { name: 'Sort by' }), 'email');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ sort: 'email', dir: 'asc' }));
  });

  it('sends search (debounced), categories, potential and dates as query parameters', async () => {
    const api = mockApi({ 'GET /customers': () => page([raj]) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '98765');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ q: '98765' }));
    // One request for the whole word, not one per key.
    expect(listCalls(api).filter((q) => q.q)).toHaveLength(1);

    await openFilters(user);
    await user.click(filters().getByRole('button', { name: /^Categories/ }));
    await user.click(screen.getByRole('checkbox', { name: 'PHE' }));
    await user.click(screen.getByRole('checkbox', { name: 'SS TANK' }));
    await user.click(screen.getByRole('checkbox', { name: 'PP' }));
    await user.keyboard('{Escape}');
    expect(filters().getByRole('button', { name: /^Categories/ })).toHaveTextContent(
      'PHE, SS TANK +1',
    );
    await user.selectOptions(filters().getByRole('combobox', { name: 'Potential' }), 'VIP');
    await user.type(screen.getByLabelText('Created from'), '2025-01-01');
    await user.type(screen.getByLabelText('Created to'), '2025-01-31');

    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({
        q: '98765',
        categories: 'PHE,SS TANK,PP',
        potential: 'VIP',
        from: '2025-01-01',
        to: '2025-01-31',
        sort: 'createdAt',
        dir: 'desc',
        limit: '100',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ sort: 'createdAt', dir: 'desc', limit: '100' }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('filters by owner: admins pick an employee or No owner, a sales person Mine', async () => {
    const api = mockApi({
      'GET /customers': () => page([raj]),
      'GET /entries/employees': () => [{ _id: 'u-suresh', name: 'Suresh Sales' }],
    });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');
    await openFilters(user);
    const owner = filters().getByRole('combobox', { name: 'Owner' });
    await waitFor(() => expect(within(owner).getAllByRole('option')).toHaveLength(4));
    expect(
      within(owner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anyone', 'Mine', 'No owner', 'Suresh Sales']);
    await user.selectOptions(owner, 'Suresh Sales');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ owner: 'u-suresh' }));
    await user.selectOptions(owner, 'No owner');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ owner: 'none' }));
    expect(filters().getByRole('button', { name: /^Filters/ })).toHaveTextContent('1');
  });

  it('sends the last-contacted days, and says when they are reversed', async () => {
    const api = mockApi({ 'GET /customers': () => page([raj]) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');
    await openFilters(user);
    await user.type(screen.getByLabelText('Last contacted from'), '2025-03-01');
    await user.type(screen.getByLabelText('Last contacted to'), '2025-03-31');
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({
        contactedFrom: '2025-03-01',
        contactedTo: '2025-03-31',
      }),
    );
    fireEvent.change(screen.getByLabelText('Last contacted to'), {
      target: { value: '2025-02-01' },
    });
    expect(await screen.findByText(/The from date is after the to date/)).toBeInTheDocument();
  });

  it('sends an entry tag once typing pauses, and Reset clears it', async () => {
    const api = mockApi({ 'GET /customers': () => page([raj]) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');
    await openFilters(user);
    await user.type(screen.getByLabelText('Entry tag'), 'expo');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ tag: 'expo' }));
    expect(listCalls(api).filter((q) => q.tag)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.tag).toBeUndefined());
    expect(screen.getByLabelText('Entry tag')).toHaveValue('');
  });

  it('applies a saved search, and saves the filters in use under a name', async () => {
    const saved = {
      _id: 's1',
      name: 'Hot PHE',
      filters: { categories: 'PHE', potential: 'HOT', tag: 'expo' },
      createdAt: null,
    };
    const api = mockApi({
      'GET /customers': () => page([raj]),
      'GET /me/saved-searches': [saved],
      'POST /me/saved-searches': () =>
        jsonResponse(201, { ...saved, _id: 's2', name: 'Mine now', filters: { owner: 'me' } }),
    });
    const { user } = renderApp('/customers', SALES);
    await screen.findByRole('table');
    await openFilters(user);
    const picker = screen.getByLabelText('Saved searches');
    await waitFor(() => expect(within(picker).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(picker, 'Hot PHE');
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({
        categories: 'PHE',
        potential: 'HOT',
        tag: 'expo',
      }),
    );
    expect(screen.getByLabelText('Entry tag')).toHaveValue('expo');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.selectOptions(filters().getByRole('combobox', { name: 'Owner' }), 'Mine');
    fireEvent.change(screen.getByLabelText('Save these filters as'), {
      target: { value: 'Mine now' },
    });
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(api.find('POST', '/me/saved-searches')).toHaveLength(1));
    expect(api.find('POST', '/me/saved-searches')[0].body).toEqual({
      name: 'Mine now',
      filters: { owner: 'me' },
    });
  });

  it('offers a sales person Anyone or Mine, without loading the employees', async () => {
    const api = mockApi({ 'GET /customers': () => page([meena]) });
    const { user } = renderApp('/customers', SALES);
    await screen.findByRole('table');
    await openFilters(user);
    const owner = filters().getByRole('combobox', { name: 'Owner' });
    expect(
      within(owner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Anyone', 'Mine']);
    await user.selectOptions(owner, 'Mine');
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ owner: 'me' }));
    expect(api.find('GET', '/entries/employees')).toEqual([]);
  });

  it("shows 'No customers' when the list is empty", async () => {
    mockApi({ 'GET /customers': () => page([]) });
    renderApp('/customers', SALES);
    expect(await screen.findByText('No customers')).toBeInTheDocument();
    expect(screen.getByText('0 customers')).toBeInTheDocument();
  });

  it("shows 'Failed to load customers' when loading fails, and retries", async () => {
    let fail = true;
    mockApi({
      'GET /customers': () => (fail ? jsonResponse(500) : page([raj])),
    });
    const { user } = renderApp('/customers', SALES);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load customers');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Select Raj Kumar' })).toBeInTheDocument();
  });

  it('shows cards under 768 px, with a floating add button and a selected-count pill', async () => {
    stubPhoneWidth();
    mockApi({ 'GET /customers': () => page([raj, meena]) });
    const { user } = renderApp('/customers', SALES);

    const cards = await screen.findByRole('list', { name: 'Customers' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Merge' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New customer' }));
    expect(screen.getByRole('dialog', { name: 'Add Customer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows Merge only once 2 or more are selected', async () => {
    mockApi({ 'GET /customers': () => page([raj, meena]) });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select Raj Kumar' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Merge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Meena Shah' }));
    expect(screen.getByRole('button', { name: 'Merge' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all customers' })).toBeChecked();
  });

  it('loads the next page with Load more', async () => {
    const api = mockApi({
      'GET /customers': ({ query }) =>
        query.get('cursor') === 'p2' ? page([meena], 2) : page([raj], 2, 'p2'),
    });
    renderApp('/customers', ADMIN);
    // The infinite list asks for the next page itself when the loaded end is on screen.
    expect(await screen.findByRole('cell', { name: 'Meena Shah' })).toBeInTheDocument();
    expect(api.find('GET', '/customers').at(-1)?.query.get('cursor')).toBe('p2');
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
  });
});

/** Opens the row's menu (Edit, Delete) and picks `action` for Raj Kumar. */
async function fromRowMenu(user: ReturnType<typeof renderApp>['user'], action: string) {
  await user.click(await screen.findByRole('button', { name: 'More actions for Raj Kumar' }));
  await user.click(screen.getByRole('menuitem', { name: `${action} Raj Kumar` }));
}

describe('deleting', () => {
  it('hides Delete from employees', async () => {
    mockApi({ 'GET /customers': () => page([raj]) });
    const { user } = renderApp('/customers', SALES);
    await screen.findByRole('checkbox', { name: 'Select Raj Kumar' });
    expect(screen.getByRole('button', { name: 'Add Entry Raj Kumar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions for Raj Kumar' }));
    expect(screen.getByRole('menuitem', { name: 'Edit Raj Kumar' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it("lets an admin delete after confirming: 'Customer deleted'", async () => {
    const api = mockApi({
      'GET /customers': () => page([raj]),
      'DELETE /customers/:id': () => jsonResponse(204),
    });
    const { user } = renderApp('/customers', ADMIN);
    await fromRowMenu(user, 'Delete');
    const confirm = screen.getByRole('dialog', { name: 'Delete Raj Kumar?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Customer deleted')).toBeInTheDocument();
    expect(api.find('DELETE', '/customers/raj')).toHaveLength(1);
  });

  it('does nothing when the confirm is cancelled, and shows the server message on 403', async () => {
    const api = mockApi({
      'GET /customers': () => page([raj]),
      'DELETE /customers/:id': () =>
        jsonResponse(403, { message: 'Only admin can delete customers.' }),
    });
    const { user } = renderApp('/customers', ADMIN);
    await fromRowMenu(user, 'Delete');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.find('DELETE', '/customers/raj')).toHaveLength(0);

    await fromRowMenu(user, 'Delete');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Only admin can delete customers.')).toBeInTheDocument();
  });
});

describe('export', () => {
  it("downloads customers_YYYY-MM-DD.csv with the filters: 'CSV exported'", async () => {
    const downloads = captureDownloads();
    const api = mockApi({
      'GET /customers': () => page([raj]),
      'GET /customers/export.csv': () =>
        new Response('names,phones\r\nRaj Kumar,+919876543210\r\n', {
          headers: { 'Content-Type': 'text/csv' },
        }),
    });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');
    await openFilters(user);
    await user.selectOptions(filters().getByRole('combobox', { name: 'Potential' }), 'HOT');
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export CSV' }));

    expect(await screen.findByText('CSV exported')).toBeInTheDocument();
    expect(Object.fromEntries(api.find('GET', '/customers/export.csv')[0].query)).toEqual({
      potential: 'HOT',
      sort: 'createdAt',
      dir: 'desc',
    });
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toMatch(/^customers_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloads[0].blob.text()).toContain('Raj Kumar');
  });

  it('offers Import and Export only to roles whose permissions allow them', async () => {
    mockApi({ 'GET /customers': () => page([raj]) });
    // The sales preset: customers.read, customers.write, entries.write, templates.read.
    const sales = ['customers.read', 'customers.write', 'entries.write', 'templates.read'];
    const first = renderApp('/customers', { token: 't', role: 'sales', permissions: sales });
    await screen.findByRole('table');
    await first.user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menuitem', { name: 'Import CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Export CSV' })).toBeNull();
    first.unmount();
    const support = renderApp('/customers', {
      token: 't',
      role: 'support',
      permissions: ['customers.read', 'customers.export'],
    });
    await screen.findByRole('table');
    await support.user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menuitem', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Import CSV' })).toBeNull();
  });

  it('offers a read-only role no way to change customers or add entries', async () => {
    mockApi({ 'GET /customers': () => page([raj]) });
    // The support preset: customers.read, entries.read, templates.read.
    const { user } = renderApp('/customers', {
      token: 't',
      role: 'support',
      permissions: ['customers.read', 'entries.read', 'templates.read'],
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Raj Kumar')).toBeInTheDocument();
    for (const name of ['Add Customer', 'Quick Add', /^Add Entry/, /^More actions for/])
      expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Manage options',
    ]);
  });

  it("says 'Export failed' when the server gives no message", async () => {
    mockApi({
      'GET /customers': () => page([raj]),
      'GET /customers/export.csv': () => jsonResponse(500),
    });
    const { user } = renderApp('/customers', ADMIN);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export CSV' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
  });
});

describe('add entry', () => {
  it('opens the Add Entry dialog for the customer', async () => {
    mockApi({ 'GET /customers': () => page([raj]) });
    const { user } = renderApp('/customers', SALES);
    await user.click(await screen.findByRole('button', { name: 'Add Entry Raj Kumar' }));
    expect(screen.getByRole('dialog', { name: 'Add Entry' })).toHaveTextContent('Raj Kumar');
  });
});
