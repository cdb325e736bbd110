// The Customers screen in a real browser against the local stack, at desktop and phone sizes,
// with axe: signed in as the seeded admin, add, edit, search by part of a phone, filter, sort,
// merge with its preview, import a CSV with bad rows and read the report, export.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openPage, VIEWPORTS, type ViewportName } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { DEFAULT_TIME_ZONE } from '../functions/src/app/testing.ts';
import { filterBar, listCards, listRows, openList } from './support/lists.ts';
import { apiPost, DEMO, signedInForFile } from './support/session.ts';
import { toast, toasts } from './support/toast.ts';

const launched = browserForFile();
// One session for the file: the sign-in form has tests of its own (accounts, shell).
const admin = signedInForFile(DEMO.admin);

/** A page at `viewport` size signed in as the seeded admin, on /customers. */
async function openCustomers(
  viewport: ViewportName,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(launched.browser, viewport, admin);
  await openList(opened.page, 'customers');
  await opened.page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
  return opened;
}

async function createCustomer(token: string, body: Record<string, unknown>): Promise<void> {
  await apiPost('/customers', { categories: [], potential: '', note: '', ...body }, token);
}

/** Opens the folded filters (categories, potential, dates, sort) when they are closed. */
async function openFilters(page: Page): Promise<void> {
  const toggle = filterBar(page).getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/**
 * A header action: Reset and Refresh are buttons on the filter bar on wide screens; the others,
 * and all of them on phones, are in the More menu.
 */
async function headerAction(page: Page, viewport: ViewportName, name: string): Promise<void> {
  if (viewport === 'desktop' && (name === 'Reset' || name === 'Refresh')) {
    await page.getByRole('button', { name, exact: true }).click();
    return;
  }
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The rows (table) or cards on screen. */
function listItems(page: Page, viewport: ViewportName): Locator {
  return viewport === 'desktop' ? listRows(page, 'customers') : listCards(page, 'customers');
}

async function search(page: Page, text: string): Promise<void> {
  const done = page.waitForResponse(
    (res) =>
      new URL(res.url()).pathname === '/api/customers' &&
      new URL(res.url()).searchParams.get('q') === text,
  );
  await filterBar(page).getByRole('searchbox', { name: 'Search' }).fill(text);
  await done;
}

/** Two digits per run, so the phones of the two sizes never clash. */
const SIZE_DIGIT = { desktop: '1', phone: '2' } as const;

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`customers at ${viewport} size`, () => {
    const d = SIZE_DIGIT[viewport];
    const tag = `${viewport === 'desktop' ? 'Desk' : 'Mobi'}${Date.now().toString(36)}`;

    const SLOW = 180_000;

    it(
      'adds, edits, searches by part of a phone, filters and sorts',
      async () => {
        const { context, page } = await openCustomers(viewport);
        expect(
          await page
            .getByText(/^Your role:/)
            .locator('..')
            .textContent(),
        ).toContain('admin');
        await expect(listItems(page, viewport).count()).resolves.toBeGreaterThan(0);
        if (viewport === 'phone') {
          // Cards below 768 px; the table above.
          expect(await page.getByRole('table').count()).toBe(0);
        } else {
          expect(await page.getByRole('table').count()).toBe(1);
        }
        await expectAccessible(page, 'customers');

        // Add, with the validation message first.
        const addButton =
          viewport === 'phone'
            ? page.getByRole('button', { name: 'New customer' })
            : page.getByRole('button', { name: 'Add Customer' });
        await addButton.click();
        const add = page.getByRole('dialog', { name: 'Add Customer' });
        await add.getByRole('button', { name: 'Add Customer' }).click();
        await add.getByText('Please add at least a name/phone/email').waitFor();
        await add.getByRole('textbox', { name: 'Name 1' }).fill(`Anita ${tag}`);
        await add.getByRole('textbox', { name: 'Phone 1' }).fill(`+91 98${d}55 0${d}234`);
        await add.getByRole('textbox', { name: 'Email 1' }).fill(`anita.${tag}@example.in`);
        await add.getByRole('button', { name: /^Categories/ }).click();
        await add.getByRole('checkbox', { name: 'PHE' }).check();
        await add.getByRole('checkbox', { name: 'SS TANK' }).check();
        await add.getByRole('button', { name: 'Done' }).click();
        await expectAccessible(page, 'add customer');
        await add.getByRole('button', { name: 'Add Customer' }).click();
        await toast(page, 'Customer added');
        await add.waitFor({ state: 'detached' });
        if (viewport === 'phone') {
          // The toast comes above the New customer button, not over it.
          const fab = (await addButton.boundingBox())!;
          const onTop = await page.evaluate(
            ([x, y]) => document.elementFromPoint(x, y)?.closest('.customers-fab') !== null,
            [fab.x + fab.width / 2, fab.y + fab.height / 2],
          );
          expect(onTop).toBe(true);
          await toasts(page).getByText('Customer added').waitFor();
        }

        // Search by part of the phone.
        await search(page, `${d}550${d}23`);
        await expect.poll(() => listItems(page, viewport).count(), { timeout: 10_000 }).toBe(1);
        expect(await listItems(page, viewport).first().textContent()).toContain(`Anita ${tag}`);

        // Edit: potential and a second phone.
        await page.getByRole('button', { name: `More actions for Anita ${tag}` }).click();
        await page.getByRole('menuitem', { name: `Edit Anita ${tag}` }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Customer' });
        expect(await edit.getByRole('textbox', { name: 'Phone 1' }).inputValue()).toBe(
          `+9198${d}550${d}234`,
        );
        await edit.getByRole('combobox', { name: 'Potential' }).selectOption('VIP');
        await edit.getByRole('button', { name: '+ Add phone' }).click();
        await edit.getByRole('textbox', { name: 'Phone 2' }).fill(`98${d}55 0${d}999`);
        await edit.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'Customer updated');
        await expect.poll(() => listItems(page, viewport).first().textContent()).toContain('VIP');

        // Filters: categories (all must match), potential, created today.
        await search(page, tag.toLowerCase());
        await openFilters(page);
        await filterBar(page)
          .getByRole('button', { name: /^Categories/ })
          .click();
        await filterBar(page).getByRole('checkbox', { name: 'PHE' }).check();
        await filterBar(page).getByRole('checkbox', { name: 'SS TANK' }).check();
        await filterBar(page).getByRole('checkbox', { name: 'PP' }).check();
        await page.keyboard.press('Escape');
        expect(
          await filterBar(page)
            .getByRole('button', { name: /^Categories/ })
            .textContent(),
        ).toContain('PHE, SS TANK +1');
        await page.getByText('No customers').waitFor();
        await filterBar(page)
          .getByRole('button', { name: /^Categories/ })
          .click();
        await filterBar(page).getByRole('checkbox', { name: 'PP' }).uncheck();
        await page.keyboard.press('Escape');
        await filterBar(page).getByRole('combobox', { name: 'Potential' }).selectOption('VIP');
        // Today as the server counts days: in the company's time zone, not the machine's.
        const today = new Date().toLocaleDateString('en-CA', {
          timeZone: process.env.COMPANY_TIME_ZONE || DEFAULT_TIME_ZONE,
        });
        await filterBar(page).getByLabel('Created from').fill(today);
        await filterBar(page).getByLabel('Created to').fill(today);
        await expect.poll(() => listItems(page, viewport).count(), { timeout: 10_000 }).toBe(1);
        await filterBar(page).getByRole('combobox', { name: 'Potential' }).selectOption('COLD');
        await page.getByText('No customers').waitFor();

        // Sort: newest first by default, then by name both ways.
        await headerAction(page, viewport, 'Reset');
        await page.getByText(/^\d+ customers$/).waitFor();
        const names = () =>
          listItems(page, viewport).evaluateAll((items) =>
            items.map((item) =>
              (item.querySelector('.first-value__text')?.textContent ?? '').toLowerCase(),
            ),
          );
        const sorted = (list: string[], dir: 1 | -1) =>
          list.every((v, i) => i === 0 || dir * list[i - 1].localeCompare(v) <= 0);
        if (viewport === 'desktop') {
          expect(
            await page.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort'),
          ).toBe('descending');
          const nameHeader = page.getByRole('columnheader', { name: /^Name/ });
          await nameHeader.getByRole('button').click();
          await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
          await expect.poll(async () => sorted(await names(), 1)).toBe(true);
          await nameHeader.getByRole('button').focus();
          await page.keyboard.press('Enter');
          await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
          await expect.poll(async () => sorted(await names(), -1)).toBe(true);
        } else {
          await openFilters(page);
          await filterBar(page).getByRole('combobox', { name: 'Sort by' }).selectOption('name');
          await expect.poll(async () => sorted(await names(), 1)).toBe(true);
          await filterBar(page)
            .getByRole('button', { name: /Sort direction/ })
            .click();
          await expect.poll(async () => sorted(await names(), -1)).toBe(true);
        }
        await expectAccessible(page, 'customers, filters open');
        await context.close();
      },
      SLOW,
    );

    it(
      'merges two customers after previewing the result',
      async () => {
        const { context, page } = await openCustomers(viewport);
        const { token } = admin;
        await createCustomer(token, {
          names: [`Merge ${tag} One`],
          phones: [`+9197${d}0011223`],
          emails: [`one.${tag}@example.in`],
          categories: ['PHE'],
          potential: 'WARM',
          note: 'First note',
        });
        await createCustomer(token, {
          names: [`Merge ${tag} Two`],
          phones: [`+9197${d}0044556`],
          categories: ['PP'],
          potential: 'HOT',
          note: 'Second note',
        });
        await headerAction(page, viewport, 'Refresh');
        await search(page, `merge ${tag}`.toLowerCase());
        await expect.poll(() => listItems(page, viewport).count(), { timeout: 10_000 }).toBe(2);

        await page.getByRole('checkbox', { name: `Select Merge ${tag} One` }).check();
        expect(await page.getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
        await page.getByRole('checkbox', { name: `Select Merge ${tag} Two` }).check();
        await page.getByText('2 selected').waitFor();
        await page.getByRole('button', { name: 'Merge', exact: true }).click();

        const dialog = page.getByRole('dialog', { name: 'Merge Customers' });
        await dialog.getByRole('radio', { name: new RegExp(`Merge ${tag} One`) }).check();
        const preview = dialog.getByRole('region', { name: 'Merged result' });
        const text = await preview.textContent();
        expect(text).toContain(`Merge ${tag} One, Merge ${tag} Two`);
        expect(text).toContain(`+9197${d}0011223, +9197${d}0044556`);
        expect(text).toContain('PHE, PP');
        expect(text).toContain('HOT');
        expect(text).toContain(`Merge ${tag} Two will be removed.`);
        await expectAccessible(page, 'merge customers');
        await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
        await toast(page, 'Customers merged');
        await expect.poll(() => listItems(page, viewport).count(), { timeout: 10_000 }).toBe(1);
        const merged = await listItems(page, viewport).first().textContent();
        expect(merged).toContain(`Merge ${tag} One`);
        expect(merged).toContain('HOT');
        await context.close();
      },
      SLOW,
    );

    it(
      'imports a CSV with bad rows, shows the report, and exports',
      async () => {
        const { context, page } = await openCustomers(viewport);

        await headerAction(page, viewport, 'Import CSV');
        const dialog = page.getByRole('dialog', { name: 'Import CSV' });
        const csv = [
          'names,phones,emails,categories,potential,note',
          `Import ${tag} A,+9196${d}0000001,a.${tag}@example.in,PHE,HOT,first`,
          ',,,PHE,,no identity',
          `Import ${tag} B,+9196${d}0000002,b.${tag}@example.in,PP,COLD,second`,
          `Import ${tag} C,12ab,not-an-email,PP,,bad values`,
        ].join('\r\n');
        await dialog.getByLabel('CSV file').setInputFiles({
          name: 'customers.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(csv),
        });
        await dialog.getByRole('button', { name: 'Import' }).click();
        const report = dialog.getByRole('region', { name: 'Import report' });
        await report.waitFor({ timeout: 20_000 });
        // Two of four rows failed: the toast says so, the report stays open.
        await toast(page, 'Imported 2 of 4; 2 failed');
        const count = async (label: string) =>
          Number(await report.locator('dt', { hasText: label }).locator('+ dd').textContent());
        expect(await count('Created')).toBe(2);
        expect(await count('Errors')).toBe(2);
        const errorRows = report.getByRole('row');
        await expect.poll(() => errorRows.count()).toBe(3);
        expect(await errorRows.nth(1).textContent()).toMatch(/^3/);
        expect(await errorRows.nth(2).textContent()).toMatch(/^5/);
        await expectAccessible(page, 'import report');

        const errorsDownload = page.waitForEvent('download');
        await report.getByRole('button', { name: 'Download error rows (CSV)' }).click();
        const errorsFile = await errorsDownload;
        expect(errorsFile.suggestedFilename()).toMatch(/^customers_import_errors_.+\.csv$/);
        const errorsCsv = await readFile(await errorsFile.path(), 'utf8');
        expect(errorsCsv).toContain('line,message,row');
        expect(errorsCsv).toContain(`Import ${tag} C,12ab`);
        await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

        // The list reloaded with the imported customers.
        await search(page, `import ${tag}`.toLowerCase());
        await expect.poll(() => listItems(page, viewport).count(), { timeout: 10_000 }).toBe(2);

        const download = page.waitForEvent('download');
        await headerAction(page, viewport, 'Export CSV');
        const file = await download;
        await toast(page, 'CSV exported');
        expect(file.suggestedFilename()).toMatch(/^customers_\d{4}-\d{2}-\d{2}\.csv$/);
        const exported = await readFile(await file.path(), 'utf8');
        expect(exported).toContain(`Import ${tag} A`);
        expect(exported).toContain(`Import ${tag} B`);
        expect(exported).not.toContain('Met at the Pune dairy expo');
        await context.close();
      },
      SLOW,
    );
  });
}
