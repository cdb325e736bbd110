// The Customers and Entries lists as the browser tests open and find them: the screen once its
// count is in, the table's rows, the phone's cards and the filter bar above them.
import type { Locator, Page } from 'playwright-core';

export type ListName = 'customers' | 'entries';

/** Each list's count once its first page is in, its table's rows and its cards' list. */
const LISTS = {
  customers: {
    loaded: /^\d+ customers$/,
    rows: 'table.customers-table tbody tr:not([aria-hidden])',
    cards: 'Customers',
  },
  entries: { loaded: /^Total: \d+$/, rows: 'table.entries-table tbody tr', cards: 'Entries' },
} as const;

/**
 * Opens Customers or Entries and waits for its count. The first list of a fresh stack waits for
 * the functions emulator to warm up.
 */
export async function openList(page: Page, list: ListName): Promise<void> {
  await page.goto(`/${list}`);
  await page.getByText(LISTS[list].loaded).waitFor({ timeout: 90_000 });
}

/** The list's table rows (the wide layout). */
export const listRows = (page: Page, list: ListName): Locator => page.locator(LISTS[list].rows);

/** The list's cards (the phone layout). */
export const listCards = (page: Page, list: ListName): Locator =>
  page.getByRole('list', { name: LISTS[list].cards }).getByRole('listitem');

/** The search box and filters above a list. */
export const filterBar = (page: Page): Locator =>
  page.getByRole('region', { name: 'Search and filters' });
