// The Dashboard and Information pages in a real browser against the local stack, at desktop and
// phone sizes, with axe: the cards and charts render from the seeded demo company, and an admin
// watching the dashboard gets a toast for a notification written while the page is open, and
// for an entry created meanwhile, whose counters change on the cards without a reload.
import { beforeAll, describe, expect, it } from 'vitest';
import { addNotification, FOR_ADMINS } from '../functions/src/app/testing.ts';
import {
  baseUrl,
  browserForFile,
  openPage,
  VIEWPORTS,
  type ViewportName,
} from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { DEMO, signedInForFile } from './support/session.ts';
import { firestore } from './support/firestore.ts';
import { toast } from './support/toast.ts';

const launched = browserForFile();
const admin = signedInForFile(DEMO.admin);

beforeAll(async () => {
  // Warm the api function's workers (the first calls of a fresh emulator are slow).
  await fetch(`${baseUrl()}/api/overview`, { headers: { Authorization: `Bearer ${admin.token}` } });
});

async function createEntry(token: string, description: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const customers = (await (await fetch(`${baseUrl()}/api/customers`, { headers })).json()) as {
    _id: string;
  }[];
  const res = await fetch(`${baseUrl()}/api/entries`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ customerId: customers[0]!._id, description }),
  });
  if (res.status !== 201) throw new Error(`Entry not created: ${res.status} ${await res.text()}`);
}

async function sourceCount(collection: string): Promise<number> {
  return (await firestore().collection(collection).count().get()).data().count;
}

/** A count as the cards show it (en-IN digit grouping). */
const shown = (count: number) => count.toLocaleString('en-IN');

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('Dashboard (%s)', (viewport) => {
  it(
    'renders the cards and charts, toasts a new notification, and a new entry moves the counters',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await openPage(launched.browser, viewport, admin);
      try {
        await page.goto('/dashboard');
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
        const cards = page.getByRole('list', { name: 'Totals' });
        await cards.waitFor({ timeout: 90_000 });
        // The cards' labels come at once; their figures once the page's one call answered.
        await page
          .getByRole('status', { name: 'Loading dashboard' })
          .waitFor({ state: 'detached', timeout: 90_000 });
        for (const label of [
          'Total Customers',
          'Total Entries',
          'Confirmed Orders',
          'Pending Approvals',
        ])
          await expect(cards.getByText(label, { exact: true }).count()).resolves.toBe(1);
        await expect(cards.getByText(/vs last month/).count()).resolves.toBe(1);
        // The cards equal a count of the source documents (other test files add customers and
        // entries to the shared stack; the counters move with every write).
        const cardValues = () => cards.locator('.dash-card__value').allTextContents();
        const values = await cardValues();
        const [customers, entries] = await Promise.all([
          sourceCount('customers'),
          sourceCount('entries'),
        ]);
        expect(values[0]).toBe(shown(customers));
        expect(values[1]).toBe(shown(entries));
        // Charts (SVG, their code loaded alongside the page) each have a text alternative.
        await page
          .getByRole('table', { name: 'Entries per day, last 30 days' })
          .waitFor({ state: 'attached' });
        await page
          .getByRole('table', { name: 'Entries by channel' })
          .waitFor({ state: 'attached' });
        await page.locator('.dash-chart svg').first().waitFor();
        expect(await page.locator('.dash-chart svg').count()).toBeGreaterThanOrEqual(2);
        // Counts by category, employee and stage are bars with each name whole.
        for (const name of ['Entries by category', 'Entries by employee', 'Sales funnel'])
          await page.getByRole('list', { name }).getByRole('listitem').first().waitFor();
        await expectAccessible(page, 'dashboard');

        // A notification written while the page is open arrives as a toast and in the panel.
        const title = `Dashboard e2e ${viewport} ${Date.now()}`;
        // Through the product's own writer (its feeds too): the stream delivers it, or, when
        // the stream is between two connections, the 15 s poll of /notifications/latest.
        const batch = firestore().batch();
        addNotification(batch, {
          to: FOR_ADMINS,
          type: 'entry.pending',
          title,
          message: 'Written by the browser test',
        });
        await batch.commit();
        await toast(page, title, 25_000);
        const bell = page.getByRole('button', { name: /^Notifications/ });
        await expect(bell.getAttribute('aria-label')).resolves.toMatch(/unread/);
        await bell.click();
        await page.getByRole('region', { name: 'Live Notifications' }).getByText(title).waitFor();
        await expect(bell.getAttribute('aria-label')).resolves.toBe('Notifications');
        await expectAccessible(page, 'dashboard, notifications open');

        // An entry created meanwhile (here through the API): its toast, and the Total Entries
        // and Pending Approvals cards move by one without a reload.
        const navigations: string[] = [];
        page.on('framenavigated', (frame) => navigations.push(frame.url()));
        await createEntry(admin.token, `Dashboard e2e entry ${viewport}`);
        await toast(page, 'New pending entry', 25_000);
        const want = [values[0], shown(entries + 1), values[2], String(Number(values[3]) + 1)];
        await expect.poll(cardValues, { timeout: 20_000, interval: 500 }).toEqual(want);
        expect(navigations).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('the Information page charts Monthly Entries', { timeout: 120_000 }, async () => {
    const { context, page } = await openPage(launched.browser, viewport, admin);
    try {
      await page.goto('/information');
      await page.getByRole('heading', { level: 2, name: 'Monthly Entries' }).waitFor();
      await page.getByRole('table', { name: 'Entries per month' }).waitFor({ state: 'attached' });
      await page.locator('table tbody th').first().waitFor({ state: 'attached', timeout: 60_000 });
      const labels = await page.locator('table tbody th').allTextContents();
      expect(labels.length).toBeGreaterThan(0);
      // The month in words and the two-digit year ("Sep '26"), not 9/26, read as a date in India.
      for (const label of labels) expect(label).toMatch(/^[A-Z][a-z]{2} '\d{2}$/);
      await page.locator('.info-chart svg').first().waitFor();
      await expectAccessible(page, 'information');
    } finally {
      await context.close();
    }
  });
});
