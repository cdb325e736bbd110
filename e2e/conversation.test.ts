// The conversation at phone size, signed in as sales, as a screen of its own (the customer's name,
// window and call in a header, the reply box at the bottom): the customer replies through the
// outbox (playing Meta) and the sales person's open page shows the toast and the reply without a
// reload, and since the conversation is on screen no unread remains; the reply box's message turns
// Read on the open page; a reply from the conversation inside the window reaches the customer as
// the typed text, and "/" fills it from a text template; outside it, the template preview shows
// exactly what then goes; an Add Entry message shows in the open conversation at once, and after
// STOP the reply box offers email only; a browser set to another zone reads every time on the
// company's clock.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../functions/src/app/testing.ts';
import type { ConversationPage } from '../functions/src/contract/conversations.ts';
import type { OutboxMessage } from '../tools/stack/outbox.ts';
import { baseUrl, browserForFile, openPage } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { outbox, sentMessages } from './support/outbox.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { toast, toasts } from './support/toast.ts';

const launched = browserForFile();

async function createCustomer(token: string, name: string, phone: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/customers`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ names: [name], phones: [phone], emails: [] }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

async function sentTo(phone: string, text: (m: OutboxMessage) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const sent = await sentMessages();
    // Meta takes the number without its '+'.
    const found = sent.find(
      (m) => m.channel === 'whatsapp' && m.to[0] === phone.slice(1) && text(m),
    );
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the conversation on a phone, as sales', () => {
  const stamp = Date.now().toString(36);

  it('shows a reply live, without a reload, and the reply box sends the typed words inside the window', async () => {
    const session = await apiSignIn(DEMO.sales);
    const name = `Arjun ${stamp}`;
    const phone = `+91976${String(Date.now()).slice(-7)}`;
    const id = await createCustomer(session.token, name, phone);
    const { context, page } = await openPage(launched.browser, 'phone', session);
    // The page's live stream answers (its headers come at once; events follow on it).
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'));
    // As the Inbox, My day and notifications open it: on a phone, a screen of its own.
    await page.goto(`/customers/${id}#conversation`);
    const conversation = page.getByRole('region', { name: `Conversation with ${name}` });
    await conversation.getByText('No messages yet.', { exact: false }).waitFor();
    expect((await streamOpen).status()).toBe(200);
    await conversation.getByRole('heading', { level: 1, name }).waitFor();
    expect(await conversation.getByTestId('whatsapp-window').textContent()).toBe(
      'WhatsApp: approved templates only',
    );
    expect(await conversation.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe(
      `tel:${phone}`,
    );
    // The thread fills the screen and the reply box sits at its bottom, as WhatsApp's.
    const box = await conversation.boundingBox();
    const replyBox = await conversation.getByRole('form', { name: 'Reply' }).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    expect(Math.round((replyBox?.y ?? 0) + (replyBox?.height ?? 0))).toBeGreaterThan(830);
    // Closed, the box holds the template and its preview, yet leaves the thread about half the
    // screen (the header says the window's state; it took two thirds before).
    await conversation
      .getByRole('region', { name: 'WhatsApp preview' })
      .locator('.wa-preview__text')
      .waitFor();
    const closedBox = await conversation.getByRole('form', { name: 'Reply' }).boundingBox();
    expect(closedBox!.height).toBeLessThan(844 * 0.55);

    // Earlier files may have left this sales person unread replies: this one adds none, as it
    // arrives on screen.
    const unreadNow = async () =>
      (await apiCall<{ unread: number }>(session.token, 'GET', '/inbox?scope=mine&limit=1')).unread;
    const before = await unreadNow();

    // From the customer's send (the outbox posts the webhook as Meta would) to the screen.
    const started = Date.now();
    const writing = outbox('/control/inbound', {
      from: phone,
      text: 'OK, 40 chairs confirmed',
      name: 'Arjun',
    });
    // Each of the two, and when it showed (ms after the customer's send; Infinity: not within
    // 15 s), all reported together so that a failure says which of them came late.
    const shown = (what: string, locator: Locator) =>
      locator.waitFor({ timeout: 15_000 }).then(
        () => ({ what, ms: Date.now() - started }),
        () => ({ what, ms: Infinity }),
      );
    const times = await Promise.all([
      shown('toast', toasts(page).getByText('New WhatsApp message', { exact: false }).first()),
      shown(
        'reply',
        conversation.getByRole('listitem').filter({ hasText: 'OK, 40 chairs confirmed' }),
      ),
    ]);
    // What the app's webhook answered the outbox (playing Meta) goes with the report.
    const { webhookStatus } = (await writing) as { webhookStatus: number };
    const report = [...times.map((t) => `${t.what} ${t.ms} ms`), `webhook ${webhookStatus}`];
    // Live means without a reload (each within 15 s); how fast is the bench's to measure, as this
    // suite shares its cores with the others.
    expect(
      times.filter((t) => t.ms === Infinity).map((t) => t.what),
      report.join(', '),
    ).toEqual([]);
    // Seen as it arrived: the page marked it read, so no unread remains for this person.
    let unread = await unreadNow();
    for (let tries = 0; unread !== before && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      unread = await unreadNow();
    }
    expect(unread).toBe(before);
    // The customer's message opened the window in the same commit as the notification: the
    // header says so under the name, and the reply box does not say it again.
    await conversation
      .getByTestId('whatsapp-window')
      .getByText(/^WhatsApp open until /)
      .waitFor({ timeout: 2_000 });
    expect(
      await conversation
        .getByRole('form', { name: 'Reply' })
        .getByText(/Open until/)
        .count(),
    ).toBe(0);
    await expectAccessible(page, 'conversation, window open');

    // Inside the window (the customer just wrote): the words go as typed.
    const reply = conversation.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Message' }).fill('Delivery on Friday, 10 am');
    await reply.getByRole('button', { name: 'Send WhatsApp' }).click();
    const sent = await sentTo(phone, (m) => m.summary === 'Delivery on Friday, 10 am');
    expect(sent?.body).toMatchObject({ type: 'text', text: { body: 'Delivery on Friday, 10 am' } });
    // Meta's statuses move the tick on the open page, without a reload.
    await conversation
      .getByRole('listitem')
      .filter({ hasText: 'Delivery on Friday, 10 am' })
      .filter({ hasText: /Read/ })
      .waitFor({ timeout: 10_000 });
    // "/" lists the text templates by title; Enter fills the box, the customer's name filled in,
    // and those words go.
    const message = reply.getByRole('textbox', { name: 'Message' });
    await message.fill('/thank');
    await reply
      .getByRole('listbox', { name: 'Quick replies' })
      .getByRole('option', { name: /^Thank you/ })
      .waitFor();
    await message.press('Enter');
    const thanks = 'Thank you for your time today. We will share the details shortly.';
    expect(await message.inputValue()).toBe(thanks);
    await reply.getByRole('button', { name: 'Send WhatsApp' }).click();
    expect((await sentTo(phone, (m) => m.summary === thanks))?.body).toMatchObject({
      type: 'text',
      text: { body: thanks },
    });

    // Details are one tap away.
    await conversation.getByRole('link', { name: `${name}: details` }).click();
    await page.getByRole('region', { name: 'Details' }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await context.close();
  });

  it("reads times on the company's clock in a browser set to another zone", async () => {
    const session = await apiSignIn(DEMO.sales);
    const name = `Ines ${stamp}`;
    const phone = `+91975${String(Date.now()).slice(-7)}`;
    const id = await createCustomer(session.token, name, phone);
    await outbox('/control/inbound', { from: phone, text: 'Price for 12 chairs?', name: 'Ines' });
    const [message] = (
      await apiCall<ConversationPage>(session.token, 'GET', `/customers/${id}/conversation`)
    ).messages;
    // Los Angeles runs 13.5 hours behind India: every clock there reads differently.
    const { context, page } = await openPage(
      launched.browser,
      'phone',
      session,
      'America/Los_Angeles',
    );
    await page.goto(`/customers/${id}#conversation`);
    const conversation = page.getByRole('region', { name: `Conversation with ${name}` });
    const shown = conversation.getByRole('listitem').filter({ hasText: 'Price for 12 chairs?' });
    const clock = (timeZone: string) =>
      new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone })
        .format(new Date(message.at))
        .replace(/[\u202f\u00a0]/g, ' ');
    const time = await shown.locator('time').textContent();
    expect(time).toContain(clock(process.env.COMPANY_TIME_ZONE || DEFAULT_TIME_ZONE));
    expect(time).not.toContain(clock('America/Los_Angeles'));
    await context.close();
  });

  it('outside the window shows the template preview, and what goes matches it', async () => {
    const session = await apiSignIn(DEMO.sales);
    const name = `Meera ${stamp}`;
    const phone = `+91977${String(Date.now()).slice(-7)}`;
    const id = await createCustomer(session.token, name, phone);
    const { context, page } = await openPage(launched.browser, 'phone', session);
    await page.goto(`/customers/${id}`);
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByText('Closed: needs an approved template').first().waitFor();
    await reply.getByRole('textbox', { name: 'Text for the template' }).fill('Your quote is ready');
    const preview = reply.getByRole('region', { name: 'WhatsApp preview' });
    const shown = preview.locator('.wa-preview__text');
    await shown.filter({ hasText: 'Your quote is ready' }).waitFor();
    const words = (await shown.textContent()) ?? '';
    await reply.getByRole('button', { name: 'Send WhatsApp' }).click();
    const sent = await sentTo(phone, () => true);
    expect(sent?.body).toMatchObject({ type: 'template' });
    expect(sent?.summary).toBe(words);
    await page
      .getByRole('region', { name: 'Conversation' })
      .getByRole('listitem')
      .filter({ hasText: words })
      .waitFor();
    await context.close();
  });
  it('shows an Add Entry message in the open conversation at once, and after STOP offers email only', async () => {
    const session = await apiSignIn(DEMO.sales);
    const name = `Nikhil ${stamp}`;
    const phone = `+91978${String(Date.now()).slice(-7)}`;
    const customer = await apiCall<{ _id: string }>(session.token, 'POST', '/customers', {
      names: [name],
      phones: [phone],
      emails: [`nikhil.${stamp}@example.in`],
    });
    const { context, page } = await openPage(launched.browser, 'phone', session);
    await page.goto(`/customers/${customer._id}`);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('No messages yet.', { exact: false }).waitFor();

    // Add Entry from the customer's page: both channels' messages show in the conversation on
    // this page, with no reload.
    await page.getByRole('button', { name: 'Add Entry' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Entry' });
    const words = `Brochure ${stamp} attached in the next message`;
    await dialog.getByRole('textbox', { name: 'Message' }).fill(words);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Entry created', 30_000);
    const shown = conversation.getByRole('listitem').filter({ hasText: words });
    await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(2);

    // The customer writes STOP while the page is open: WhatsApp cannot be chosen, email can.
    await outbox('/control/inbound', { from: phone, text: 'STOP', name });
    const reply = conversation.getByRole('form', { name: 'Reply' });
    await reply.getByTestId('reply-opted-out').waitFor({ timeout: 15_000 });
    await expect(reply.getByRole('radio', { name: 'WhatsApp' }).isDisabled()).resolves.toBe(true);
    await expect(reply.getByRole('radio', { name: 'Email' }).isChecked()).resolves.toBe(true);
    await reply.getByRole('button', { name: 'Send Email' }).waitFor();
    await expectAccessible(page, 'conversation, opted out');
    await context.close();
  });
});
