import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeStored } from '../../../lib/storage';
import { jsonResponse, mockApi, stubPhoneWidth } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { User } from '../api/types';

// Whole user flows in jsdom: slow on a busy machine, so more than the default 5 s each.
vi.setConfig({ testTimeout: 15_000 });

const ADMIN = { token: 't', role: 'admin' };

const USERS: User[] = [
  {
    _id: 'u1',
    fullName: 'Asha Rao',
    name: 'Asha Rao',
    email: 'asha@acme.test',
    phone: '+919876543210',
    role: 'sales',
    approved: true,
  },
  {
    _id: 'u2',
    fullName: 'Ravi Kumar',
    name: 'Ravi Kumar',
    email: 'ravi@acme.test',
    phone: '',
    role: 'sales',
    approved: false,
  },
];
const ROLES = [
  { _id: 'r1', name: 'sales', permissions: [] },
  { _id: 'r2', name: 'accounts', permissions: [] },
  { _id: 'r3', name: 'support', permissions: [] },
];

function usersApi(overrides: Record<string, unknown> = {}) {
  return mockApi({ 'GET /admin/users': USERS, 'GET /admin/roles': ROLES, ...overrides });
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('Users', () => {
  it('lists Name, Email, Phone, Role, Approved, Action', async () => {
    usersApi();
    renderApp('/users', ADMIN);
    // The screen's code loads on its first visit.
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await screen.findByText('Asha Rao');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Role',
      'Approved',
      'Action',
    ]);
    const asha = within(rowOf('Asha Rao'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(asha.slice(0, 5)).toEqual([
      'Asha Rao',
      'asha@acme.test',
      '+91 98765 43210',
      'sales',
      'Yes',
    ]);
    expect(within(rowOf('Ravi Kumar')).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(within(rowOf('Ravi Kumar')).getAllByRole('cell')[4]).toHaveTextContent('No');
  });

  it('approves a waiting user with the chosen role from GET /admin/roles', async () => {
    const api = usersApi({ 'POST /admin/users/u2/approve': { message: 'ok' } });
    const { user } = renderApp('/users', ADMIN);
    await screen.findByText('Ravi Kumar');
    const select = await within(rowOf('Ravi Kumar')).findByRole('combobox', {
      name: 'Role for Ravi Kumar',
    });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['accounts', 'sales', 'support']),
    );
    expect(select).toHaveValue('sales');
    await user.selectOptions(select, 'accounts');
    await user.click(
      within(rowOf('Ravi Kumar')).getByRole('button', { name: 'Approve Ravi Kumar' }),
    );
    await waitFor(() => expect(api.callsTo('POST /admin/users/u2/approve')).toHaveLength(1));
    expect(api.callsTo('POST /admin/users/u2/approve')[0].body).toEqual({ role: 'accounts' });
    expect(await screen.findByText('Ravi Kumar approved as accounts')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /admin/users')).toHaveLength(2));
  });

  it('changes the role of an approved user through the approve call', async () => {
    const api = usersApi({ 'POST /admin/users/u1/approve': { message: 'ok' } });
    const { user } = renderApp('/users', ADMIN);
    await screen.findByText('Asha Rao');
    const change = within(rowOf('Asha Rao')).getByRole('button', {
      name: 'Change role of Asha Rao',
    });
    expect(change).toBeDisabled(); // still the current role
    await user.selectOptions(
      within(rowOf('Asha Rao')).getByRole('combobox', { name: 'Role for Asha Rao' }),
      'support',
    );
    await user.click(change);
    await waitFor(() => expect(api.callsTo('POST /admin/users/u1/approve')).toHaveLength(1));
    expect(api.callsTo('POST /admin/users/u1/approve')[0].body).toEqual({ role: 'support' });
  });

  it('alerts the server message when the call fails', async () => {
    usersApi({ 'POST /admin/users/u2/approve': jsonResponse(400, { message: 'Unknown role' }) });
    const { user } = renderApp('/users', ADMIN);
    await screen.findByText('Ravi Kumar');
    await user.click(screen.getByRole('button', { name: 'Approve Ravi Kumar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown role');
  });

  it('reloads on Refresh, when the window regains focus and when rolesUpdated changes', async () => {
    const api = usersApi();
    const { user } = renderApp('/users', ADMIN);
    await screen.findByText('Asha Rao');
    const loads = () => api.callsTo('GET /admin/users').length;
    expect(loads()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(loads()).toBe(2));

    fireEvent.focus(window);
    await waitFor(() => expect(loads()).toBe(3));

    // Another tab wrote the signal.
    act(() => {
      localStorage.setItem('rolesUpdated', '1700000000000');
      window.dispatchEvent(new StorageEvent('storage', { key: 'rolesUpdated' }));
    });
    await waitFor(() => expect(loads()).toBe(4));

    // This tab wrote it.
    act(() => writeStored('rolesUpdated', '1700000000001'));
    await waitFor(() => expect(loads()).toBe(5));
    expect(api.callsTo('GET /admin/roles').length).toBeGreaterThanOrEqual(5);
  });

  it("shows 'No users' when there are none", async () => {
    usersApi({ 'GET /admin/users': [] });
    renderApp('/users', ADMIN);
    expect(await screen.findByText('No users')).toBeInTheDocument();
  });

  it('shows a 403 as the admin-only message', async () => {
    usersApi({ 'GET /admin/users': jsonResponse(403, { message: 'Forbidden' }) });
    renderApp('/users', ADMIN);
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied (admin only).');
  });

  it('shows cards at phone width', async () => {
    stubPhoneWidth();
    usersApi();
    renderApp('/users', ADMIN);
    const card = (await screen.findByText('Asha Rao')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('asha@acme.test')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Change role of Asha Rao' }),
    ).toBeInTheDocument();
  });
});
