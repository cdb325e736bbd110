import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockApi, stubPhoneWidth } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { PendingUser } from '../../../resources/users';

// Whole user flows in jsdom: slow on a busy machine, so more than the default 5 s each.
vi.setConfig({ testTimeout: 15_000 });

const ADMIN = { token: 't', role: 'admin' };

function pendingUsers(count: number): PendingUser[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      _id: `u${n}`,
      fullName: `Person ${n}`,
      name: `Person ${n}`,
      email: `person${n}@acme.test`,
      phone: `98765000${n}`,
      role: i % 2 ? 'accounts' : 'sales',
    };
  });
}

const employeesPath = '/approvals?tab=employees';
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent);

describe('Approvals page', () => {
  it('opens on the Entries tab and switches to Employees', async () => {
    mockApi({ 'GET /admin/entries/pending': [], 'GET /admin/users/pending': [] });
    const { user } = renderApp('/approvals', ADMIN);
    // The screen's code loads on its first visit.
    expect(await screen.findByRole('heading', { level: 1, name: 'Approvals' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No pending entries')).toBeInTheDocument();
    expect(screen.getByText('Fresh as a daisy—come back later.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Employees' }));
    expect(screen.getByRole('heading', { name: 'Pending Employees' })).toBeInTheDocument();
    expect(await screen.findByText('No pending employees')).toBeInTheDocument();
    expect(screen.getByText("You're fully staffed for now.")).toBeInTheDocument();
    expect(screen.getByText('0 total')).toBeInTheDocument();
  });

  it("shows 'Loading…' first, then the table with its columns", async () => {
    const answer = deferred<unknown>();
    mockApi({ 'GET /admin/users/pending': () => answer.promise });
    renderApp(employeesPath, ADMIN);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    answer.resolve(pendingUsers(3));
    await screen.findByText('Person 01');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['', 'Name', 'Email', 'Phone', 'Role', 'Actions']);
    expect(screen.getByText('3 total')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Name, email, phone, role')).toBeInTheDocument();
  });

  it('pages by 10 with Prev / Next and Page X of Y', async () => {
    mockApi({ 'GET /admin/users/pending': pendingUsers(23) });
    const { user } = renderApp(employeesPath, ADMIN);
    await screen.findByText('Person 01');
    expect(screen.getByText('23 total')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(rowNames()[0]).toBe('Person 11');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(rowNames()).toEqual(['Person 21', 'Person 22', 'Person 23']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('searches every field case-insensitively after trimming, back on page 1', async () => {
    mockApi({ 'GET /admin/users/pending': pendingUsers(23) });
    const { user } = renderApp(employeesPath, ADMIN);
    await screen.findByText('Person 01');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const search = screen.getByRole('searchbox');

    await user.click(search);
    await user.paste('  ACCOUNTS ');
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.clear(search);
    await user.paste('9876500017');
    expect(rowNames()).toEqual(['Person 17']);

    await user.clear(search);
    await user.paste('PERSON22@ACME');
    expect(rowNames()).toEqual(['Person 22']);

    await user.type(search, 'zzz');
    expect(screen.getByText('No matches')).toBeInTheDocument();
    expect(screen.getByText('Try a different search term.')).toBeInTheDocument();
    expect(screen.getByText('23 total')).toBeInTheDocument();
  });

  it('bulk-approves after confirming, removing the rows first and calling one after another', async () => {
    const pending: ReturnType<typeof deferred>[] = [];
    const api = mockApi({
      'GET /admin/users/pending': pendingUsers(12),
      'POST /admin/users/u01/approve': () => (pending[0] = deferred()).promise,
      'POST /admin/users/u02/approve': () => (pending[1] = deferred()).promise,
    });
    const { user } = renderApp(employeesPath, ADMIN);
    await screen.findByText('Person 01');
    const approveSelected = screen.getByRole('button', { name: 'Approve selected' });
    // Nothing is selected: nothing happens.
    await user.click(approveSelected);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Person 01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 02' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    // Cancel: nothing happens.
    await user.click(approveSelected);
    const dialog = screen.getByRole('dialog', { name: 'Approve 2 employees?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(approveSelected);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve 2 employees?' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Person 01')).not.toBeInTheDocument());
    expect(screen.queryByText('Person 02')).not.toBeInTheDocument();
    expect(screen.getByText('10 total')).toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();

    // One after another: the second call waits for the first.
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(api.callsTo('POST /admin/users/u01/approve')[0].body).toEqual({ role: 'sales' });
    pending[0].resolve({ message: 'ok' });
    await waitFor(() => expect(api.callsTo('POST /admin/users/u02/approve')).toHaveLength(1));
    expect(api.callsTo('POST /admin/users/u02/approve')[0].body).toEqual({ role: 'accounts' });
    pending[1].resolve({ message: 'ok' });
    expect(api.callsTo('GET /admin/users/pending')).toHaveLength(1);
    // Once both went, a toast says so.
    expect(await screen.findByText('Approved 2 employees')).toBeInTheDocument();
  });

  it("selects all on the page and confirms 'Reject N employees?' / 'Reject 1 employee?'", async () => {
    const api = mockApi({
      'GET /admin/users/pending': pendingUsers(12),
      'DELETE /admin/users/u11/reject': { message: 'ok' },
    });
    const { user } = renderApp(employeesPath, ADMIN);
    await screen.findByText('Person 01');
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await user.click(all);
    expect(screen.getByText('10 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    expect(screen.getByRole('dialog', { name: 'Reject 10 employees?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(all);
    expect(screen.getByText('0 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 11' }));
    expect(all).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject 1 employee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.callsTo('DELETE /admin/users/u11/reject')).toHaveLength(1));
    expect(screen.getByText('11 total')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('on a failed action alerts the server message and does not reload the list', async () => {
    const api = mockApi({
      'GET /admin/users/pending': pendingUsers(3),
      'POST /admin/users/u02/approve': jsonResponse(409, { message: 'Already approved' }),
      'DELETE /admin/users/u03/reject': jsonResponse(500, {}),
    });
    const { user } = renderApp(employeesPath, ADMIN);
    await screen.findByText('Person 01');
    await user.click(screen.getByRole('button', { name: 'Approve Person 02' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Already approved');
    expect(screen.queryByText('Person 02')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject Person 03' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Action failed'));
    expect(screen.queryByText('Person 03')).not.toBeInTheDocument();
    expect(api.callsTo('GET /admin/users/pending')).toHaveLength(1);
  });

  it('clears the selection on Refresh and reloads', async () => {
    const api = mockApi({ 'GET /admin/users/pending': pendingUsers(3) });
    const { user } = renderApp(employeesPath, ADMIN);
    await screen.findByText('Person 01');
    await user.click(screen.getByRole('checkbox', { name: 'Select Person 01' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /admin/users/pending')).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: 'Select Person 01' })).not.toBeChecked();
  });

  it.each([
    [jsonResponse(403, { message: 'Forbidden' }), 'Access denied (admin only).'],
    [jsonResponse(500, { message: 'Database unavailable' }), 'Database unavailable'],
    [jsonResponse(500, {}), 'Failed to load'],
  ])('shows a load failure in a red box with an empty list (%#)', async (response, text) => {
    mockApi({ 'GET /admin/users/pending': response });
    renderApp(employeesPath, ADMIN);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('0 total')).toBeInTheDocument();
  });
});

describe('Approvals at phone width', () => {
  it("shows cards with a checkbox and a 'User' badge", async () => {
    stubPhoneWidth();
    mockApi({ 'GET /admin/users/pending': pendingUsers(2) });
    const { user } = renderApp(employeesPath, ADMIN);
    const card = (await screen.findByText('Person 01')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('User')).toBeInTheDocument();
    expect(within(card).getByText('person01@acme.test')).toBeInTheDocument();
    await user.click(within(card).getByRole('checkbox', { name: 'Select Person 01' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it("shows entry cards with an 'Entry' badge and the entry columns", async () => {
    stubPhoneWidth();
    mockApi({
      'GET /admin/entries/pending': [
        {
          _id: 'e1',
          customer: { names: ['Kiran Dairy', 'Kiran'] },
          description: 'Needs a 500 L SS tank quote',
          source: ['WhatsApp', 'Email'],
        },
      ],
    });
    renderApp('/approvals', ADMIN);
    const card = (await screen.findByText('Kiran Dairy')).closest('li') as HTMLElement;
    expect(within(card).getByText('Entry')).toBeInTheDocument();
    expect(within(card).getByText('Needs a 500 L SS tank quote')).toBeInTheDocument();
    expect(within(card).getByText('WhatsApp, Email')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Customer, owner, words')).toBeInTheDocument();
  });
});
