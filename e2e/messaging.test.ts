// WhatsApp's 24-hour window in a real browser against the local stack and its outbox (which
// plays Meta): outside the window the composer previews the approved default template filled
// with the text and says why; once the customer writes in, the typed words go as they are and
// come back delivered and read.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../tools/stack/outbox.ts';
import { browserForFile, openPage } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { outbox } from './support/outbox.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { toast } from './support/toast.ts';
import { until } from './support/until.ts';

const launched = browserForFile();

/** The Add Entry dialog of the customer named `name`, opened from the Customers list. */
async function openAddEntry(page: Page, name: string) {
  await page.goto('/customers');
  await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
  await page
    .getByRole('region', { name: 'Search and filters' })
    .getByRole('searchbox', { name: 'Search' })
    .fill(name);
  await page.getByRole('button', { name: `Add Entry ${name}` }).click();
  return page.getByRole('dialog', { name: 'Add Entry' });
}

describe('the WhatsApp window at desktop size', () => {
  const stamp = Date.now().toString(36);
  const name = `Window ${stamp}`;
  const phone = `+91975${String(Date.now()).slice(-7)}`;

  it('previews the template and the reason outside the window, and sends word for word inside it', async () => {
    const session = await apiSignIn(DEMO.sales);
    const customer = await apiCall<{ _id: string }>(session.token, 'POST', '/customers', {
      names: [name],
      phones: [phone],
      emails: [],
    });
    const { context, page } = await openPage(launched.browser, 'desktop', session);

    const compose = async (text: string) => {
      const dialog = await openAddEntry(page, name);
      await dialog.getByRole('switch', { name: 'WhatsApp' }).check();
      await dialog.getByRole('textbox', { name: 'Message' }).fill(text);
      return dialog;
    };

    // Outside the window: the default template, filled, and why.
    const outside = await compose('Rate is 4.2 lakh');
    const preview = outside.getByRole('region', { name: 'WhatsApp preview' });
    await preview.getByText('Closed: needs an approved template').waitFor();
    await preview
      .getByText(`Hello ${name}, a message from our team: Rate is 4.2 lakh`)
      .waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'add entry, WhatsApp window closed');
    await outside.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Entry created', 30_000);

    // The customer writes in; the window opens.
    await outbox('/control/inbound', { from: phone, text: 'Please send the quote', name });
    await until(async () => {
      const shown = await apiCall<{ window: { open: boolean } }>(
        session.token,
        'POST',
        '/whatsapp/preview',
        {
          customerId: customer._id,
          text: 'x',
        },
      );
      return shown.window.open ? true : undefined;
    });

    const words = `Quotation ${stamp}: 500 L tank at 4.2 lakh, delivery in 3 weeks`;
    const inside = await compose(words);
    const open = inside.getByRole('region', { name: 'WhatsApp preview' });
    await open.getByText(/^Open until/).waitFor({ timeout: 15_000 });
    await open.getByText(words, { exact: true }).waitFor();
    await inside.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'WhatsApp sent', 30_000);
    await context.close();

    const sent = (await outbox('/messages')) as OutboxMessage[];
    const mine = sent.filter((m) => m.channel === 'whatsapp' && m.to[0] === phone.slice(1));
    expect(mine.map((m) => m.summary)).toEqual([
      `Hello ${name}, a message from our team: Rate is 4.2 lakh`,
      words,
    ]);
    // Meta's callbacks move it on to read.
    const entry = await until(async () => {
      const found = await apiCall<{
        items: { dispatch: { whatsapp?: { status: string; text?: string } } }[];
      }>(session.token, 'GET', `/entries?q=${encodeURIComponent(name.split(' ')[1])}`);
      const item = found.items.find((e) => e.dispatch.whatsapp?.text === words);
      return item?.dispatch.whatsapp?.status === 'read' ? item : undefined;
    });
    expect(entry.dispatch.whatsapp?.status).toBe('read');
  }, 240_000);
});

