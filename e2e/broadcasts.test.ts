// A broadcast from the composer to its report, as the admin at desktop and at phone size, in a
// real browser against the local stack (its api instances and the outbox playing Meta): a
// category chosen, the count and the exclusions (opted out, no phone, duplicate phone) as the
// API counts them, the preview as one customer reads it, Create and Start now, the report moving
// to Done and then to delivered and read as the outbox's status callbacks come; a customer
// replies and the sales person who owns them gets the notice, and finds the conversation under
// the Inbox's "Replies to a broadcast". The outbox took one message per recipient. At desktop
// size, a customer added since is offered as a new match (those messaged counted apart) and
// sent to, and still nobody got two messages.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openPage, type ViewportName } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { outbox, sentMessages } from './support/outbox.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { toast, toasts } from './support/toast.ts';

const launched = browserForFile();

/** Today on the company's clocks, as a date input holds it. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

interface AudienceAnswer {
  audienceCount: number;
  excluded: Record<string, number>;
}

/**
 * Customers of the sales person in `category`: three who will receive it, one without a phone,
 * one with a phone another of them has, one who wrote STOP. Answers the three's names and phones.
 */
async function customersOfSales(category: string, stamp: string) {
  const sales = await apiSignIn(DEMO.sales);
  const digits = String(Date.now()).slice(-6);
  const phoneOf = (i: number) => `+91975${i}${digits}`;
  const receivers = [0, 1, 2].map((i) => ({ name: `Bharat${stamp}${i} Joshi`, phone: phoneOf(i) }));
  const add = (path: string, body: object) =>
    apiCall(sales.token, 'POST', path, { emails: [], categories: [category], ...body });
  for (const r of receivers) await add('/customers', { names: [r.name], phones: [r.phone] });
  await add('/customers', { names: [`No Phone ${stamp}`], emails: [`np${stamp}@example.in`] });
  await add('/customers?force=true', {
    names: [`Twin ${stamp}`],
    phones: [receivers[0].phone],
  });
  const stopper = phoneOf(3);
  await add('/customers', { names: [`Stopper ${stamp}`], phones: [stopper] });
  await outbox('/control/inbound', { from: stopper, text: 'STOP', name: 'Stopper' });
  return { receivers, stopper };
}

/** The composer's audience count, as the API counts it for the same filters. */
async function audienceOf(token: string, category: string): Promise<AudienceAnswer> {
  return apiCall<AudienceAnswer>(token, 'POST', '/broadcasts/audience', {
    audience: { filters: { categories: [category], from: today() } },
  });
}

/** The report's count named `label`, as shown. */
const shownCount = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Report' })
    .locator('.broadcast-report__count', { has: page.getByText(label, { exact: true }) })
    .locator('dd');

async function waitForCount(page: Page, label: string, value: number) {
  const count = shownCount(page, label);
  await expect
    .poll(async () => (await count.textContent())?.trim(), { timeout: 60_000, interval: 500 })
    .toBe(String(value));
}

/**
 * The done broadcast's new matches: a customer of `category` added since is offered (those it
 * messaged counted apart as already messaged) and sent to; the outbox has each phone once.
 */
async function newMatchesJourney(
  page: Page,
  token: string,
  {
    category,
    stamp,
    total,
    phones,
  }: { category: string; stamp: string; total: number; phones: string[] },
) {
  const sales = await apiSignIn(DEMO.sales);
  const late = `+91976${String(Date.now()).slice(-7)}`;
  await apiCall(sales.token, 'POST', '/customers', {
    names: [`Late${stamp} Joshi`],
    phones: [late],
    emails: [],
    categories: [category],
  });
  const made = (await apiCall<{ _id: string; name: string }[]>(token, 'GET', '/broadcasts')).find(
    (b) => b.name === `Offer ${stamp}`,
  );
  const expected = await apiCall<AudienceAnswer>(
    token,
    'GET',
    `/broadcasts/${made?._id}/new-matches`,
  );
  expect(expected.audienceCount).toBeGreaterThanOrEqual(1);
  expect(expected.excluded.alreadyMessaged).toBe(total);

  // Opened again, the report counts its new matches as they stand.
  await page.reload();
  await page.getByRole('button', { name: new RegExp(`^Offer ${stamp}`) }).click();
  const report = page.getByRole('region', { name: 'Report' });
  const matches = report.getByRole('region', { name: 'New matches' });
  await expect
    .poll(async () => matches.locator('.broadcast-count__total strong').textContent(), {
      timeout: 30_000,
    })
    .toBe(String(expected.audienceCount));
  expect(await matches.locator('summary').textContent()).toContain(`${total} already messaged`);
  const added = expected.audienceCount;
  await matches
    .getByRole('button', { name: `Send to ${added} new ${added === 1 ? 'match' : 'matches'}` })
    .click();
  await waitForCount(page, 'Sent', total + added);
  await report.getByText('Done', { exact: true }).waitFor({ timeout: 90_000 });
  expect(await report.textContent()).toContain(`Sent to ${added} new`);
  const messages = await sentMessages();
  for (const phone of [...phones, late])
    expect(messages.filter((m) => m.to[0] === phone.slice(1)).length, phone).toBe(1);
}

