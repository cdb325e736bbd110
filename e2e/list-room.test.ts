// The room the lists give their rows, measured in a real browser against the seeded stack. At
// 1280x800: 8 customer rows whole above the fold, every action of the header still reachable
// (Quick Add behind its button, the rest on the filter bar or in More), each entry's first 60
// characters of description whole beside a customer name that wraps, and the Approvals table
// inside its box with Approve and Reject whole. At 390x844: 5 customers and 3 entries whole on the first screen, and each customer
// card's category (with its '+N') readable, overlapping neither the owner nor the buttons, and the
// Approvals' bulk bar on one line. At both sizes a customer who wrote STOP keeps a one-line row or
// card: the badge says "Opted out" on one line, its whole sentence in its title and read out.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserForFile, openPage } from './support/browser.ts';
import {
  countOnFirstScreen,
  expectNoSidewaysScroll,
  expectReadableLayout,
} from './support/layout.ts';
import { filterBar, listCards, listRows, openList } from './support/lists.ts';
import { isWhole, visibleCharacters } from './support/measure.ts';
import { outbox } from './support/outbox.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { until } from './support/until.ts';

const SLOW = 180_000;
const stamp = Date.now().toString(36).slice(-4);
// A name long enough to wrap in the Entries table's Customer column.
const LONG_NAME = `Shree Ganesh Dairy Equipments Private Limited ${stamp}`;
// A customer who wrote STOP: the second newest, so on the first screen at both sizes.
const STOPPER_NAME = `Stopper Farms ${stamp}`;
// Two descriptions whose first 60 characters must show whole: ordinary words, and long
// technical ones that leave a line short where they wrap.
const DESCRIPTIONS = [
  'Quotation for a 5,000 litre SS304 bulk milk cooler with a 3-phase compressor, Anand plant',
  'Requirement: PASTEURIZER-HTST/5000LPH with CIP-skid and chiller, delivery to Kheda by March',
];

const launched = browserForFile();
let admin: { token: string; role: string };

/** A customer who wrote STOP on WhatsApp, added and opted out before the call returns. */
async function addOptedOutCustomer() {
  const phone = `+91 98765 3${String(Date.now()).slice(-4)}`;
  const stopper = await apiCall<{ _id: string }>(admin.token, 'POST', '/customers?force=true', {
    names: [STOPPER_NAME],
    phones: [phone],
    emails: [],
    categories: ['PHE'],
    potential: 'WARM',
    note: '',
  });
  await outbox('/control/inbound', {
    from: phone.replace(/ /g, ''),
    text: 'STOP',
    name: 'Stopper',
  });
  await until(async () => {
    const stored = await apiCall<{ whatsappWindow: { optedOutAt: string | null } }>(
      admin.token,
      'GET',
      `/customers/${stopper._id}`,
    );
    return stored.whatsappWindow.optedOutAt ?? undefined;
  });
}

/** The opted-out badge in `scope`: one line tall, two words shown, the sentence in its title. */
async function expectOneLineBadge(scope: Locator) {
  const badge = scope.locator('.opted-out');
  const measured = await badge.evaluate((el) => {
    const { height } = el.getBoundingClientRect();
    return { height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) };
  });
  expect(measured.height).toBeLessThan(measured.lineHeight * 1.8);
  expect(await badge.getAttribute('title')).toBe('Opted out of WhatsApp (wrote STOP)');
  expect(await badge.textContent()).toBe('Opted out of WhatsApp (wrote STOP)');
}

beforeAll(async () => {
  admin = await apiSignIn(DEMO.admin);
  await addOptedOutCustomer();
  const customer = await apiCall<{ _id: string }>(admin.token, 'POST', '/customers?force=true', {
    names: [LONG_NAME],
    phones: [`+91 98765 2${String(Date.now()).slice(-4)}`],
    emails: [],
    // Three categories: the card shows the first and a '+2' chip.
    categories: ['SS TANK', 'PHE', 'PASTEURIZER'],
    potential: 'HOT',
    note: '',
  });
  for (const description of DESCRIPTIONS)
    await apiCall(admin.token, 'POST', '/entries', {
      customer: customer._id,
      description,
      category: 'SS TANK',
      amount: 1234567,
      process: 'Quotation',
      tags: ['e2e-list-room'],
    });
});

/** The More menu's item names, the menu closed again after. */
async function moreMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'More', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'More' });
  await menu.waitFor();
  const names = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return names;
}

/** The boxes of a card's last line: the category (with its chip), the chip, owner, buttons. */
function cardFoot(card: Locator) {
  return card.evaluate((el) => {
    const box = (selector: string) => {
      const found = el.querySelector(selector);
      if (!found) return null;
      const { left, right, top, bottom, width } = found.getBoundingClientRect();
      return { left, right, top, bottom, width };
    };
    const text = el.querySelector('.customer-card__categories .first-value__text');
    return {
      // The category's words show whole, or at least 3rem of them before the ellipsis.
      categoryReadable:
        !text ||
        (text.clientWidth > 0 &&
          (text.scrollWidth <= text.clientWidth + 1 || text.clientWidth >= 48)),
      categories: box('.customer-card__categories'),
      categoryText: box('.customer-card__categories .first-value__text'),
      chip: box('.customer-card__categories .first-value__more'),
      owner: box('.customer-card__owner'),
      actions: box('.row-actions'),
      card: el.getBoundingClientRect(),
    };
  });
}

