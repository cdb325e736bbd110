import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStored, saveSession } from '../../lib/storage';
import { renderApp } from '../../test/render-app';
import { DASHBOARD } from '../../test/dashboard';
import { mockApi, stubPhoneWidth } from '../../test/mock-api';

const EVERYONE = ['Dashboard', 'Inbox', 'Customers', 'Entries', 'Quotes', 'Information'];
const ADMIN = [
  'Settings',
  'Approvals',
  'Users',
  'Roles',
  'Templates',
  'Products',
  'Integrations',
  'Broadcasts',
];

function menuItems() {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('layout', () => {
  it('shows the product title, subtitle and role', () => {
    renderApp('/dashboard', { token: 't', role: 'sales' });
    expect(screen.getByText('CRM')).toBeInTheDocument();
    expect(screen.getByText('CRM Console')).toBeInTheDocument();
    expect(document.querySelector('.topbar__role')).toHaveTextContent('Role: sales');
  });

  it('gives an employee only the everyone items', () => {
    renderApp('/dashboard', { token: 't', role: 'sales' });
    expect(menuItems()).toEqual(EVERYONE);
  });

  it('gives an admin the admin items too, Roles pointing at /departments', () => {
    renderApp('/dashboard', { token: 't', role: 'admin' });
    expect(menuItems()).toEqual([...EVERYONE, ...ADMIN]);
    expect(screen.getByRole('link', { name: 'Roles' })).toHaveAttribute('href', '/departments');
  });

  it('gives a role the pages its permissions open: Broadcasts with broadcasts.send, Products with products.write', () => {
    renderApp('/dashboard', {
      token: 't',
      role: 'marketing',
      permissions: ['customers.read', 'broadcasts.send', 'products.write'],
    });
    expect(menuItems()).toEqual([...EVERYONE, 'Products', 'Broadcasts']);
  });

  it("asks the server for a session's permissions it signed in without, once the page is idle", async () => {
    const api = mockApi({
      'GET /auth/me': {
        user: {
          _id: 'u1',
          fullName: 'M',
          name: 'M',
          email: 'm@x.in',
          phone: '',
          role: 'marketing',
          approved: true,
        },
        role: 'marketing',
        permissions: ['broadcasts.send'],
      },
    });
    renderApp('/information', { token: 't', role: 'marketing' });
    expect(menuItems()).toEqual(EVERYONE);
    await waitFor(() => expect(menuItems()).toEqual([...EVERYONE, 'Broadcasts']));
    expect(api.find('GET', '/auth/me')).toHaveLength(1);
    expect(readStored('permissions')).toBe('["broadcasts.send"]');
  });

  it('marks the current page in the menu', () => {
    renderApp('/entries', { token: 't', role: 'sales' });
    expect(screen.getByRole('link', { name: 'Entries' })).toHaveAttribute('aria-current', 'page');
  });

  it('logs out: ends the server session, clears token and role, keeps other keys, goes to /login', async () => {
    localStorage.setItem('userEmail', 'a@b.c');
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, location } = renderApp('/customers', { token: 't', role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    // The screen behind may load its own data: find the logout call among the calls.
    const [url, init] =
      fetchMock.mock.calls.find(([called]) => String(called).startsWith('/api/auth/')) ?? [];
    expect([url, init?.method]).toEqual(['/api/auth/logout', 'POST']);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer t');
    expect(readStored('token')).toBeNull();
    expect(readStored('role')).toBeNull();
    expect(readStored('userEmail')).toBe('a@b.c');
  });

  it('logs out even when the server call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const { user, location } = renderApp('/customers', { token: 't', role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(readStored('token')).toBeNull();
  });
});

describe("the top bar's unread count", () => {
  const dashboard = { ...DASHBOARD, myDay: { ...DASHBOARD.myDay, unread: 4 } };
  const inbox = { items: [], unread: 6 };

  it("takes it from the dashboard's My day there: no call of its own", async () => {
    const api = mockApi({ 'GET /dashboard/all': dashboard, 'GET /inbox': inbox });
    renderApp('/dashboard', { token: 't', role: 'sales' });
    expect(await screen.findByRole('link', { name: 'Inbox, 4 unread' })).toBeInTheDocument();
    expect(api.find('GET', '/inbox')).toHaveLength(0);
  });

  it('asks the Inbox for it on the other screens', async () => {
    const api = mockApi({ 'GET /customers': { items: [] }, 'GET /inbox': inbox });
    renderApp('/customers', { token: 't', role: 'sales' });
    expect(await screen.findByRole('link', { name: 'Inbox, 6 unread' })).toBeInTheDocument();
    expect(api.find('GET', '/inbox').map((call) => call.query.get('limit'))).toEqual(['1']);
  });
});

describe('layout at phone width', () => {
  it('hides the menu behind a labelled Menu button', () => {
    stubPhoneWidth();
    renderApp('/dashboard', { token: 't', role: 'sales' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the menu as a dialog that closes on Escape and on navigation', async () => {
    stubPhoneWidth();
    const { user, location } = renderApp('/dashboard', { token: 't', role: 'admin' });
    const button = screen.getByRole('button', { name: 'Menu' });

    await user.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(menuItems()).toEqual([...EVERYONE, ...ADMIN]);
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Users' }));
    // The Users screen loads on its first visit; the route changes once it has.
    await waitFor(() => expect(location()).toBe('/users'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("the signed-in screens' query cache", () => {
  /** GET /settings/public names the company after the session that asks. */
  function companyPerSession() {
    return mockApi({
      'GET /settings/public': (call) => ({
        companyName: call.headers.get('Authorization') === 'Bearer b' ? 'Beta Traders' : 'Acme',
      }),
      'POST /auth/logout': null,
      'POST /auth/login': { token: 'b', role: 'sales', user: { email: 'b@beta.test' } },
    });
  }
  const menuTitle = () =>
    within(screen.getByRole('navigation', { name: 'Main menu' })).getByText(/Acme|Beta Traders/);

  it('is new for a new session: another user signing in (in another tab) reads again', async () => {
    const api = companyPerSession();
    renderApp('/information', { token: 'a', role: 'sales' });
    await waitFor(() => expect(menuTitle()).toHaveTextContent('Acme'));
    act(() => saveSession({ token: 'b', role: 'sales' }));
    await waitFor(() => expect(menuTitle()).toHaveTextContent('Beta Traders'));
    expect(api.callsTo('GET /settings/public')).toHaveLength(2);
  });

  it('is new after signing out and in as another user', async () => {
    companyPerSession();
    const { user, location } = renderApp('/information', { token: 'a', role: 'sales' });
    await waitFor(() => expect(menuTitle()).toHaveTextContent('Acme'));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/login'));
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'b@beta.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(location()).toBe('/'));
    await waitFor(() => expect(menuTitle()).toHaveTextContent('Beta Traders'));
  });
});