async function broadcastJourney(viewport: ViewportName, category: string) {
  const stamp = `${viewport[0]}${Date.now().toString(36)}`;
  const { receivers, stopper } = await customersOfSales(category, stamp);
  const admin = await apiSignIn(DEMO.admin);
  // The STOP has been taken (the API counts that customer out) before the composer counts.
  await expect
    .poll(async () => (await audienceOf(admin.token, category)).excluded.optedOut, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  const expected = await audienceOf(admin.token, category);

  const { context, page } = await openPage(launched.browser, viewport, admin);
  const sales = await openPage(launched.browser, viewport, await apiSignIn(DEMO.sales));
  try {
    // The owner's page is open (its live stream too) while the broadcast goes out.
    const streamOpen = sales.page.waitForResponse((r) =>
      r.url().includes('/api/notifications/stream'),
    );
    await sales.page.goto('/');
    await streamOpen;

    await page.goto('/broadcasts');
    const composer = page.getByRole('form', { name: 'New broadcast' });
    await composer.getByLabel('Name', { exact: true }).fill(`Offer ${stamp}`);
    const audience = composer.getByRole('region', { name: 'Audience' });
    await audience.getByRole('button', { name: /Categories/ }).click();
    await audience.getByRole('checkbox', { name: category, exact: true }).check();
    await audience.getByRole('button', { name: 'Done', exact: true }).click();
    await audience.getByLabel('Created from').fill(today());

    const count = audience.locator('.broadcast-count');
    await expect
      .poll(async () => count.locator('.broadcast-count__total strong').textContent(), {
        timeout: 30_000,
      })
      .toBe(String(expected.audienceCount));
    expect(expected.audienceCount).toBeGreaterThanOrEqual(receivers.length);
    expect(expected.excluded).toMatchObject({ optedOut: 1, noPhone: 1, duplicate: 1 });
    const summary = count.locator('summary');
    expect(await summary.textContent()).toContain(
      '1 opted out, 1 without a phone, 1 duplicate phone',
    );
    await summary.click();
    const excludedList = count.getByRole('listitem');
    expect(await excludedList.filter({ hasText: stopper }).textContent()).toContain('STOP');

    const message = composer.getByRole('region', { name: 'Message' });
    await message.getByLabel('Approved template').selectOption('season_offer:en');
    await message.getByLabel('Parameter {{2}}').selectOption('text');
    await message.getByLabel('Text for {{2}}').fill('Diwali prices on SS tanks until Sunday');
    const preview = message.getByLabel('Preview');
    const asReceivedBy = preview.getByLabel('As received by');
    if (await asReceivedBy.count()) await asReceivedBy.selectOption({ label: receivers[1].name });
    await expect
      .poll(async () => preview.locator('.broadcast-preview__bubble').textContent())
      .toContain(`Bharat${stamp}1`);
    expect(await preview.locator('.broadcast-preview__bubble').textContent()).toContain(
      'Diwali prices on SS tanks until Sunday',
    );

    await composer.getByRole('button', { name: 'Create broadcast' }).click();
    await toast(page, `Broadcast "Offer ${stamp}" created`);
    const report = page.getByRole('region', { name: 'Report' });
    await report.getByRole('heading', { name: `Offer ${stamp}` }).waitFor();
    await report.getByRole('button', { name: 'Start now' }).click();
    await report.getByText('Done', { exact: true }).waitFor({ timeout: 90_000 });
    const total = expected.audienceCount;
    await waitForCount(page, 'Sent', total);
    // The outbox calls back delivered, then read: the report keeps up after the last send.
    await waitForCount(page, 'Delivered', total);
    await waitForCount(page, 'Read', total);
    await expectAccessible(page, 'broadcast report');

    const messages = await sentMessages();
    for (const r of receivers)
      expect(messages.filter((m) => m.to[0] === r.phone.slice(1)).length, r.phone).toBe(1);
    expect(messages.filter((m) => m.to[0] === stopper.slice(1))).toEqual([]);

    // The first receiver answers the broadcast's message.
    const answered = messages.find((m) => m.to[0] === receivers[0].phone.slice(1));
    await outbox('/control/inbound', {
      from: receivers[0].phone,
      text: `Interested ${stamp}, send the price list`,
      name: 'Bharat',
      contextId: answered?.id,
    });
    await toasts(sales.page)
      .getByText('New WhatsApp message', { exact: false })
      .first()
      .waitFor({ timeout: 30_000 });
    await waitForCount(page, 'Replied', 1);

    await sales.page.goto('/inbox');
    await sales.page.getByRole('button', { name: 'Replies to a broadcast' }).click();
    const row = sales.page.getByRole('listitem').filter({ hasText: receivers[0].name });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Replied to a broadcast');

    if (viewport === 'desktop')
      await newMatchesJourney(page, admin.token, {
        category,
        stamp,
        total,
        phones: receivers.map((r) => r.phone),
      });
  } finally {
    await sales.context.close();
    await context.close();
  }
}

describe('a broadcast from the composer', () => {
  it('at desktop size: count and exclusions, preview, send, delivered and read, a reply notifies its owner, then its new matches', async () => {
    await broadcastJourney('desktop', 'PASTEURIZER');
  }, 240_000);

  it('at phone size: the same journey', async () => {
    await broadcastJourney('phone', 'PROJECTS');
  }, 240_000);
});
