// The Entries screen in a real browser against the local stack, at desktop and phone sizes,
// with axe on the page and each modal. The sales user creates an entry through the real API (a
// PDF upload, then both channels to a seeded customer); the admin finds it with the filters,
// reads its Channel Details (both sends in the outbox), approves it on /approvals, confirms it,
// schedules a follow-up, runs the due follow-up job and reads the history. The sales user sees
// no Confirm or Delete.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendDueFollowUpsJob, setClock } from '../functions/src/app/testing.ts';
import { browserForFile, openPage, VIEWPORTS, type ViewportName } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { toast } from './support/toast.ts';
import { sentMessages } from './support/outbox.ts';

type Session = { token: string; role: string };
type Customer = { _id: string; names: string[]; phones: string[]; emails: string[] };
type Send = { status?: string; messageId?: string };
type CreatedEntry = {
  _id: string;
  failed: string[];
  dispatch: { whatsapp?: Send; email?: Send };
};

const DAY_MS = 24 * 60 * 60 * 1000;

const launched = browserForFile();
let admin: Session;
let sales: Session;
let customer: Customer;

const call = <T>(session: Session, method: string, path: string, body?: unknown) =>
  apiCall<T>(session.token, method, path, body);

beforeAll(async () => {
  [admin, sales] = await Promise.all([apiSignIn(DEMO.admin), apiSignIn(DEMO.sales)]);
  const { items } = await call<{ items: Customer[] }>(sales, 'GET', '/customers?limit=100');
  const found = items.find((c) => c.names.length && c.phones.length && c.emails.length);
  if (!found) throw new Error('The seeded company has no customer with a name, phone and email');
  customer = found;
});

/** As the sales user: a small PDF through POST /uploads, then an entry on both channels. */
async function seedEntry(tag: string, description: string): Promise<CreatedEntry> {
  const pdf = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
  const form = new FormData();
  form.append('files', new Blob([pdf], { type: 'application/pdf' }), 'quote.pdf');
  const { files } = await call<{ files: unknown[] }>(sales, 'POST', '/uploads', form);
  expect(files).toHaveLength(1);
  return call<CreatedEntry>(sales, 'POST', '/entries', {
    customer: customer._id,
    description,
    tags: [tag, 'e2e'],
    attachments: files,
    category: 'PHE',
    amount: 125000,
    process: 'Quotation',
    whatsapp: { body: `WhatsApp for ${tag}` },
    email: { subject: `Quote ${tag}`, body: `Email for ${tag}`, attachments: files },
  });
}

/** Opens /entries and narrows the list to the entries with `tag`. */
async function showTagged(page: Page, tag: string): Promise<void> {
  await page.goto('/entries');
  await page.getByRole('heading', { level: 1, name: 'Entries' }).waitFor();
  // The first list of a fresh stack waits for the functions emulator to warm up.
  await page.getByText(/^Total: \d+$/).waitFor({ timeout: 90_000 });
  const filtered = page.waitForResponse(
    (res) =>
      new URL(res.url()).pathname === '/api/entries' &&
      new URL(res.url()).searchParams.get('tag') === tag,
  );
  const filters = page.getByRole('region', { name: 'Search and filters' });
  // The Tag filter is folded under Filters (open already when a filter is set).
  const toggle = filters.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await filters.getByRole('textbox', { name: 'Tag' }).fill(tag);
  await filtered;
  await page.getByText('Total: 1', { exact: true }).waitFor();
}

/** The one row (table) or card with the entry, and its actions. */
function entryItem(page: Page): { item: Locator; actions: Locator } {
  const actions = page.getByRole('group', { name: `Actions for ${customer.names[0]}` });
  return { item: page.locator('tr, li.ui-card').filter({ has: actions }), actions };
}

/** Every action the row offers: its button and its menu's items (the menu closed again). */
async function actionNames(page: Page, actions: Locator): Promise<string[]> {
  const shown = await actions.getByRole('button').allTextContents();
  await actions.getByRole('button', { name: /^More actions for / }).click();
  const menu = page.getByRole('menu');
  const listed = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return [...shown.filter(Boolean), ...listed];
}

/** Runs a row action: the button beside the menu when it is that one, else the menu's item. */
async function runAction(page: Page, actions: Locator, name: string): Promise<void> {
  const button = actions.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await actions.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menu').getByRole('menuitem', { name, exact: true }).click();
}

