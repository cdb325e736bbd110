// A quotation built and sent from the conversation at phone size (390x844), as sales: the
// conversation's Quote action opens the builder, two lines are typed, Save opens Send, both
// channels go; back in the conversation the two messages show the PDF as a file with their live
// state, and the outbox (playing Meta and SendGrid) got the PDF byte for byte on both.
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, openPage } from './support/browser.ts';
import { outbox, sentMessages } from './support/outbox.ts';
import { apiCall, DEMO, signedInForFile } from './support/session.ts';
import { toast } from './support/toast.ts';
import { until } from './support/until.ts';

const launched = browserForFile();
const session = signedInForFile(DEMO.sales);

describe('a quote sent from the conversation, on a phone, as sales', () => {
  it('builds two lines, sends on WhatsApp and email, and shows both in the conversation', async () => {
    const stamp = Date.now().toString(36);
    const phone = `+91978${String(Date.now()).slice(-7)}`;
    const email = `quote-${stamp}@example.in`;
    const customer = await apiCall<{ _id: string }>(session.token, 'POST', '/customers', {
      names: [`Kavya Dairy ${stamp}`],
      phones: [phone],
      emails: [email],
    });
    // The customer writes first: WhatsApp's window is open, so the PDF goes as a document.
    await outbox('/control/inbound', { from: phone, text: 'Please send the quotation' });
    await until(async () => {
      const found = await apiCall<{ whatsappWindow?: { open: boolean } }>(
        session.token,
        'GET',
        `/customers/${customer._id}`,
      );
      return found.whatsappWindow?.open || undefined;
    }, 15_000);

    const { context, page } = await openPage(launched.browser, 'phone', session);
    await page.goto(`/customers/${customer._id}`);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await conversation.getByRole('link', { name: 'Quote' }).click();

    await page.getByRole('heading', { name: 'New quote' }).waitFor();
    await page.getByLabel('Item').nth(0).fill('Plate heat exchanger');
    await page.getByLabel('HSN/SAC').nth(0).fill('84195010');
    await page.getByLabel('Qty').nth(0).fill('2');
    await page.getByLabel('Rate (₹)').nth(0).fill('185000');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Item').nth(1).fill('Installation');
    await page.getByLabel('HSN/SAC').nth(1).fill('998719');
    await page.getByLabel('Qty').nth(1).fill('1');
    await page.getByLabel('Rate (₹)').nth(1).fill('12499.99');
    await page.getByRole('button', { name: 'Save quote' }).click();

    // Saved: the quote opens with Send's channel choice, both ticked.
    const dialog = page.getByRole('dialog', { name: /^Send Q\// });
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'WhatsApp' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, /sent on WhatsApp and email/);

    // Back in the conversation: both messages carry the PDF, and their state moves on live.
    await page.waitForURL(`**/customers/${customer._id}**`);
    const {
      items: [quote],
    } = await apiCall<{ items: { _id: string; number: string; status: string }[] }>(
      session.token,
      'GET',
      `/quotes?customerId=${customer._id}`,
    );
    expect(quote.status).toBe('sent');
    const fileName = `${quote.number.replace(/[^\w-]+/g, '-')}.pdf`;
    // A message's bubble (a list item holding its Files list) with the PDF in it.
    const withFile = conversation
      .getByRole('listitem')
      .filter({ has: page.getByRole('list', { name: 'Files' }) })
      .filter({ hasText: fileName });
    await withFile
      .filter({ hasText: /Delivered|Read/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => withFile.count(), { timeout: 10_000 }).toBe(2);

    // The outbox got the quote's own PDF on both channels.
    const pdf = Buffer.from(
      await (
        await fetch(`${baseUrl()}/api/quotes/${quote._id}/pdf`, {
          headers: { Authorization: `Bearer ${session.token}` },
        })
      ).arrayBuffer(),
    );
    const sent = await until(async () => {
      const all = await sentMessages();
      const whatsapp = all.find((m) => m.channel === 'whatsapp' && m.to[0] === phone.slice(1));
      const mail = all.find((m) => m.channel === 'email' && m.to.includes(email));
      return whatsapp && mail ? { whatsapp, mail } : undefined;
    }, 15_000);
    expect(sent.whatsapp.body).toMatchObject({ type: 'document' });
    for (const message of [sent.whatsapp, sent.mail]) {
      expect(message.files?.[0]?.filename).toBe(fileName);
      expect(Buffer.from(message.files?.[0]?.base64 ?? '', 'base64').equals(pdf)).toBe(true);
    }
    await context.close();
  });
});
