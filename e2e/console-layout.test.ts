// The sales console read at a glance, in a real browser against the seeded local stack, at
// desktop and phone sizes: Customers and Entries lists start on the first screen without
// sideways scroll, cut values or emoji; a customer's page reached from the list, an entry or
// the global search shows their details and history and offers the actions; axe stays clean.
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserForFile,
  openPage,
  VIEWPORTS,
  type ViewportName,
} from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { countOnFirstScreen, expectReadableLayout } from './support/layout.ts';
import { filterBar, listCards, listRows, openList } from './support/lists.ts';
import { DEMO, signedInForFile } from './support/session.ts';

const launched = browserForFile();
const admin = signedInForFile(DEMO.admin);

const SLOW = 180_000;

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  const phone = viewport === 'phone';

  describe(`the console at ${viewport} size`, () => {
    it(
      'lists customers with the first rows on the first screen, Quick Add closed',
      async () => {
        const { context, page } = await openPage(launched.browser, viewport, admin);
        await openList(page, 'customers');
        // Quick Add waits behind its button (in More on a phone).
        expect(await page.getByRole('group', { name: 'Quick Add' }).count()).toBe(0);
        if (!phone)
          expect(
            await page
              .getByRole('button', { name: 'Quick Add', exact: true })
              .getAttribute('aria-expanded'),
          ).toBe('false');
        if (phone) {
          const cards = listCards(page, 'customers');
          expect(await countOnFirstScreen(cards, false)).toBeGreaterThanOrEqual(5);
          // Secondary buttons wait in the More menu.
          await page.getByRole('button', { name: 'More', exact: true }).click();
          for (const name of ['Import CSV', 'Export CSV', 'Refresh', 'Reset'])
            await page.getByRole('menuitem', { name, exact: true }).waitFor();
          await expectAccessible(page, 'customers, More menu open');
          await page.keyboard.press('Escape');
        } else {
          const rows = listRows(page, 'customers');
          // Rows of two lines (names and emails wrap rather than being cut): 8 whole.
          expect(await countOnFirstScreen(rows, true)).toBeGreaterThanOrEqual(8);
        }
        // Phones as people write them, never raw E.164.
        const phones = await page.locator('main a[href^="tel:"]').allTextContents();
        expect(phones.length).toBeGreaterThan(0);
        for (const text of phones) expect(text).toMatch(/^\+91 \d/);
        await expectReadableLayout(page);
        await expectAccessible(page, 'customers');
        await context.close();
      },
      SLOW,
    );

    it(
      'lists entries compactly, actions in a row menu and filters folded',
      async () => {
        const { context, page } = await openPage(launched.browser, viewport, admin);
        await openList(page, 'entries');
        if (phone) {
          const cards = listCards(page, 'entries');
          await cards.first().waitFor();
          expect(await countOnFirstScreen(cards, false)).toBeGreaterThanOrEqual(3);
        } else {
          const rows = listRows(page, 'entries');
          await rows.first().waitFor();
          expect(await countOnFirstScreen(rows, true)).toBeGreaterThanOrEqual(7);
        }
        await expectReadableLayout(page);

        // Filters: the search stays in view, the rest open under Filters, which counts them.
        const filters = filterBar(page);
        expect(await filters.getByRole('textbox', { name: 'Tag' }).isVisible()).toBe(false);
        await filters.getByRole('button', { name: /^Filters/ }).click();
        await filters.getByRole('textbox', { name: 'Tag' }).fill('zz-no-such-tag');
        await filters.getByRole('button', { name: /^Filters 1 active/ }).waitFor();
        await page.getByText('No entries found').waitFor();
        await filters.getByRole('textbox', { name: 'Tag' }).fill('');
        await filters.getByRole('button', { name: 'Filters', exact: true }).waitFor();
        await page.locator('main [aria-busy="false"]').first().waitFor();

        // The row menu holds the other actions under their agreed labels.
        const menuButton = page.getByRole('button', { name: /^More actions for / }).first();
        await menuButton.click();
        const menu = page.getByRole('menu');
        for (const name of ['History', 'Edit', 'Show details', 'Delete'])
          await menu.getByRole('menuitem', { name, exact: true }).waitFor();
        await expectAccessible(page, "entries, a row's menu open");
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
        expect(await menuButton.evaluate((b) => b === document.activeElement)).toBe(true);
        await menuButton.click();
        await menu.getByRole('menuitem', { name: 'History', exact: true }).click();
        await page.getByRole('dialog', { name: /^History – / }).waitFor();
        await page.keyboard.press('Escape');
        await context.close();
      },
      SLOW,
    );

    it(
      "opens a customer's page from the list, with details, history and actions",
      async () => {
        const { context, page } = await openPage(launched.browser, viewport, admin);
        await openList(page, 'customers');
        // A customer with history: the newest entry's (other tests add customers without any).
        const newest = await fetch(`${baseUrl()}/api/entries?limit=1`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        }).then(
          (res) =>
            res.json() as Promise<{
              items: { customerId: string; customer: { names: string[] } }[];
            }>,
        );
        const { customerId, customer } = newest.items[0]!;
        await filterBar(page).getByRole('searchbox', { name: 'Search' }).fill(customer.names[0]!);
        const first = page
          .locator(`main .first-value__text a[href="/customers/${customerId}"]`)
          .first();
        const name = (await first.textContent()) ?? '';
        await first.click();
        await page.waitForURL(/\/customers\/[^/]+$/);
        await page.getByRole('heading', { level: 1, name }).waitFor();

        const details = page.getByRole('region', { name: 'Details' });
        await details.waitFor();
        const phone = details.locator('a[href^="tel:"]').first();
        expect(await phone.textContent()).toMatch(/^\+91 \d{5} \d{5}$/);
        const e164 = (await phone.getAttribute('href'))?.replace('tel:', '') ?? '';
        expect(e164).toMatch(/^\+91\d{10}$/);
        const contact = page.getByRole('list', { name: 'Contact' });
        expect(await contact.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe(
          `tel:${e164}`,
        );
        // WhatsApp opens the conversation; wa.me stays as the link that says it is not recorded.
        expect(
          await contact.getByRole('link', { name: 'WhatsApp', exact: true }).getAttribute('href'),
        ).toBe('#conversation');
        expect(
          await contact.getByRole('link', { name: 'Open in WhatsApp' }).getAttribute('href'),
        ).toBe(`https://wa.me/${e164.slice(1)}`);

        const history = page.getByRole('region', { name: 'History' });
        await history.locator('.timeline__item').first().waitFor({ timeout: 30_000 });
        for (const action of ['Add Entry', 'Follow-up', 'Edit', 'Merge', 'Delete'])
          await page.getByRole('button', { name: action, exact: true }).first().waitFor();
        await expectReadableLayout(page);
        await expectAccessible(page, 'customer page');

        // Add Entry opens the entries feature's composer for this customer.
        await page.getByRole('button', { name: 'Add Entry', exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Add Entry' });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain(name);
        // Category, amount and process are under "More" (folded on a phone).
        const more = dialog.getByRole('button', { name: /^More/ });
        if ((await more.getAttribute('aria-expanded')) === 'false') await more.click();
        // The amount's error under it leaves Category and Process at their own height.
        const category = dialog.getByRole('combobox', { name: 'Category' });
        const before = (await category.boundingBox())?.height ?? 0;
        await dialog.getByRole('spinbutton', { name: 'Amount (₹)' }).fill('-5');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.getByText('Amount should be a positive number').waitFor();
        expect((await category.boundingBox())?.height).toBe(before);
        expect(
          (await dialog.getByRole('combobox', { name: 'Process' }).boundingBox())?.height,
        ).toBe(before);
        await page.keyboard.press('Escape');
        await context.close();
      },
      SLOW,
    );

    it(
      'shows the other screens without sideways scroll, cut values or emoji',
      async () => {
        const { context, page } = await openPage(launched.browser, viewport, admin);
        const screens: [string, RegExp][] = [
          ['/dashboard', /vs last month$/],
          ['/templates', /^No text templates$|^Add Template$/],
          ['/settings', /^Save All$/],
          ['/information', /^Monthly Entries$/],
        ];
        for (const [path, ready] of screens) {
          await page.goto(path);
          await page.getByText(ready).first().waitFor({ timeout: 90_000 });
          await expectReadableLayout(page);
        }
        // The Templates tab row (three tabs with counts) fits the screen.
        await page.goto('/templates');
        const tabs = page.getByRole('tablist', { name: 'Template types' });
        expect(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
        // Settings lists each admin number once, as people write it.
        await page.goto('/settings');
        const numbers = page.getByRole('list', { name: 'Admin numbers:' });
        const text = (await numbers.textContent()) ?? '';
        expect(text).toMatch(/^\+91 \d{5} \d{5}/);
        expect(await page.getByText(text.split(',')[0]).count()).toBe(1);
        await context.close();
      },
      SLOW,
    );

    it(
      "finds a customer with Ctrl-K or '/' and opens their page; entries link there too",
      async () => {
        const { context, page } = await openPage(launched.browser, viewport, admin);
        await openList(page, 'entries');
        const link = page.locator('main .entries-customer a').first();
        const name = (await link.textContent()) ?? '';
        await link.click();
        await page.waitForURL(/\/customers\/[^/]+$/);
        await page.getByRole('heading', { level: 1, name }).waitFor();
        const customerUrl = page.url();

        await page.goto('/dashboard');
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
        await page.keyboard.press('Control+k');
        let search = page.getByRole('dialog', { name: 'Search customers' });
        await search.waitFor();
        await page.keyboard.press('Escape');
        await search.waitFor({ state: 'detached' });
        await page.keyboard.press('/');
        search = page.getByRole('dialog', { name: 'Search customers' });
        await search.getByRole('combobox').fill(name.split(' ')[0]);
        await search
          .getByRole('option', { name: new RegExp(name) })
          .first()
          .waitFor();
        await expectAccessible(page, 'customer search open');
        await search
          .getByRole('option', { name: new RegExp(name) })
          .first()
          .click();
        await page.waitForURL((url) => url.pathname.startsWith('/customers/'));
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (page.url() === customerUrl) await page.getByRole('heading', { name }).waitFor();
        await context.close();
      },
      SLOW,
    );
  });
}
