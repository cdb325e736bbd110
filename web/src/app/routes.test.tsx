import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearSession } from '../lib/storage';
import { renderApp } from '../test/render-app';

const ADMIN_PATHS = [
  ['/approvals', 'Approvals'],
  ['/users', 'Users'],
  ['/departments', 'Roles & Access'],
  ['/templates', 'Templates'],
  ['/integrations', 'Integrations'],
  ['/broadcasts', 'Broadcasts'],
  ['/settings', 'Settings'],
] as const;

const EVERYONE_PATHS = [
  ['/', 'Dashboard'],
  ['/dashboard', 'Dashboard'],
  ['/customers', 'Customers'],
  ['/entries', 'Entries'],
  ['/information', 'Information'],
] as const;

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('access guard', () => {
  it('sends a visitor without a stored token to /login', () => {
    const { location } = renderApp('/customers');
    expect(location()).toBe('/login');
    expect(heading('Sign in')).toBeInTheDocument();
  });

  it('shows the exact Access denied texts to an employee on an admin route', () => {
    renderApp('/approvals', { token: 't', role: 'sales' });
    expect(heading('Access denied')).toBeInTheDocument();
    expect(screen.getByText('Your role “sales” cannot access this page.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Approvals' })).not.toBeInTheDocument();
  });

  it('names the role "unknown" when none is stored', () => {
    renderApp('/users', { token: 't', role: '' });
    expect(screen.getByText('Your role “unknown” cannot access this page.')).toBeInTheDocument();
  });

  // Admin screens and Information load on their first visit: their heading comes once loaded.
  it.each(ADMIN_PATHS)('lets an admin open %s', async (path, title) => {
    const { location } = renderApp(path, { token: 't', role: 'admin' });
    expect(location()).toBe(path);
    expect(await findHeading(title)).toBeInTheDocument();
  });

  it.each(EVERYONE_PATHS)('lets any signed-in role open %s', async (path, title) => {
    renderApp(path, { token: 't', role: 'accounts' });
    expect(await findHeading(title)).toBeInTheDocument();
  });

  it('goes to /login as soon as the stored token disappears (e.g. after a 401)', async () => {
    const { location } = renderApp('/customers', { token: 't', role: 'sales' });
    expect(await findHeading('Customers')).toBeInTheDocument();
    act(() => clearSession());
    expect(location()).toBe('/login');
  });

  it("shows 'Something went wrong.' when the guard itself fails", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('storage blocked');
    });
    renderApp('/customers');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Something went wrong\.$/);
  });
});

describe('routes', () => {
  it('redirects an unknown path to /dashboard', () => {
    const { location } = renderApp('/no/such/page', { token: 't', role: 'sales' });
    expect(location()).toBe('/dashboard');
    expect(heading('Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Everything you need at a glance')).toBeInTheDocument();
  });

  it('serves /login publicly', () => {
    const { location } = renderApp('/login');
    expect(location()).toBe('/login');
    expect(heading('Sign in')).toBeInTheDocument();
  });
});
