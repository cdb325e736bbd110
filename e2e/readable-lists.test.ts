// The lists read whole, measured in a real browser against the seeded stack: at 1280x800 the
// first 7 Entries and Customers rows show the day and time, the customer's name and first phone,
// the amount and at least 60 characters of the description uncut; at 390x844 3 entries and 5
// customers start on the first screen and nothing spills out of its box.
import { beforeAll, describe, expect, it } from 'vitest';
import { browserForFile, openPage } from './support/browser.ts';
import { countOnFirstScreen, expectReadableLayout } from './support/layout.ts';
import { filterBar, listCards, listRows, openList } from './support/lists.ts';
import {
  isWhole,
  lineBreaks,
  placeholderFits,
  spilling,
  visibleCharacters,
} from './support/measure.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';

type Session = { token: string; role: string };
type ListedEntry = {
  _id: string;
  description: string;
  amount: number;
  attachments: unknown[];
  employee: { name?: string } | null;
  customer: { names: string[]; phones: string[] };
};

const SLOW = 180_000;
const LONG_EMAIL = 'purchase.head@shree-ganesh-dairy-equipments.co.in';
const LONG_DESCRIPTION =
  'Quotation for a 5,000 litre SS304 bulk milk cooler with a 3-phase compressor, delivery to the Anand plant by the end of the month';

const launched = browserForFile();
let admin: Session;
let customerId = '';

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(admin.token, method, path, body);

beforeAll(async () => {
  admin = await apiSignIn(DEMO.admin);
  // A customer with a long email and the newest entry: a long description, a file, both
  // channels (their window is closed: they never wrote).
  const customer = await call<{ _id: string }>('POST', '/customers?force=true', {
    names: ['Shree Ganesh Dairy'],
    phones: ['+91 98765 10025'],
    emails: [LONG_EMAIL],
    categories: ['PHE'],
    potential: 'HOT',
    note: '',
  });
  customerId = customer._id;
  const form = new FormData();
  form.append(
    'files',
    new Blob(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], { type: 'application/pdf' }),
    'quote.pdf',
  );
  const { files } = await call<{ files: unknown[] }>('POST', '/uploads', form);
  await call('POST', '/entries', {
    customer: customerId,
    description: LONG_DESCRIPTION,
    tags: ['e2e-readable'],
    attachments: files,
    category: 'PHE',
    amount: 492314,
    process: 'Quotation',
    whatsapp: { body: 'Your quotation is ready' },
    email: { subject: 'Your quotation', body: 'Please find the quotation attached.' },
  });
});

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

