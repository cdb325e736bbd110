import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { baseUrl } from './browser.ts';

/** The seeded demo accounts (tools/stack/seed.ts). */
export const DEMO = {
  admin: { email: 'admin@demo-crm.local', password: 'admin-demo-123' },
  sales: { email: 'sales@demo-crm.local', password: 'sales-demo-123' },
  accounts: { email: 'accounts@demo-crm.local', password: 'accounts-demo-123' },
} as const;

/** Signs in through the real API and returns what the browser would store. */
export async function apiSignIn(account: {
  email: string;
  password: string;
}): Promise<{ token: string; role: string; permissions: string[] }> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok)
    throw new Error(`Sign-in of ${account.email} failed: ${res.status} ${await res.text()}`);
  const { token, role, permissions } = (await res.json()) as {
    token: string;
    role: string;
    permissions: string[];
  };
  return { token, role, permissions };
}

/**
 * The session of `account` for the test file that calls this at its top level, signed in before
 * the file's tests (and before the file's own beforeAll hooks declared after the call).
 */
export function signedInForFile(account: { email: string; password: string }): {
  readonly token: string;
  readonly role: string;
  readonly permissions: string[];
} {
  const session = { token: '', role: '', permissions: [] as string[] };
  beforeAll(async () => {
    Object.assign(session, await apiSignIn(account));
  });
  return session;
}

/** POSTs `body` as JSON to /api`path` (with the Bearer token if given); expects a 2xx. */
export async function apiPost<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(res.ok, `${path} answered ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** Signs in through the real Login → Password form and waits for the app to open. */
export async function signInThroughForm(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.locator('input[autocomplete="current-password"]').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Calls /api`path` with the Bearer token: a FormData body goes as it is, any other as JSON.
 * Expects a 2xx; returns the JSON answer (undefined for an empty one).
 */
export async function apiCall<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined
        ? {}
        : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}
