import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD } from '../../test/dashboard';
import { jsonResponse, mockApi } from '../../test/mock-api';
import type { BootPlan } from './boot';

// The page's first script (boot.ts) on a cold load, then the app drawn as main.tsx draws it.
// Each test starts from fresh modules, as a page load does: the app keeps in module state
// whether the shell's code is in and whether the dashboard was visited.

const PLAN: BootPlan = {
  signedIn: ['assets/shell-1.js', 'assets/shell-1.css'],
  dashboard: ['assets/charts-1.js'],
};

afterEach(() => {
  delete window.crmBootCalls;
  document.head.querySelectorAll('link').forEach((link) => link.remove());
});

/** The links the boot added: rel and href. */
const preloads = () =>
  [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);

/** A page load at `path` with `token` stored: the boot script runs, then the app is drawn. */
async function load(path: string, token?: string) {
  vi.resetModules();
  const { saveSession } = await import('../../lib/storage');
  if (token) saveSession({ token, role: 'sales' });
  const { boot } = await import('./boot');
  boot(PLAN, path);
  const [testing, { MemoryRouter }, { AppRoutes }] = await Promise.all([
    import('@testing-library/react'),
    import('react-router-dom'),
    import('../routes'),
  ]);
  const draw = () =>
    testing.render(
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>,
    );
  return { draw, saveSession, ...testing };
}

/** Until the dashboard's figures are drawn: its cards come at once, its loading status goes. */
async function waitForFigures({ screen, waitFor }: Awaited<ReturnType<typeof load>>) {
  await screen.findByRole('list', { name: 'Totals' }, { timeout: 15_000 });
  await waitFor(
    () => expect(screen.queryByRole('status', { name: 'Loading dashboard' })).toBeNull(),
    { timeout: 15_000 },
  );
}

describe('the boot script on a cold load', { timeout: 30_000 }, () => {
  it('starts nothing for a signed-out person, who lands on sign-in', async () => {
    const api = mockApi({});
    const { draw, screen } = await load('/dashboard');
    expect(api.calls).toEqual([]);
    expect(preloads()).toEqual([]);
    const view = draw();
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(api.find('GET', '/dashboard/all')).toEqual([]);
    view.unmount();
  });

  it('starts nothing on the sign-in screen, and only the shell on another page', async () => {
    const api = mockApi({});
    await load('/login', 'tok-1');
    expect(preloads()).toEqual([]);
    await load('/customers', 'tok-1');
    expect(preloads()).toEqual(['modulepreload /assets/shell-1.js', 'preload /assets/shell-1.css']);
    expect(api.calls).toEqual([]);
  });

  it('asks for the dashboard once, and the app shows that answer without asking again', async () => {
    const api = mockApi({ 'GET /dashboard/all': DASHBOARD, 'GET /notifications/latest': [] });
    const loaded = await load('/dashboard', 'tok-1');
    const { draw, screen, within } = loaded;
    expect(preloads()).toContain('modulepreload /assets/charts-1.js');
    const [call] = api.find('GET', '/dashboard/all');
    expect(call.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(call.path).toBe('/dashboard/all?range=30d&days=3');
    const view = draw();
    await waitForFigures(loaded);
    const cards = screen.getByRole('list', { name: 'Totals' });
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Total Customers50');
    expect(api.find('GET', '/dashboard/all')).toHaveLength(1);
    view.unmount();
  });

  it('with a stale token, clears it and lands on sign-in, showing no figures', async () => {
    const api = mockApi({
      'GET /dashboard/all': jsonResponse(401, { message: 'Session expired' }),
    });
    const { draw, screen } = await load('/', 'stale');
    const view = draw();
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 15_000 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Totals' })).toBeNull();
    expect(api.find('GET', '/dashboard/all')).toHaveLength(1);
    view.unmount();
  });

  it('does not show the answer to someone else who signed in meanwhile: asks again for them', async () => {
    const api = mockApi({
      'GET /dashboard/all': (call) => ({
        ...DASHBOARD,
        overview: {
          ...DASHBOARD.overview,
          totalCustomers: call.headers.get('Authorization') === 'Bearer tok-2' ? 7 : 50,
        },
      }),
      'GET /notifications/latest': [],
    });
    const loaded = await load('/dashboard', 'tok-1');
    const { draw, screen, within, saveSession } = loaded;
    saveSession({ token: 'tok-2', role: 'admin' }); // in another tab, before the app ran
    const view = draw();
    await waitForFigures(loaded);
    const cards = screen.getByRole('list', { name: 'Totals' });
    expect(within(cards).getAllByRole('listitem')[0]).toHaveTextContent('Total Customers7');
    const calls = api.find('GET', '/dashboard/all');
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer tok-1',
      'Bearer tok-2',
    ]);
    view.unmount();
  });
});

describe("the boot script's dashboard paths", () => {
  it('are the screens that show the dashboard', async () => {
    const { BOOT_DASHBOARD_PATHS } = await import('./boot');
    const { DASHBOARD_PATHS } = await import('../pages');
    expect([...BOOT_DASHBOARD_PATHS].sort()).toEqual([...DASHBOARD_PATHS].sort());
  });
});