describe('at 1280x800', () => {
  it(
    'the first 7 entries show day and time, name, first phone, amount and 60+ characters of the description whole',
    async () => {
      const { context, page } = await openPage(launched.browser, 'desktop', admin);
      await openList(page, 'entries');
      const { items } = await call<{ items: ListedEntry[] }>('GET', '/entries?limit=7');
      const rows = listRows(page, 'entries');
      expect(await countOnFirstScreen(rows, true)).toBeGreaterThanOrEqual(7);
      for (const [i, entry] of items.entries()) {
        const row = rows.nth(i);
        const when = row.locator('.entries-when');
        expect(await when.textContent()).toMatch(
          /^\d{1,2} [A-Z][a-z]{2}( \d{4})? \d{1,2}:\d{2} [ap]m$/,
        );
        expect(await isWhole(when)).toBe(true);
        const name = row.locator('.entries-customer a');
        expect(await name.textContent()).toBe(entry.customer.names[0]);
        expect(await isWhole(name)).toBe(true);
        const phone = row.locator('.entries-contact a');
        expect(await phone.textContent()).toMatch(/^\+91 \d{5} \d{5}$/);
        expect(await isWhole(phone)).toBe(true);
        const amount = row.locator('.entries-amount');
        expect(await amount.textContent()).toBe(entry.amount ? rupees.format(entry.amount) : '—');
        expect(await isWhole(amount)).toBe(true);
        const description = row.locator('.entries-description');
        expect(await description.textContent()).toBe(entry.description);
        expect(await visibleCharacters(description)).toBeGreaterThanOrEqual(
          Math.min(60, entry.description.length),
        );
        // The employee reads as text; files show as a count only when there are some.
        expect(await row.getByRole('combobox').count()).toBe(0);
        const employee = row.locator('.entries-employee');
        expect(await employee.textContent()).toBe(entry.employee?.name || 'Unassigned');
        expect(await isWhole(employee)).toBe(true);
        const files = row.locator('.entries-files-summary summary');
        if (entry.attachments.length === 0) expect(await files.count()).toBe(0);
        else expect(await files.textContent()).toMatch(new RegExp(`^${entry.attachments.length}`));
      }
      await expectReadableLayout(page);
      await context.close();
    },
    SLOW,
  );

  it(
    "reassigns an entry's employee from the row's menu",
    async () => {
      const { context, page } = await openPage(launched.browser, 'desktop', admin);
      await openList(page, 'entries');
      const row = listRows(page, 'entries').first();
      const before = (await row.locator('.entries-employee').textContent()) ?? '';
      await row.getByRole('button', { name: /^More actions for / }).click();
      await page.getByRole('menuitem', { name: 'Assign employee', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: /^Assign employee – / });
      const select = dialog.getByRole('combobox', { name: 'Employee' });
      const options = await select.locator('option').allTextContents();
      const other = options.find((o) => o !== before && o !== 'Unassigned') ?? 'Unassigned';
      await select.selectOption({ label: other });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.locator('.entries-employee', { hasText: other }).waitFor();
      await context.close();
    },
    SLOW,
  );

  it(
    'the first 7 customers show name, first phone and email whole',
    async () => {
      const { context, page } = await openPage(launched.browser, 'desktop', admin);
      await openList(page, 'customers');
      const rows = listRows(page, 'customers');
      expect(await countOnFirstScreen(rows, true)).toBeGreaterThanOrEqual(7);
      for (let i = 0; i < 7; i++) {
        const row = rows.nth(i);
        for (const link of [
          row.locator('a[href^="/customers/"]'),
          row.locator('a[href^="tel:"]'),
        ]) {
          if ((await link.count()) === 0) continue;
          expect(await isWhole(link.first()), (await link.first().textContent()) ?? '').toBe(true);
        }
        // An email wraps to a second line; one too long even for two is cut, and its cell
        // carries it whole for hover and focus (expectReadableLayout checks the focus tip).
        const email = row.locator('a[href^="mailto:"]');
        if (await email.count()) {
          const address = (await email.getAttribute('href'))!.replace('mailto:', '');
          if (address.length <= 40) expect(await isWhole(email), address).toBe(true);
          else expect(await email.locator('..').getAttribute('title')).toContain(address);
        }
        const phone = row.locator('a[href^="tel:"]');
        if (await phone.count()) expect(await phone.textContent()).toMatch(/^\+91 \d{5} \d{5}$/);
      }
      await expectReadableLayout(page);
      await context.close();
    },
    SLOW,
  );

  it(
    'Entries with From after To says so next to the dates and counts nothing, like Customers',
    async () => {
      const { context, page } = await openPage(launched.browser, 'desktop', admin);
      await openList(page, 'entries');
      const filters = filterBar(page);
      await filters.getByRole('button', { name: /^Filters/ }).click();
      await filters.getByLabel('From').fill('2026-11-20');
      await filters.getByLabel('To').fill('2026-11-01');
      const note = filters.getByText('The From date is after the To date, so no entry matches.');
      await note.waitFor();
      expect(await filters.getByLabel('To').getAttribute('aria-describedby')).toBe(
        await note.getAttribute('id'),
      );
      await page.getByText('Total: 0', { exact: true }).waitFor();
      await page.getByText('Confirmed: 0', { exact: true }).waitFor();
      await page.getByText('No entries found').waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      await context.close();
    },
    SLOW,
  );
});

