// WhatsApp's 24-hour window in a real browser against the local stack and its outbox (which
// plays Meta): outside the window the composer previews the approved default template filled
// with the text and says why; once the customer writes in, the typed words go as they are and
// come back delivered and read.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OutboxMessage } from '../tools/stack/outbox.ts';
import { baseUrl, expectAccessible, launchBrowser, openPage } from './support/browser.ts';
import { apiSignIn, DEMO } from './support/session.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${route}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

async function outbox(path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${inject('outboxUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function until<T>(check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('the WhatsApp window at desktop size', () => {
  const stamp = Date.now().toString(36);
  const name = `Window ${stamp}`;
  const phone = `+91975${String(Date.now()).slice(-7)}`;

  it('previews the template and the reason outside the window, and sends word for word inside it', async () => {
    const session = await apiSignIn(DEMO.sales);
    const customer = await api<{ _id: string }>(session.token, 'POST', '/customers', {
      names: [name],
      phones: [phone],
      emails: [],
    });
    const { context, page } = await openPage(browser, 'desktop', session);

    const compose = async (text: string) => {
      await page.goto('/customers');
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      await page
        .getByRole('region', { name: 'Search and filters' })
        .getByRole('searchbox', { name: 'Search' })
        .fill(name);
      await page.getByRole('button', { name: `Add Entry ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Entry' });
      await dialog.getByRole('switch', { name: 'WhatsApp' }).check();
      await dialog.getByRole('textbox', { name: 'WhatsApp text' }).fill(text);
      return dialog;
    };

    // Outside the window: the default template, filled, and why.
    const outside = await compose('Rate is 4.2 lakh');
    const preview = outside.getByRole('region', { name: 'WhatsApp preview' });
    await preview.getByText('Closed: needs an approved template').waitFor();
    await preview
      .getByText(`Hello ${name}, a message from our team: Rate is 4.2 lakh`)
      .waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    await outside.getByRole('button', { name: 'Save' }).click();
    const toasts = page.getByRole('region', { name: 'Status messages' });
    await toasts.getByText('Entry created').waitFor({ timeout: 30_000 });

    // The customer writes in; the window opens.
    await outbox('/control/inbound', { from: phone, text: 'Please send the quote', name });
    await until(async () => {
      const shown = await api<{ window: { open: boolean } }>(
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
    await toasts.getByText('WhatsApp sent').waitFor({ timeout: 30_000 });
    await context.close();

    const sent = (await outbox('/messages')) as OutboxMessage[];
    const mine = sent.filter((m) => m.channel === 'whatsapp' && m.to[0] === phone.slice(1));
    expect(mine.map((m) => m.summary)).toEqual([
      `Hello ${name}, a message from our team: Rate is 4.2 lakh`,
      words,
    ]);
    // Meta's callbacks move it on to read.
    const entry = await until(async () => {
      const found = await api<{
        items: { dispatch: { whatsapp?: { status: string; text?: string } } }[];
      }>(session.token, 'GET', `/entries?q=${encodeURIComponent(name.split(' ')[1])}`);
      const item = found.items.find((e) => e.dispatch.whatsapp?.text === words);
      return item?.dispatch.whatsapp?.status === 'read' ? item : undefined;
    });
    expect(entry.dispatch.whatsapp?.status).toBe('read');
  }, 240_000);
});