describe('write once, resend, STOP at phone size (signed in as sales)', () => {
  const stamp = Date.now().toString(36);
  const name = `Once ${stamp}`;
  const phone = `+91976${String(Date.now()).slice(-7)}`;
  const email = `once-${stamp}@example.in`;
  const mine = async () =>
    ((await outbox('/messages')) as OutboxMessage[]).filter(
      (m) => m.to.includes(email) || m.to[0] === phone.slice(1),
    );

  it('sends the one message on both channels, resends WhatsApp alone, and stops at STOP', async () => {
    const session = await apiSignIn(DEMO.sales);
    const customer = await apiCall<{ _id: string }>(session.token, 'POST', '/customers', {
      names: [name],
      phones: [phone],
      emails: [email],
    });
    const { context, page } = await openPage(launched.browser, 'phone', session);

    // A hurried person: the main box only, both channels on, Save.
    const addEntry = async (words: string) => {
      const dialog = await openAddEntry(page, name);
      await dialog.getByRole('textbox', { name: 'Message' }).fill(words);
      await dialog.getByRole('switch', { name: 'WhatsApp' }).check();
      await dialog.getByRole('switch', { name: 'Email' }).check();
      return dialog;
    };

    // Window closed: the approved template filled with the message (never "-"), and the email.
    const closedWords = `Quotation ${stamp}: 40 chairs at ₹2,350 each, delivery Friday`;
    let dialog = await addEntry(closedWords);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Email sent', 30_000);
    let sent = await until(async () => ((await mine()).length >= 2 ? mine() : undefined));
    expect(sent.find((m) => m.channel === 'whatsapp')!.summary).toBe(
      `Hello ${name}, a message from our team: ${closedWords}`,
    );
    expect(JSON.stringify(sent.find((m) => m.channel === 'email')!.body)).toContain(
      JSON.stringify(closedWords).slice(1, -1),
    );

    // Window open: the message word for word on both channels.
    await outbox('/control/inbound', { from: phone, text: 'Please send the quote', name });
    await until(async () => {
      const c = await apiCall<{ whatsappWindow: { open: boolean } }>(
        session.token,
        'GET',
        `/customers/${customer._id}`,
      );
      return c.whatsappWindow.open ? true : undefined;
    });
    const openWords = `Revised ${stamp}: 40 chairs at ₹2,200 each`;
    dialog = await addEntry(openWords);
    await dialog
      .getByRole('region', { name: 'WhatsApp preview' })
      .getByText(openWords, { exact: true })
      .waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'WhatsApp sent', 30_000);
    sent = await until(async () => ((await mine()).length >= 4 ? mine() : undefined));
    expect(sent.filter((m) => m.channel === 'whatsapp').map((m) => m.summary)).toContain(openWords);
    expect(
      sent
        .filter((m) => m.channel === 'email')
        .some((m) => JSON.stringify(m.body).includes(openWords)),
    ).toBe(true);

    // Resend of WhatsApp alone leaves email alone.
    const before = await mine();
    await page.goto('/entries');
    await page
      .getByRole('searchbox', { name: /Search/ })
      .first()
      .fill(stamp);
    await page
      .getByRole('listitem')
      .filter({ hasText: openWords })
      .getByRole('button', { name: /WhatsApp \+ Email/ })
      .click();
    const details = page.getByRole('dialog', { name: 'Channel Details' });
    const resend = details.getByRole('form', { name: 'Resend' });
    await resend.getByRole('checkbox', { name: /^WhatsApp/ }).check();
    await resend.getByRole('checkbox', { name: /^Email/ }).uncheck();
    await resend.getByRole('button', { name: 'Resend WhatsApp' }).click();
    await toast(page, 'WhatsApp sent', 30_000);
    const after = await until(async () => {
      const now = await mine();
      return now.length > before.length ? now : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const added = (await mine()).slice(before.length);
    expect(added.map((m) => m.channel)).toEqual(['whatsapp']);
    expect(after.length).toBe(before.length + 1);
    await page.keyboard.press('Escape');

    // STOP: the next WhatsApp does not go, and the reason is shown.
    await outbox('/control/inbound', { from: phone, text: 'STOP', name });
    await until(async () => {
      const c = await apiCall<{ whatsappWindow: { optedOutAt: string | null } }>(
        session.token,
        'GET',
        `/customers/${customer._id}`,
      );
      return c.whatsappWindow.optedOutAt ? true : undefined;
    });
    const stopped = await mine();
    dialog = await addEntry(`After STOP ${stamp}`);
    await dialog.getByText('Opted out of WhatsApp (wrote STOP)').first().waitFor();
    await dialog
      .getByRole('region', { name: 'WhatsApp preview' })
      .getByText(/opted out of WhatsApp \(wrote STOP\)/)
      .waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'add entry, opted out');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, /WhatsApp failed: .*opted out of WhatsApp/, 30_000);
    await until(async () => ((await mine()).length > stopped.length ? true : undefined));
    const afterStop = (await mine()).slice(stopped.length);
    expect(afterStop.map((m) => m.channel)).toEqual(['email']);
    await context.close();
  }, 300_000);
});
