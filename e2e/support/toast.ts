import type { Locator, Page } from 'playwright-core';

/** The page's status messages: the region the app's toasts appear in. */
export const toasts = (page: Page): Locator =>
  page.getByRole('region', { name: 'Status messages' });

/**
 * Waits for a toast whose message holds `message` (a RegExp: matches it; the first if several
 * do). `timeout` for what the server takes its time over: a send, a live notice.
 */
export async function toast(page: Page, message: string | RegExp, timeout?: number) {
  await toasts(page).locator('.toast__message', { hasText: message }).first().waitFor({ timeout });
}