type Box = { left: number; right: number; top: number; bottom: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right - 0.5 &&
  b.left < a.right - 0.5 &&
  a.top < b.bottom - 0.5 &&
  b.top < a.bottom - 0.5;

describe('at 1280x800', () => {
  it(
    'shows 8 customer rows whole above the fold, every header action one click or a menu away',
    async () => {
      const { context, page } = await openPage(launched.browser, 'desktop', admin);
      await openList(page, 'customers');
      const rows = listRows(page, 'customers');
      await rows.first().waitFor();
      expect(await countOnFirstScreen(rows, true)).toBeGreaterThanOrEqual(8);
      await expectOneLineBadge(rows.filter({ hasText: STOPPER_NAME }));

      // The spec's buttons stay reachable: on the header and the filter bar, or in More.
      for (const name of ['Add Customer', 'Quick Add', 'Reset', 'Refresh', 'Cards', 'Table'])
        expect(await page.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
      expect(await moreMenu(page)).toEqual(['Import CSV', 'Export CSV', 'Manage options']);

      // Quick Add waits behind its button, and opens under the header with its text box focused.
      const quick = page.getByRole('button', { name: 'Quick Add', exact: true });
      expect(await quick.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('group', { name: 'Quick Add' }).count()).toBe(0);
      await quick.click();
      const panel = page.getByRole('group', { name: 'Quick Add' });
      const text = panel.getByRole('textbox', { name: 'Names, phones and emails' });
      await text.waitFor();
      expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
      await panel.getByRole('button', { name: 'Close Quick Add' }).click();
      await panel.waitFor({ state: 'detached' });
      expect(await quick.evaluate((el) => el === document.activeElement)).toBe(true);

      await expectReadableLayout(page);
      await context.close();
    },
    SLOW,
  );

  it(
    "shows each entry's first 60 characters of description whole, beside a name that wraps",
    async () => {
      const { context, page } = await openPage(launched.browser, 'desktop', admin);
      await openList(page, 'entries');
      const rows = listRows(page, 'entries');
      await rows.first().waitFor();
      expect(await countOnFirstScreen(rows, true)).toBeGreaterThanOrEqual(7);
      const whole = await countOnFirstScreen(rows, true);
      let ours = 0;
      for (let i = 0; i < whole; i++) {
        const row = rows.nth(i);
        const description = row.locator('.entries-description');
        const text = (await description.textContent()) ?? '';
        expect(await visibleCharacters(description), text).toBeGreaterThanOrEqual(
          Math.min(60, text.length),
        );
        if (!DESCRIPTIONS.includes(text)) continue;
        ours++;
        // The hard case: the customer's name takes more than one line beside it.
        const name = row.locator('.entries-customer a');
        const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        expect((await name.boundingBox())!.height).toBeGreaterThan(lineHeight * 1.5);
      }
      // Both test entries are the newest: on the first screen.
      expect(ours).toBe(DESCRIPTIONS.length);
      await expectNoSidewaysScroll(page);
      await context.close();
    },
    SLOW,
  );

  it(
    'fits the Approvals table in its box, Approve and Reject whole on every row',
    async () => {
      const { context, page } = await openPage(launched.browser, 'desktop', admin);
      await page.goto('/approvals');
      const rows = page.locator('main table tbody tr');
      await rows.first().waitFor({ timeout: 90_000 });
      const wrap = page.locator('main .ui-table-wrap');
      const fit = await wrap.evaluate((box) => {
        const table = box.querySelector('table')!;
        return {
          scroll: box.scrollWidth,
          client: box.clientWidth,
          tableRight: table.getBoundingClientRect().right,
          boxRight: box.getBoundingClientRect().right,
        };
      });
      expect(fit.scroll).toBeLessThanOrEqual(fit.client);
      expect(fit.tableRight).toBeLessThanOrEqual(fit.boxRight + 0.5);
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        for (const action of ['Approve', 'Reject']) {
          const button = rows.nth(i).getByRole('button', { name: new RegExp(`^${action} `) });
          expect(await button.textContent()).toBe(action);
          // Not cut by its cell, the table's box or the page.
          expect(await isWhole(button, 'main'), `${action} of row ${i + 1}`).toBe(true);
          expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        }
      }
      // At least 3 rows start above the fold (rows of two sent messages are taller).
      expect(await countOnFirstScreen(rows, false)).toBeGreaterThanOrEqual(3);
      await expectNoSidewaysScroll(page);
      await context.close();
    },
    SLOW,
  );
});

describe('at 390x844', () => {
  it(
    'shows 5 customer cards whole, each category readable beside its owner, nothing overlapping',
    async () => {
      const { context, page } = await openPage(launched.browser, 'phone', admin);
      await openList(page, 'customers');
      const cards = listCards(page, 'customers');
      await cards.first().waitFor();
      const whole = await countOnFirstScreen(cards, true);
      expect(whole).toBeGreaterThanOrEqual(5);
      let chips = 0;
      for (let i = 0; i < whole; i++) {
        const foot = await cardFoot(cards.nth(i));
        const label = (await cards.nth(i).locator('h2').textContent()) ?? `card ${i + 1}`;
        expect(foot.categories, label).not.toBeNull();
        expect(foot.owner, label).not.toBeNull();
        expect(foot.actions, label).not.toBeNull();
        // The category's words get room: never 0 px, whole or 3rem of them.
        if (foot.categoryText) expect(foot.categoryText.width, label).toBeGreaterThan(0);
        expect(foot.categoryReadable, label).toBe(true);
        // The '+N' chip sits inside the category's box, so it cannot reach the owner.
        if (foot.chip) {
          chips++;
          expect(foot.chip.left, label).toBeGreaterThanOrEqual(foot.categories!.left - 0.5);
          expect(foot.chip.right, label).toBeLessThanOrEqual(foot.categories!.right + 0.5);
          expect(overlaps(foot.chip, foot.owner!), label).toBe(false);
        }
        expect(overlaps(foot.categories!, foot.owner!), label).toBe(false);
        expect(overlaps(foot.owner!, foot.actions!), label).toBe(false);
        expect(overlaps(foot.categories!, foot.actions!), label).toBe(false);
        expect(foot.actions!.right, label).toBeLessThanOrEqual(foot.card!.right);
      }
      // The test's customer (three categories) is the newest: its '+2' is on screen.
      expect(chips).toBeGreaterThan(0);
      // The one who wrote STOP keeps the name line, and the buttons stay inside the card.
      const stopper = cards.filter({ hasText: STOPPER_NAME });
      await expectOneLineBadge(stopper);
      expect(await stopper.locator('h2').isVisible()).toBe(true);
      const [card, actions] = await Promise.all(
        [stopper, stopper.locator('.row-actions')].map(async (l) => (await l.boundingBox())!),
      );
      expect(actions.y + actions.height).toBeLessThanOrEqual(card.y + card.height + 0.5);
      const first = cards.first();
      expect(await first.locator('h2').textContent()).toBe(LONG_NAME);
      expect(
        await first.locator('.first-value__more [aria-hidden="true"]').first().textContent(),
      ).toBe('+2');

      // Every action of the wide header is still here: the round button adds, More holds the rest.
      for (const name of ['New customer', 'Cards', 'Table'])
        expect(await page.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
      expect(await moreMenu(page)).toEqual([
        'Quick Add',
        'Import CSV',
        'Export CSV',
        'Refresh',
        'Reset',
        'Manage options',
      ]);
      await page.getByRole('button', { name: 'More', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Quick Add', exact: true }).click();
      await page
        .getByRole('group', { name: 'Quick Add' })
        .getByRole('textbox', { name: 'Names, phones and emails' })
        .waitFor();
      await context.close();
    },
    SLOW,
  );

  it(
    "keeps the Approvals' bulk bar to one line: the count, Approve and Reject side by side",
    async () => {
      const { context, page } = await openPage(launched.browser, 'phone', admin);
      await page.goto('/approvals');
      const bar = page.getByRole('group', { name: 'Bulk actions' });
      await page.locator('main .ui-cards .ui-card').first().waitFor({ timeout: 90_000 });
      const approve = bar.getByRole('button', { name: 'Approve selected', exact: true });
      const reject = bar.getByRole('button', { name: 'Reject selected', exact: true });
      // Their word "selected" is in their names only here: it takes no room.
      expect(await approve.innerText()).toBe('Approve');
      expect(await reject.innerText()).toBe('Reject');
      const [count, a, r] = await Promise.all(
        [bar.getByText(/^\d+ selected$/), approve, reject].map(
          async (l) => (await l.boundingBox())!,
        ),
      );
      // One line: the three share their middle, and the bar is one button tall and its padding.
      for (const box of [a, r])
        expect(Math.abs(box.y + box.height / 2 - (count.y + count.height / 2))).toBeLessThan(4);
      expect((await bar.boundingBox())!.height).toBeLessThan(a.height * 2);
      expect(await isWhole(reject, 'main')).toBe(true);
      await expectNoSidewaysScroll(page);
      await context.close();
    },
    SLOW,
  );

  it(
    'shows 3 entry cards whole on the first screen, Refresh and Cards/Table in the header',
    async () => {
      const { context, page } = await openPage(launched.browser, 'phone', admin);
      await openList(page, 'entries');
      const cards = listCards(page, 'entries');
      await cards.first().waitFor();
      expect(await countOnFirstScreen(cards, true)).toBeGreaterThanOrEqual(3);
      const header = page.locator('main header.page-header');
      for (const name of ['Refresh', 'Cards', 'Table'])
        expect(await header.getByRole('button', { name, exact: true }).isVisible(), name).toBe(
          true,
        );
      const filters = filterBar(page);
      expect(await filters.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(true);
      expect(await filters.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(true);
      await expectReadableLayout(page);
      await context.close();
    },
    SLOW,
  );
});
