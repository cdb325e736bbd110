// "My day" on a phone (390x844) as a sales person: a customer of theirs writes in (unread), an
// entry's WhatsApp message fails (Meta refuses it, through the outbox), a follow-up is due today;
// the first screen of / shows all three above the fold, before the company's cards; the failed
// message is resent from where its link leads (one toast, one message to the customer), and the
// conversation opens from it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { outbox, sentMessages } from './support/outbox.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { toast, toasts } from './support/toast.ts';

let browser: Browser;
let sales: { token: string; role: string };

beforeAll(async () => {
  browser = await launchBrowser();
  sales = await apiSignIn(DEMO.sales);
  await fetch(`${baseUrl()}/api/overview`, { headers: { Authorization: `Bearer ${sales.token}` } });
});
afterAll(async () => {
  await browser?.close();
});

/** The company's time zone on the local stack: Asia/Kolkata, UTC+5:30 all year. */
const COMPANY_OFFSET_MS = 5.5 * 3_600_000;
const DAY_MS = 86_400_000;
/** What is left of the company's day (My day lists the follow-ups due in it). */
const leftOfCompanyDay = () => DAY_MS - ((Date.now() + COMPANY_OFFSET_MS) % DAY_MS);

describe('My day (phone, sales)', () => {
  it(
    'shows an unread conversation, a follow-up due today and a failed message above the fold',
    { timeout: 540_000 },
    async () => {
      // Near the company's midnight the follow-up would be tomorrow's, or become yesterday's
      // before the page is read: the test starts in the new day then.
      if (leftOfCompanyDay() < 5 * 60_000)
        await new Promise((resolve) => setTimeout(resolve, leftOfCompanyDay() + 1_000));
      const word = `Day${Date.now().toString(36)}`;
      const name = `Kavya ${word}`;
      const phone = `+9198${String(Date.now()).slice(-8)}`;
      const customer = await apiCall<{ _id: string }>(sales.token, 'POST', '/customers', {
        names: [name],
        phones: [phone],
      });
      await outbox('/control/inbound', { from: phone, text: `Is the tank ready? ${word}` });
      await outbox('/control/next', {
        channel: 'whatsapp',
        status: 400,
        body: { error: { message: 'Invalid parameter', code: 100 } },
      });
      const entry = await apiCall<{ _id: string; failed: string[] }>(
        sales.token,
        'POST',
        '/entries',
        {
          customer: customer._id,
          description: `Quotation ${word}`,
          amount: 85000,
          whatsapp: { body: `Quotation ${word}` },
        },
      );
      expect(entry.failed).toEqual(['whatsapp']);
      await apiCall(sales.token, 'POST', `/entries/${entry._id}/followup-days`, {
        // Due later today: at most half an hour ahead, and before the company's day ends.
        days: Math.min(0.02, leftOfCompanyDay() / 2 / DAY_MS),
        note: `Call ${name} about the tank`,
      });

      const { context, page } = await openPage(browser, 'phone', sales);
      try {
        await page.goto('/');
        const day = page.getByRole('region', { name: 'My day' });
        await day.waitFor({ timeout: 90_000 });
        const conversation = day
          .getByRole('list', { name: 'My newest conversations' })
          .getByRole('link', { name: new RegExp(name) });
        await conversation.waitFor({ timeout: 60_000 });
        await expect(conversation.getByLabel('1 unread').count()).resolves.toBe(1);
        const followUp = day
          .getByRole('list', { name: 'My follow-ups due today' })
          .getByRole('link', { name: new RegExp(name) });
        await expect(followUp.textContent()).resolves.toContain(`Call ${name} about the tank`);
        const failed = day
          .getByRole('list', { name: 'My failed messages' })
          .getByRole('listitem')
          .filter({ has: page.getByText(name) });
        await expect(failed.textContent()).resolves.toContain('(WhatsApp 100)');
        const fix = failed.getByRole('link', { name: `Open to resend: ${name}` });

        // All of it on the first screen, before the company's cards.
        for (const part of [conversation, followUp, failed, fix]) {
          const box = await part.boundingBox();
          expect(box, 'drawn').not.toBeNull();
          expect(box!.y + box!.height).toBeLessThanOrEqual(844);
        }
        const cards = await page.getByRole('list', { name: 'Totals' }).boundingBox();
        const dayBox = await day.boundingBox();
        expect(cards!.y).toBeGreaterThan(dayBox!.y + dayBox!.height - 1);
        // Sales people have no company view link; the cards sit two by two.
        await expect(day.getByRole('link', { name: 'Company view' }).count()).resolves.toBe(0);
        const cardBoxes = await page
          .locator('.dash-card')
          .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
        expect(cardBoxes[0]).toBe(cardBoxes[1]);
        await expectAccessible(page, 'my day, as sales');

        await fix.click();
        await page.waitForURL((url) => url.pathname === `/customers/${customer._id}`);
        // The failed channel is resent from there: one toast that says it went, one message to
        // the customer (Meta's refusal earlier left nothing in the outbox).
        const toPhone = async () =>
          (await sentMessages()).filter(
            (m) => m.channel === 'whatsapp' && m.to[0] === phone.slice(1),
          );
        expect(await toPhone()).toEqual([]);
        await page
          .getByRole('region', { name: 'History' })
          .getByRole('listitem')
          .filter({ hasText: `Quotation ${word}` })
          .getByRole('button', { name: 'Show details' })
          .click();
        await page
          .getByRole('dialog', { name: 'Entry Details' })
          .getByRole('button', { name: 'Channel Details' })
          .click();
        const resend = page
          .getByRole('dialog', { name: 'Channel Details' })
          .getByRole('form', { name: 'Resend' });
        await resend.getByRole('button', { name: 'Resend WhatsApp' }).click();
        await toast(page, 'WhatsApp sent', 30_000);
        await expect.poll(async () => (await toPhone()).length, { timeout: 15_000 }).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await toPhone()).toHaveLength(1);
        expect(
          await toasts(page)
            .locator('.toast__message', { hasText: /WhatsApp/ })
            .count(),
        ).toBe(1);
        await page.keyboard.press('Escape');
        await page.goBack();
        await conversation.click();
        await page.waitForURL(
          (url) => url.pathname === `/customers/${customer._id}` && url.hash === '#conversation',
        );
        await page.getByText(`Is the tank ready? ${word}`).first().waitFor();
      } finally {
        await context.close();
      }
    },
  );
});
