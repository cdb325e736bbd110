/**
 * `npm run screenshots`: builds the app, starts its own local stack (firebase.json's ports + 30,
 * fresh data that is not kept), seeds the demo company, signs in as its admin and saves the main
 * screens at desktop (1280x800) and phone (390x844) size as docs/screenshots/<screen>-<size>.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../stack/build.ts';
import { portsFromFirebaseJson, ROOT } from '../stack/config.ts';
import { demoAccounts, seedDemoCompany } from '../stack/seed.ts';
import { startStack } from '../stack/stack.ts';

/** Not 0 (npm start), 10 (the browser tests) nor 20 (the bench). */
const SCREENSHOT_PORT_OFFSET = 30;
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

type Screen = { name: string; open: (page: Page) => Promise<void> };

const SCREENS: Screen[] = [
  {
    name: 'customers',
    open: async (page) => {
      await page.goto('/customers');
      await page.getByText(/^\d+ customers$/).waitFor();
    },
  },
  {
    name: 'customer-page',
    open: async (page) => {
      await page.goto('/customers');
      await page.getByText(/^\d+ customers$/).waitFor();
      await page.locator('main .first-value__text a[href^="/customers/"]').first().click();
      await page.locator('.timeline__item').first().waitFor();
    },
  },
  {
    name: 'entries',
    open: async (page) => {
      await page.goto('/entries');
      await page.getByText(/^Total: \d+$/).waitFor();
    },
  },
  {
    name: 'dashboard',
    open: async (page) => {
      await page.goto('/dashboard');
      await page.getByText('Total Customers').waitFor();
      await page.locator('.dash-skeleton').waitFor({ state: 'detached' });
      // The charts load as a script of their own and draw after it: shot once every chart
      // box holds a drawn SVG, not the grey box of one still loading.
      await page.waitForFunction(() => {
        const boxes = Array.from(document.querySelectorAll('main .dash-chart'));
        return boxes.length > 0 && boxes.every((box) => box.querySelector('svg path'));
      });
    },
  },
  // Screens whose code loads on their first visit (web/src/app/pages.ts): shot once loaded.
  ...(
    [
      ['approvals', '/approvals', 'Approvals', undefined],
      ['users', '/users', 'Users', undefined],
      ['templates', '/templates', 'Templates', undefined],
      // Its chart is a script of its own too: shot once the bars are drawn.
      ['information', '/information', 'Information', 'main svg rect'],
    ] as const
  ).map(([name, route, title, drawn]) => ({
    name,
    open: async (page: Page) => {
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page
        .locator('main [role="status"]', { hasText: 'Loading…' })
        .waitFor({ state: 'detached' });
      if (drawn) await page.locator(drawn).first().waitFor();
    },
  })),
];

const log = (line: string) => console.log(`[screenshots] ${line}`);

log('building functions and web…');
buildApp();
const stack = await startStack({
  ports: portsFromFirebaseJson(SCREENSHOT_PORT_OFFSET),
  quiet: true,
});
try {
  Object.assign(process.env, stack.env);
  await seedDemoCompany();
  const admin = demoAccounts()[0];
  const res = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const { token, role } = (await res.json()) as { token: string; role: string };

  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const context = await browser.newContext({ viewport, baseURL: stack.url });
      await context.addInitScript(
        (s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('role', s.role);
        },
        { token, role },
      );
      const page = await context.newPage();
      // The first calls of a fresh stack wait for the functions emulator to warm up.
      page.setDefaultTimeout(180_000);
      for (const screen of SCREENS) {
        await screen.open(page).catch(async (error: unknown) => {
          const file = path.join(OUT_DIR, `failed-${screen.name}-${size}.png`);
          await page.screenshot({ path: file });
          throw new Error(`${screen.name} at ${size} did not load (see ${file})`, { cause: error });
        });
        const file = path.join(OUT_DIR, `${screen.name}-${size}.png`);
        await page.screenshot({ path: file });
        log(`wrote ${path.relative(ROOT, file)}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