async function outboxIds(): Promise<string[]> {
  return (await sentMessages()).map((m) => m.id);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('Entries (%s)', (viewport) => {
  const tag = `e2e${viewport === 'desktop' ? 'd' : 'p'}${Date.now().toString(36)}`;
  const description = `Entries e2e ${tag}: two pumps`;

  it(
    'finds a new entry, reads its channels, approves, confirms, follows up and reads the history',
    { timeout: 300_000 },
    async () => {
      const created = await seedEntry(tag, description);
      expect(created.failed).toEqual([]);
      const sent = [created.dispatch.whatsapp?.messageId, created.dispatch.email?.messageId];
      expect(await outboxIds()).toEqual(expect.arrayContaining(sent));

      // As sales: the pending entry, without Confirm, Delete or Assign (an admin has them).
      const asSales = await openPage(launched.browser, viewport, sales);
      try {
        await showTagged(asSales.page, tag);
        const { actions } = entryItem(asSales.page);
        await actions.getByRole('button', { name: 'Follow-up' }).waitFor();
        const offered = await actionNames(asSales.page, actions);
        expect(offered).toEqual(expect.arrayContaining(['History', 'Edit', 'Show details']));
        expect(offered).not.toContain('Confirm');
        expect(offered).not.toContain('Delete');
        expect(await asSales.page.getByRole('combobox', { name: /Assign employee/ }).count()).toBe(
          0,
        );
        await expectAccessible(asSales.page, 'entries, as sales');
      } finally {
        await asSales.context.close();
      }

      const { context, page } = await openPage(launched.browser, viewport, admin);
      try {
        await showTagged(page, tag);
        expect(await page.getByRole('table').count()).toBe(viewport === 'desktop' ? 1 : 0);
        const { item, actions } = entryItem(page);
        await item.getByText('pending', { exact: true }).waitFor();
        await item.getByText('₹1,25,000', { exact: true }).waitFor();
        await actions.getByRole('button', { name: 'Confirm' }).waitFor();
        expect(await actionNames(page, actions)).toContain('Delete');
        await expectAccessible(page, 'entries');

        // Channel Details: both panels ON, each send taken by the provider and moved on by
        // its callbacks as far as they had come when the list was read.
        await item.getByRole('button', { name: /channel details/ }).click();
        const channels = page.getByRole('dialog', { name: 'Channel Details' });
        for (const [panel, state] of [
          ['WhatsApp', /^(Sent|Delivered|Read)$/],
          ['Email', /^(Sent|Accepted by SendGrid|Delivered)$/],
        ] as const) {
          const region = channels.getByRole('region', { name: panel });
          await region.getByText('ON', { exact: true }).waitFor();
          await region.getByText(state).first().waitFor();
        }
        await channels.getByText(`Quote ${tag}`).waitFor();
        await expectAccessible(page, 'channel details');
        await page.keyboard.press('Escape');
        await channels.waitFor({ state: 'detached' });

        // Entry Details with the uploaded file.
        await runAction(page, actions, 'Show details');
        const details = page.getByRole('dialog', { name: 'Entry Details' });
        await details.getByRole('link', { name: 'quote.pdf' }).waitFor();
        await expectAccessible(page, 'entry details');
        await details.getByRole('button', { name: 'Close' }).click();

        // Edit Entry opens with the entry's values (and is left unchanged).
        await runAction(page, actions, 'Edit');
        const edit = page.getByRole('dialog', { name: 'Edit Entry' });
        expect(await edit.getByRole('textbox', { name: 'Description' }).inputValue()).toBe(
          description,
        );
        await expectAccessible(page, 'edit entry');
        await edit.getByRole('button', { name: 'Cancel' }).click();

        // Approve on /approvals → Entries.
        await page.goto('/approvals');
        await page.getByRole('heading', { name: 'Pending Entries' }).waitFor();
        await page.getByPlaceholder('Customer, owner, words').fill(tag);
        await page.getByRole('button', { name: `Approve ${customer.names[0]}` }).click();
        await page.getByText('No matches').waitFor();
        // The row leaves the list before the call ends: the approval is done at its toast (a
        // page load before that could cut the call off).
        await toast(page, 'Approved 1 entry');

        // Confirm on /entries.
        await showTagged(page, tag);
        await item.getByText('approved', { exact: true }).waitFor();
        await actions.getByRole('button', { name: 'Confirm' }).click();
        await toast(page, 'Entry confirmed');
        await item.getByText('confirmed', { exact: true }).waitFor();
        await actions.getByRole('button', { name: 'Confirm' }).waitFor({ state: 'detached' });

        // A follow-up in 1 day on both channels.
        await runAction(page, actions, 'Follow-up');
        const followUp = page.getByRole('dialog', { name: `Follow-up – ${customer.names[0]}` });
        await followUp.getByRole('radio', { name: '1 day' }).check();
        await followUp.getByRole('checkbox', { name: /^Email/ }).check();
        await followUp.getByRole('checkbox', { name: /^WhatsApp/ }).check();
        await followUp.getByRole('textbox', { name: 'Message' }).fill(`Call back ${tag}`);
        await expectAccessible(page, 'follow-up');
        await followUp.getByRole('button', { name: 'Schedule' }).click();
        await toast(page, 'Follow-up scheduled');

        // The due follow-up job, run here as the local stack's scheduler runs it, with the
        // functions' own clock moved two days on so that the 1-day follow-up is due whatever
        // the time of day now (it goes at 10:00 company time the next day): the test process
        // has the stack's emulator and outbox variables (global setup). Nothing else changes the
        // clock of the functions emulator, which keeps real time.
        const before = (await outboxIds()).length;
        setClock(() => Date.now() + 2 * DAY_MS);
        try {
          await sendDueFollowUpsJob.run();
        } finally {
          setClock();
        }
        expect((await outboxIds()).length).toBeGreaterThanOrEqual(before + 2);

        // The history, newest first: the follow-up's items above the created one.
        await runAction(page, actions, 'History');
        const history = page.getByRole('dialog', { name: `History – ${customer.names[0]}` });
        const items = history.getByRole('list', { name: 'History, newest first' });
        await items.getByText('Entry created').waitFor();
        await items.getByText(new RegExp(`Follow-up scheduled .*Call back ${tag}`)).waitFor();
        const badges = await items.locator('li .ui-badge').allTextContents();
        expect(badges.at(-1)).toBe('Created');
        expect(badges.filter((b) => b === 'Follow-up').length).toBeGreaterThanOrEqual(2);
        expect(badges.indexOf('Follow-up')).toBeLessThan(badges.indexOf('Created'));
        await history.getByRole('textbox', { name: 'Add a comment' }).fill('Customer agreed');
        await history.getByRole('button', { name: 'Add comment' }).click();
        await items.getByText('Customer agreed').waitFor();
        await expectAccessible(page, 'entry history');
      } finally {
        await context.close();
      }
    },
  );
});
