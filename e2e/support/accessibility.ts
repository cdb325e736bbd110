// The axe-core scans of the browser tests: every state of a screen that is scanned, at which
// sizes, and the scan itself, once per state and size in a run of the suite.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { VIEWPORTS, type ViewportName } from './browser.ts';

const BOTH = ['desktop', 'phone'] as const satisfies readonly ViewportName[];
const DESKTOP = ['desktop'] as const satisfies readonly ViewportName[];
const PHONE = ['phone'] as const satisfies readonly ViewportName[];

/**
 * What the browser tests scan with axe: each state of a screen (what is open on it, whose screen
 * it is), the route it is on (`:id` stands for any one path segment) and the sizes it is scanned
 * at. `expectAccessible(page, state)` takes only these names; e2e/accessibility.test.ts checks
 * that each one is scanned by some test file. The files that reach each state are named beside
 * it: where there are several, the first to reach it in a run scans it.
 *
 * A state is what is open and shown, not the rows a list holds: the customers list at desktop
 * size is one state whichever customers are on it, and its More menu open is another.
 */
export const SCANNED_STATES = {
  // Signed out.
  'sign-in': { route: '/login', sizes: BOTH }, // accounts, shell
  'register, filled': { route: '/login', sizes: BOTH }, // accounts
  'sign-in by OTP, code sent': { route: '/login', sizes: BOTH }, // accounts

  // The shell: the menu by role (on a phone, its drawer open), the guard, the search.
  'menu, as sales': { route: '/dashboard', sizes: BOTH }, // shell
  'menu drawer, as admin': { route: '/dashboard', sizes: PHONE }, // shell
  'access denied, as sales': { route: '/users', sizes: BOTH }, // accounts, shell
  'customer search open': { route: '/dashboard', sizes: BOTH }, // console-layout

  // Dashboard, My day and Information.
  dashboard: { route: '/dashboard', sizes: BOTH }, // dashboard
  'dashboard, notifications open': { route: '/dashboard', sizes: BOTH }, // dashboard
  'my day, as sales': { route: '/', sizes: PHONE }, // my-day
  information: { route: '/information', sizes: BOTH }, // dashboard

  // Customers: the list, its dialogs and a customer's page.
  customers: { route: '/customers', sizes: BOTH }, // console-layout, customers
  'customers, More menu open': { route: '/customers', sizes: PHONE }, // console-layout
  'customers, filters open': { route: '/customers', sizes: BOTH }, // customers
  'add customer': { route: '/customers', sizes: BOTH }, // customers
  'merge customers': { route: '/customers', sizes: BOTH }, // customers
  'import report': { route: '/customers', sizes: BOTH }, // customers
  'customer page': { route: '/customers/:id', sizes: BOTH }, // console-layout

  // Add Entry, opened from the customers list.
  'add entry': { route: '/customers', sizes: BOTH }, // add-entry
  'add entry, written, with a file': { route: '/customers', sizes: BOTH }, // add-entry
  'add entry, WhatsApp window closed': { route: '/customers', sizes: DESKTOP }, // messaging
  'add entry, opted out': { route: '/customers', sizes: PHONE }, // messaging

  // The conversation on a customer's page.
  'conversation, window open': { route: '/customers/:id', sizes: PHONE }, // conversation
  'conversation, opted out': { route: '/customers/:id', sizes: PHONE }, // conversation
  'conversation, quick replies': { route: '/customers/:id', sizes: PHONE }, // saved-replies

  // Entries: the list by role, its row menu and its dialogs.
  entries: { route: '/entries', sizes: BOTH }, // entries
  'entries, as sales': { route: '/entries', sizes: BOTH }, // entries
  "entries, a row's menu open": { route: '/entries', sizes: BOTH }, // console-layout
  'channel details': { route: '/entries', sizes: BOTH }, // entries
  'entry details': { route: '/entries', sizes: BOTH }, // entries
  'edit entry': { route: '/entries', sizes: BOTH }, // entries
  'follow-up': { route: '/entries', sizes: BOTH }, // entries
  'entry history': { route: '/entries', sizes: BOTH }, // entries

  // Approvals, roles.
  'approvals, employees': { route: '/approvals', sizes: BOTH }, // accounts
  roles: { route: '/departments', sizes: BOTH }, // accounts, shell
  'bulk assign': { route: '/departments', sizes: BOTH }, // accounts
  'delete role': { route: '/departments', sizes: BOTH }, // accounts

  // Templates, integrations, settings.
  templates: { route: '/templates', sizes: BOTH }, // admin-config
  'edit template': { route: '/templates', sizes: BOTH }, // admin-config
  'delete template': { route: '/templates', sizes: BOTH }, // admin-config
  integrations: { route: '/integrations', sizes: BOTH }, // admin-config
  'integrations, tests sent': { route: '/integrations', sizes: BOTH }, // admin-config
  'integrations, a field refused': { route: '/integrations', sizes: BOTH }, // admin-config
  settings: { route: '/settings', sizes: BOTH }, // admin-config
  'settings, saved': { route: '/settings', sizes: BOTH }, // admin-config

  // Broadcasts.
  'broadcast report': { route: '/broadcasts', sizes: BOTH }, // broadcasts
} as const satisfies Record<string, { route: string; sizes: readonly ViewportName[] }>;

export type ScannedState = keyof typeof SCANNED_STATES;

/** Whether `pathname` is on `route`, whose `:name` segments stand for any one segment. */
export function onRoute(pathname: string, route: string): boolean {
  if (route === '/') return pathname === '/';
  const want = route.split('/');
  const got = pathname.replace(/\/$/, '').split('/');
  return (
    want.length === got.length &&
    want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]))
  );
}

function viewportOf(page: Page): ViewportName {
  const size = page.viewportSize();
  const name = (Object.keys(VIEWPORTS) as ViewportName[]).find(
    (n) => VIEWPORTS[n].width === size?.width && VIEWPORTS[n].height === size?.height,
  );
  if (!name) throw new Error(`A page of ${JSON.stringify(size)} is none of the sizes scanned`);
  return name;
}

/**
 * Fails on serious or critical axe-core violations of the page as it is now, naming each one:
 * the first time in this run of the suite that `state` is reached at this size. Reached again
 * (by a later test or file of the same run), it is not scanned again: a scan costs the browser
 * up to seconds (docs/decisions/gate.md).
 *
 * axe-core goes into the page once per document and stays there for the next scans of it;
 * `resultTypes` keeps the node details of the violations only, which are all this reads. The
 * app draws no frames, so the page's own document is all there is to scan.
 */
export async function expectAccessible(page: Page, state: ScannedState): Promise<void> {
  const viewport = viewportOf(page);
  const { route, sizes } = SCANNED_STATES[state];
  const { pathname } = new URL(page.url());
  expect(onRoute(pathname, route), `"${state}" is on ${route}, not ${pathname}`).toBe(true);
  expect(
    sizes as readonly ViewportName[],
    `"${state}" at ${viewport} size: add the size to SCANNED_STATES`,
  ).toContain(viewport);
  const done = path.join(inject('axeScans'), encodeURIComponent(`${state}@${viewport}`));
  if (existsSync(done)) return;

  expect(page.frames(), 'axe scans the top document only').toHaveLength(1);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const serious = await page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  expect(serious, `axe on "${state}" at ${viewport} size`).toEqual([]);
  writeFileSync(done, '');
}
