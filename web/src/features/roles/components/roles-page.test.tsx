import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStored } from '../../../lib/storage';
import { jsonResponse, mockApi, stubPhoneWidth } from '../../../test/mock-api';
import type { ApiCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { Role } from '../api/types';

// Whole user flows in jsdom: slow on a busy machine, so more than the default 5 s each.
vi.setConfig({ testTimeout: 15_000 });

const ADMIN = { token: 't', role: 'admin' };
const IN_USE = 'This role is in use by users. Reassign users first.';

const ROLES: Role[] = [
  { _id: 'r2', name: 'sales', permissions: ['customers.read', 'customers.write'], usersCount: 2 },
  {
    _id: 'r1',
    name: 'accounts',
    permissions: ['entries.read', 'payments.write', 'reports.read', 'reports.export'],
    usersCount: 1,
  },
  { _id: 'r3', name: 'support', permissions: ['templates.read'], usersCount: 0 },
];

const USERS = [
  { _id: 'u1', fullName: 'Asha Rao', email: 'asha@acme.test', role: 'sales' },
  { _id: 'u2', email: 'ravi@acme.test', role: 'accounts' },
  { _id: 'u3', role: '' },
];

/** A roles API that keeps state, so reloads show what was saved. */
function rolesApi(overrides: Record<string, unknown> = {}) {
  let roles = [...ROLES];
  let next = 10;
  return mockApi({
    'GET /admin/roles': () => roles,
    'POST /admin/roles': ({ body }: ApiCall) => {
      const role = { _id: `r${next++}`, usersCount: 0, ...(body as Omit<Role, '_id'>) };
      roles = [...roles, role];
      return jsonResponse(201, role);
    },
    'GET /admin/users': USERS,
    ...overrides,
  });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const nameField = () => screen.getByRole('textbox', { name: 'Role name' });
const permissionsField = () =>
  screen.getByRole('textbox', { name: 'Permissions (comma-separated)' });
const chips = () =>
  within(screen.queryByRole('list', { name: 'Chosen permissions' }) ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((item) => item.firstChild?.textContent);
const tableRows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Roles & Access: the list', () => {
  it('shows title, subtitle and the roles sorted by name with their users', async () => {
    rolesApi();
    renderApp('/departments', ADMIN);
    // The screen's code loads on its first visit.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Roles & Access' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Create roles, manage permissions, and assign to users.'),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Role',
      'Permissions',
      'Users using',
      'Edit/Delete',
    ]);
    expect(tableRows().map((cells) => [cells[0], cells[2]])).toEqual([
      ['accounts', '1'],
      ['sales', '2'],
      ['support', '0'],
    ]);
  });

  it('searches names and permissions case-insensitively', async () => {
    const { user } = (rolesApi(), renderApp('/departments', ADMIN));
    await screen.findByRole('table');
    const search = screen.getByPlaceholderText('Search roles / permissions');
    await user.type(search, 'PAYMENTS');
    expect(tableRows().map((cells) => cells[0])).toEqual(['accounts']);
    await user.clear(search);
    await user.type(search, 'sup');
    expect(tableRows().map((cells) => cells[0])).toEqual(['support']);
  });

  it("says 'No roles yet' without roles and 'Failed to load roles' in red when loading fails", async () => {
    mockApi({ 'GET /admin/roles': [] });
    renderApp('/departments', ADMIN);
    expect(await screen.findByText('No roles yet')).toBeInTheDocument();
  });

  it("shows 'Failed to load roles' inline when the server sends no message", async () => {
    mockApi({ 'GET /admin/roles': jsonResponse(500, {}) });
    renderApp('/departments', ADMIN);
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Failed to load roles');
    expect(error).toHaveClass('ui-error-text');
  });

  it('shows only the first 3 permissions in the role cell on phones', async () => {
    stubPhoneWidth();
    rolesApi();
    renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Role',
      'Users using',
      'Edit/Delete',
    ]);
    const accounts = tableRows()[0][0];
    expect(accounts).toContain('accounts');
    expect(accounts).toContain('reports.read');
    expect(accounts).not.toContain('reports.export');
    expect(accounts).toContain('+1 more');
  });
});