describe('at 390x844', () => {
  it(
    'shows 3 entries and 5 customers on the first screen, the header on one line',
    async () => {
      const { context, page } = await openPage(launched.browser, 'phone', admin);
      await openList(page, 'entries');
      const cards = listCards(page, 'entries');
      await cards.first().waitFor();
      expect(await countOnFirstScreen(cards, false)).toBeGreaterThanOrEqual(3);
      expect(await spilling(page.locator('main'))).toEqual([]);
      // The employee reads whole as text, never a cut select.
      const employee = cards.first().locator('.entries-employee');
      expect(await isWhole(employee)).toBe(true);
      expect(await cards.first().getByRole('combobox').count()).toBe(0);
      await expectReadableLayout(page);
      // The role sits on one line in the header.
      const role = page.locator('.topbar__role');
      const lineHeight = await role.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await role.boundingBox())?.height ?? 99).toBeLessThan(lineHeight * 1.5);
      expect(await role.textContent()).toBe('Role: admin');

      await openList(page, 'customers');
      const customers = listCards(page, 'customers');
      await customers.first().waitFor();
      expect(await countOnFirstScreen(customers, false)).toBeGreaterThanOrEqual(5);
      expect(await spilling(page.locator('main'))).toEqual([]);
      await expectReadableLayout(page);
      await context.close();
    },
    SLOW,
  );

  it(
    "keeps Add Entry's channel fields, Channel Details and the customer page's email inside their boxes",
    async () => {
      const { context, page } = await openPage(launched.browser, 'phone', admin);
      await page.goto(`/customers/${customerId}`);
      await page.getByRole('heading', { level: 1, name: 'Shree Ganesh Dairy' }).waitFor({
        timeout: 90_000,
      });
      // The email breaks after its '@', never inside a word.
      const email = page
        .getByRole('region', { name: 'Details' })
        .locator(`a[href="mailto:${LONG_EMAIL}"]`);
      const { text, breaks } = await lineBreaks(email);
      expect(text).toBe(LONG_EMAIL);
      // Lines break after the '@' (or a hyphen), never inside a word ('example.i / n').
      for (const at of breaks) expect(['@', '-']).toContain(text[at - 1]);
      expect(await spilling(page.getByRole('region', { name: 'Details' }))).toEqual([]);

      await page.getByRole('button', { name: 'Add Entry', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Entry' });
      await dialog.waitFor();
      for (const name of ['WhatsApp', 'Email']) {
        const channel = dialog.getByRole('switch', { name });
        if (!(await channel.isChecked())) await channel.check();
      }
      // The closed window's preview; the number, as people write it, once on its switch's row
      // (the phone's folded dialog leaves it out of the preview).
      const preview = dialog.getByRole('region', { name: 'WhatsApp preview' });
      await preview.getByText('Closed: needs an approved template').waitFor({ timeout: 30_000 });
      await dialog.getByText('To: +91 98765 10025').waitFor();
      expect(await spilling(dialog)).toEqual([]);
      await page.keyboard.press('Escape');

      await openList(page, 'entries');
      const card = listCards(page, 'entries').first();
      await card.getByRole('button', { name: /channel details/ }).click();
      const channels = page.getByRole('dialog', { name: 'Channel Details' });
      await channels.getByText('+91 98765 10025').first().waitFor();
      expect(await spilling(channels)).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    "shows the Approvals search placeholders whole and each pending entry's amount, date, owner and what was sent",
    async () => {
      const { context, page } = await openPage(launched.browser, 'phone', admin);
      await page.goto('/approvals');
      const search = page.getByRole('searchbox', { name: /^Search pending entries/ });
      await search.waitFor({ timeout: 90_000 });
      expect(await placeholderFits(search)).toBe(true);
      const card = page.locator('.ui-card', { hasText: 'Shree Ganesh Dairy' }).first();
      await card.waitFor();
      const text = (await card.textContent()) ?? '';
      expect(text).toContain('₹4,92,314');
      expect(text).toMatch(/Date\d{1,2} [A-Z][a-z]{2}/);
      const pending = await call<{ _id: string; owner: string; customer: { names: string[] } }[]>(
        'GET',
        '/admin/entries/pending',
      );
      const owner = pending.find((p) => p.customer.names[0] === 'Shree Ganesh Dairy')?.owner;
      expect(owner).toMatch(/\w/);
      expect(text).toContain(`Owner${owner}`);
      expect(text).toMatch(/WhatsApp · \w+ · \+91 98765 10025/);
      expect(text).toContain(`Email · `);
      await page.getByRole('tab', { name: 'Employees' }).click();
      const people = page.getByRole('searchbox', { name: /^Search pending employees/ });
      await people.waitFor();
      expect(await placeholderFits(people)).toBe(true);
      await context.close();
    },
    SLOW,
  );
});
