// The console's shell in a real browser against the local stack: the guard, the layout per
// role, Logout, the phone drawer and the /api rewrite — at desktop and phone sizes, with axe.
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserForFile,
  openPage,
  VIEWPORTS,
  type ViewportName,
} from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { apiSignIn, DEMO, signedInForFile } from './support/session.ts';

const launched = browserForFile();
const sales = signedInForFile(DEMO.sales);

const ADMIN_ITEMS = ['Settings', 'Approvals', 'Users', 'Roles', 'Templates', 'Integrations'];
const EVERYONE_ITEMS = ['Dashboard', 'Inbox', 'Customers', 'Entries', 'Information'];

it('serves /api/health through the hosting rewrite with security headers', async () => {
  const res = await fetch(`${baseUrl()}/api/health`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok' });
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
});

it("loads only the sign-in screen's scripts, fetches the dashboard's while the person types, then opens it", async () => {
  // What index.html names: the sign-in route's script (the entry and its static imports).
  const html = await (await fetch(`${baseUrl()}/login`)).text();
  const signInScripts = new Set([...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]));
  const { context, page } = await openPage(launched.browser, 'phone');
  // Every script the page asks for, and the sign-in call, in the order they were asked.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) asked.push(pathname.split('/').pop() ?? '');
    if (pathname === '/api/auth/login') asked.push('sign-in call');
  });
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((file) => !signInScripts.has(file))).toEqual([]);

  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.sales.email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO.sales.password);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  const signInCall = asked.indexOf('sign-in call');
  expect(signInCall).toBeGreaterThan(0);
  // The shell and the dashboard are one chunk (web/build/first-screen-chunk.ts).
  const at = asked.findIndex((file) => /^dashboard-/.test(file));
  expect(at, 'the dashboard chunk fetched before the sign-in call').toBeGreaterThan(-1);
  expect(at).toBeLessThan(signInCall);
  await context.close();
});

it("on a cold load of the dashboard, signed in, asks for its data from the boot script, once, before the app's script has run", async () => {
  const { context, page } = await openPage(launched.browser, 'phone', sales);
  const html = await (await fetch(`${baseUrl()}/dashboard`)).text();
  const appScript = html.match(/<script type="module"[^>]+src="(\/assets\/[\w.-]+\.js)"/)?.[1];
  expect(appScript).toBeDefined();
  // The app's script is held until the dashboard's call has gone out: only the boot script
  // can have sent it (a guard against waiting forever: 10 s).
  const calls: { url: string; beforeApp: boolean }[] = [];
  let appReleased = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/dashboard/all')
      calls.push({ url: request.url(), beforeApp: !appReleased });
  });
  await page.route(`**${appScript}`, async (route) => {
    for (let waited = 0; calls.length === 0 && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    appReleased = true;
    await route.continue();
  });
  await page.goto('/dashboard');
  // Drawn from an answer: a call of the page's own would have gone out by now.
  await page.getByRole('list', { name: 'Totals' }).waitFor();
  await page.getByRole('status', { name: 'Loading dashboard' }).waitFor({ state: 'detached' });
  expect(calls).toHaveLength(1);
  expect(calls[0].beforeApp).toBe(true);
  expect(new URL(calls[0].url).search).toBe('?range=30d&days=3');
  await context.close();
});

it('with a stale token, a cold load of the dashboard lands on sign-in and clears it', async () => {
  const { context, page } = await openPage(launched.browser, 'phone', {
    token: 'stale',
    role: 'sales',
  });
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.getByRole('list', { name: 'Totals' }).count()).toBe(0);
  await context.close();
});

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`at ${viewport} size`, () => {
    it('sends a visitor without a token to /login', async () => {
      const { context, page } = await openPage(launched.browser, viewport);
      await page.goto('/customers');
      await page.waitForURL('**/login');
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
      await expectAccessible(page, 'sign-in');
      await context.close();
    });

    it('shows an employee the employee menu and refuses admin pages with the exact texts', async () => {
      const { context, page } = await openPage(launched.browser, viewport, sales);
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await page.getByText('Role: sales').isVisible()).toBe(true);
      if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main menu' }).last();
      await nav.getByRole('link', { name: 'Information' }).waitFor();
      for (const item of EVERYONE_ITEMS)
        expect(await nav.getByRole('link', { name: item }).count()).toBe(1);
      for (const item of ADMIN_ITEMS)
        expect(await nav.getByRole('link', { name: item }).count()).toBe(0);
      await expectAccessible(page, 'menu, as sales');

      await page.goto('/users');
      await page.getByRole('heading', { name: 'Access denied' }).waitFor();
      expect(await page.getByText('Your role “sales” cannot access this page.').isVisible()).toBe(
        true,
      );
      await expectAccessible(page, 'access denied, as sales');
      await context.close();
    });

    it('reads an empty role as unknown', async () => {
      const { context, page } = await openPage(launched.browser, viewport, {
        token: sales.token,
        role: '',
      });
      await page.goto('/templates');
      await page.getByText('Your role “unknown” cannot access this page.').waitFor();
      await context.close();
    });

    it('gives an admin every menu item, sends unknown paths to /dashboard, and logs out', async () => {
      // Its own session: logging out revokes it.
      const { context, page } = await openPage(
        launched.browser,
        viewport,
        await apiSignIn(DEMO.admin),
      );
      await page.goto('/no/such/page');
      await page.waitForURL('**/dashboard');
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Menu' }).click();
        const drawer = page.getByRole('dialog', { name: 'Menu' });
        await drawer.waitFor();
        await expectAccessible(page, 'menu drawer, as admin');
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Menu' }).click();
      }
      const nav = page.getByRole('navigation', { name: 'Main menu' }).last();
      await nav.getByRole('link', { name: 'Integrations' }).waitFor();
      for (const item of [...EVERYONE_ITEMS, ...ADMIN_ITEMS]) {
        expect(await nav.getByRole('link', { name: item }).count()).toBe(1);
      }
      await nav.getByRole('link', { name: 'Roles' }).click();
      await page.waitForURL('**/departments');
      await page.getByRole('heading', { name: 'Roles & Access' }).waitFor();
      await expectAccessible(page, 'roles');

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      expect(
        await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('role')]),
      ).toEqual([null, null]);
      await context.close();
    });

    it('keeps the 250 px menu beside the page on desktop and hides it on phones', async () => {
      const { context, page } = await openPage(launched.browser, viewport, sales);
      await page.goto('/entries');
      // The shell (menu and top bar) loads after the sign-in route's script: wait for it.
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      if (viewport === 'desktop') {
        const box = await nav.first().boundingBox();
        expect(box?.width).toBeGreaterThan(0);
        const width = await page.evaluate(() => {
          const el =
            document.querySelector('nav[aria-label="Main menu"]')?.closest('aside') ??
            document.querySelector('nav[aria-label="Main menu"]');
          return el ? el.getBoundingClientRect().width : 0;
        });
        expect(width).toBe(250);
      } else {
        expect(await nav.count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
      }
      await context.close();
    });
  });
}