describe('Roles & Access: the form', () => {
  it('fills the form from a Quick Preset', async () => {
    rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    expect(screen.getByRole('heading', { name: 'Quick Presets' })).toBeInTheDocument();
    await user.click(button('manager'));
    expect(nameField()).toHaveValue('manager');
    expect(permissionsField()).toHaveValue(
      'customers.read, entries.read, entries.export, templates.read, reports.read',
    );
    expect(chips()).toHaveLength(5);
  });

  it("requires a name ('Role name required') and creates with a lower-case name and merged permissions", async () => {
    const api = rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Add Role' })).toBeInTheDocument();
    expect(screen.getByText(/duplicates are removed/)).toBeInTheDocument();

    await user.type(nameField(), '   ');
    await user.click(button('Add'));
    expect(screen.getByRole('alert')).toHaveTextContent('Role name required');
    expect(api.callsTo('POST /admin/roles')).toHaveLength(0);

    await user.click(nameField());
    await user.paste(' Field Sales ');
    await user.click(permissionsField());
    await user.paste('customers.read, ,entries.write,customers.read');
    await user.click(button('Permission Picker'));
    const picker = screen.getByRole('dialog', { name: 'Permission Picker' });
    await user.click(within(picker).getByRole('button', { name: 'entries.write' }));
    await user.click(within(picker).getByRole('button', { name: '*' }));
    await user.click(within(picker).getByRole('button', { name: 'Done' }));
    expect(chips()).toEqual(['customers.read', 'entries.write', '*']);

    await user.click(button('Add'));
    await waitFor(() => expect(api.callsTo('POST /admin/roles')).toHaveLength(1));
    expect(api.callsTo('POST /admin/roles')[0].body).toEqual({
      name: 'field sales',
      permissions: ['customers.read', 'entries.write', '*'],
    });
    await waitFor(() => expect(nameField()).toHaveValue(''));
    expect(permissionsField()).toHaveValue('');
    expect(chips()).toEqual([]);
    expect(readStored('rolesUpdated')).toMatch(/^\d+$/);
    expect(await screen.findByText('field sales')).toBeInTheDocument();

    // The picker's choices were cleared by the save.
    await user.click(button('Permission Picker'));
    expect(screen.getByText('Nothing selected')).toBeInTheDocument();
  });

  it('removes a chip from both the typed text and the picker choices', async () => {
    rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    await user.click(permissionsField());
    await user.paste('customers.read, entries.write');
    await user.click(button('Permission Picker'));
    await user.click(screen.getByRole('button', { name: 'entries.write' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(button('Remove entries.write'));
    expect(permissionsField()).toHaveValue('customers.read');
    expect(chips()).toEqual(['customers.read']);
  });

  it.each([
    [
      jsonResponse(409, { message: 'A role with this name exists' }),
      'A role with this name exists',
    ],
    [jsonResponse(500, {}), 'Create failed'],
  ])('alerts a failed create (%#) and keeps the form', async (response, text) => {
    rolesApi({ 'POST /admin/roles': response });
    const { user } = renderApp('/departments', ADMIN);
    await user.type(nameField(), 'sales');
    await user.click(button('Add'));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(nameField()).toHaveValue('sales');
  });

  it("edits a row ('Edit Role', Save) and goes back to Add on Save or Cancel", async () => {
    const api = rolesApi({ 'PUT /admin/roles/r3': { _id: 'r3' } });
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.click(button('Edit support'));
    expect(screen.getByRole('heading', { name: 'Edit Role' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('support');
    expect(nameField()).toHaveFocus();
    expect(permissionsField()).toHaveValue('templates.read');

    await user.click(button('Cancel'));
    expect(screen.getByRole('heading', { name: 'Add Role' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('');

    await user.click(button('Edit support'));
    await user.type(permissionsField(), ', Customers.read');
    await user.click(button('Save'));
    await waitFor(() => expect(api.callsTo('PUT /admin/roles/r3')).toHaveLength(1));
    expect(api.callsTo('PUT /admin/roles/r3')[0].body).toEqual({
      name: 'support',
      permissions: ['templates.read', 'Customers.read'],
    });
    expect(await screen.findByRole('heading', { name: 'Add Role' })).toBeInTheDocument();
  });

  it("alerts 'Update failed' when saving an edit fails without a message", async () => {
    rolesApi({ 'PUT /admin/roles/r3': jsonResponse(500, {}) });
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.click(button('Edit support'));
    await user.click(button('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed');
    expect(screen.getByRole('heading', { name: 'Edit Role' })).toBeInTheDocument();
  });
});

describe('Roles & Access: delete', () => {
  it('refuses a role in use without calling the server', async () => {
    const api = rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.click(button('Delete sales'));
    expect(screen.getByRole('alert')).toHaveTextContent(IN_USE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('asks \'Delete role "…"?\' and deletes an unused role', async () => {
    const api = rolesApi({ 'DELETE /admin/roles/r3': { message: 'Deleted' } });
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.click(button('Delete support'));
    const dialog = screen.getByRole('dialog', { name: 'Delete role "support"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /admin/roles/r3')).toHaveLength(0);

    await user.click(button('Delete support'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete role "support"?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE /admin/roles/r3')).toHaveLength(1));
    expect(readStored('rolesUpdated')).toMatch(/^\d+$/);
  });

  it.each([
    [jsonResponse(409, { message: IN_USE }), IN_USE],
    [jsonResponse(500, {}), 'Delete failed'],
  ])('alerts a refused delete (%#)', async (response, text) => {
    rolesApi({ 'DELETE /admin/roles/r3': response });
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.click(button('Delete support'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('Roles & Access: Permission Picker', () => {
  it('groups the catalogue, searches, shows the selection and its count, clears', async () => {
    rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    await user.click(button('Permission Picker'));
    const picker = screen.getByRole('dialog', { name: 'Permission Picker' });
    const groups = within(picker)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual([
      'Customers',
      'Entries',
      'Products',
      'Broadcasts',
      'Templates',
      'Settings',
      'Payments & Reports',
      'Admin',
      'Selected',
    ]);
    expect(within(picker).getByText('Nothing selected')).toBeInTheDocument();
    expect(within(picker).getByText('0 selected')).toBeInTheDocument();

    const reportsRead = within(picker).getByRole('button', { name: 'reports.read' });
    await user.click(reportsRead);
    expect(reportsRead).toHaveAttribute('aria-pressed', 'true');
    expect(within(picker).getByText('1 selected')).toBeInTheDocument();

    await user.type(within(picker).getByPlaceholderText('Search permissions'), 'export');
    expect(within(picker).getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(
      within(picker)
        .getAllByRole('button', { pressed: false })
        .map((b) => b.textContent),
    ).toEqual(['customers.export', 'entries.export', 'reports.export']);
    await user.type(within(picker).getByPlaceholderText('Search permissions'), 'zzz');
    expect(within(picker).getByText('No matches')).toBeInTheDocument();

    await user.click(within(picker).getByRole('button', { name: 'Clear' }));
    expect(within(picker).getByText('Nothing selected')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button('Permission Picker')).toHaveFocus();
  });
});

describe('Roles & Access: Bulk Assign', () => {
  it("needs a role ('Pick a role'), lists users by name / email / 'User', assigns the checked ones", async () => {
    const api = rolesApi({ 'POST /admin/users/assign-role': { message: 'ok' } });
    const { user } = renderApp('/departments', ADMIN);
    await user.click(button('Bulk Assign Users → Role'));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Assign Users → Role' });
    const roleSelect = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(
      within(roleSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a role', 'accounts', 'sales', 'support']);
    expect(await within(dialog).findByRole('checkbox', { name: 'Asha Rao (sales)' })).toBeVisible();
    expect(
      within(dialog).getByRole('checkbox', { name: 'ravi@acme.test (accounts)' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('checkbox', { name: 'User (no role)' })).toBeVisible();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Asha Rao (sales)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Pick a role');
    expect(api.callsTo('POST /admin/users/assign-role')).toHaveLength(0);

    await user.selectOptions(roleSelect, 'support');
    await user.click(within(dialog).getByRole('checkbox', { name: 'User (no role)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(api.callsTo('POST /admin/users/assign-role')).toHaveLength(1));
    expect(api.callsTo('POST /admin/users/assign-role')[0].body).toEqual({
      role: 'support',
      userIds: ['u1', 'u3'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(readStored('rolesUpdated')).toMatch(/^\d+$/);
  });

  it('clears the checked users when closed, says No users, alerts Assign failed', async () => {
    rolesApi({ 'POST /admin/users/assign-role': jsonResponse(500, {}) });
    const { user } = renderApp('/departments', ADMIN);
    await user.click(button('Bulk Assign Users → Role'));
    const box = await screen.findByRole('checkbox', { name: 'Asha Rao (sales)' });
    await user.click(box);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(button('Bulk Assign Users → Role'));
    expect(await screen.findByRole('checkbox', { name: 'Asha Rao (sales)' })).not.toBeChecked();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'sales');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Assign failed',
    );
  });

  it("says 'No users' when there are none", async () => {
    rolesApi({ 'GET /admin/users': [] });
    const { user } = renderApp('/departments', ADMIN);
    await user.click(button('Bulk Assign Users → Role'));
    expect(await screen.findByText('No users')).toBeInTheDocument();
  });
});

describe('Roles & Access: export and import', () => {
  it('downloads roles_export_<timestamp>.json with the roles', async () => {
    rolesApi();
    let blob: Blob | undefined;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:roles')),
        revokeObjectURL: vi.fn(),
      }),
    );
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded = this.download;
    });
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.click(button('Export'));
    expect(downloaded).toMatch(/^roles_export_\d+\.json$/);
    expect(JSON.parse(await (blob as Blob).text())).toEqual([
      { name: 'accounts', permissions: ROLES[1].permissions },
      { name: 'sales', permissions: ROLES[0].permissions },
      { name: 'support', permissions: ROLES[2].permissions },
    ]);
  });

  it('posts each named role one by one, ignoring a refused one, then reloads', async () => {
    const api = rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    const file = new File(
      [
        JSON.stringify([
          { name: 'Auditor', permissions: ['reports.read'] },
          { permissions: ['x'] },
          { name: 'Viewer', permissions: 'all' },
        ]),
      ],
      'roles.json',
      { type: 'application/json' },
    );
    await user.upload(screen.getByTestId('roles-import-file'), file);
    await waitFor(() => expect(api.callsTo('POST /admin/roles')).toHaveLength(2));
    expect(api.callsTo('POST /admin/roles').map((call) => call.body)).toEqual([
      { name: 'auditor', permissions: ['reports.read'] },
      { name: 'viewer', permissions: [] },
    ]);
    expect(await screen.findByText('auditor')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps going when one role is refused', async () => {
    let n = 0;
    const api = rolesApi({
      'POST /admin/roles': () => (n++ === 0 ? jsonResponse(409, { message: 'exists' }) : {}),
    });
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    const file = new File([JSON.stringify([{ name: 'sales' }, { name: 'auditor' }])], 'r.json');
    await user.upload(screen.getByTestId('roles-import-file'), file);
    await waitFor(() => expect(api.callsTo('POST /admin/roles')).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("alerts 'Import failed: Invalid file' for a file that is not an array", async () => {
    const api = rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.upload(
      screen.getByTestId('roles-import-file'),
      new File(['{"name":"sales"}'], 'roles.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Import failed: Invalid file');
    expect(api.callsTo('POST /admin/roles')).toHaveLength(0);
  });

  it("alerts 'Import failed: <reason>' for a file that is not JSON", async () => {
    rolesApi();
    const { user } = renderApp('/departments', ADMIN);
    await screen.findByRole('table');
    await user.upload(
      screen.getByTestId('roles-import-file'),
      new File(['not json'], 'roles.json', { type: 'application/json' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Import failed: .+/);
  });
});
