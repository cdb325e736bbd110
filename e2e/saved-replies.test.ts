// Saved replies, as sales on a phone: "Save as quick reply" on a sent message keeps its words
// and its file; "/" in the reply box lists it beside the Text templates and choosing it sends
// the words with the file; Add Entry's message box lists it too and attaches the file; outside
// the window only approved templates are offered; its owner deletes it from the list.
import { describe, expect, it } from 'vitest';
import { browserForFile, openPage } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { outbox, sentMessages } from './support/outbox.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { toast } from './support/toast.ts';

const launched = browserForFile();
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

describe('saved replies, as sales on a phone', () => {
  const stamp = Date.now().toString(36);

  it('saves a sent message with its file, sends it from "/", offers it in Add Entry, and deletes it', async () => {
    const session = await apiSignIn(DEMO.sales);
    const name = `Farah ${stamp}`;
    const phone = `+91975${String(Date.now()).slice(-7)}`;
    const customer = await apiCall<{ _id: string }>(session.token, 'POST', '/customers', {
      names: [name],
      phones: [phone],
      emails: [],
    });
    // The customer writes (the window opens); sales answers with the rate card.
    await outbox('/control/inbound', { from: phone, text: 'Please send your rates', name });
    const form = new FormData();
    form.append('files', new Blob([PDF], { type: 'application/pdf' }), `rates-${stamp}.pdf`);
    const upload = await apiCall<{ files: { url: string; name: string }[] }>(
      session.token,
      'POST',
      '/uploads',
      form,
    );
    const words = `Our rate card ${stamp} is attached.`;
    await apiCall(session.token, 'POST', `/customers/${customer._id}/conversation`, {
      channel: 'whatsapp',
      text: words,
      attachments: upload.files,
    });

    const { context, page } = await openPage(launched.browser, 'phone', session);
    await page.goto(`/customers/${customer._id}#conversation`);
    const conversation = page.getByRole('region', { name: `Conversation with ${name}` });
    const sent = conversation.getByRole('listitem').filter({ hasText: words }).first();
    await sent.getByRole('button', { name: 'Save as quick reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as quick reply' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Rate card ${stamp}`);
    // The message's own file is chosen to go with it.
    const file = dialog.getByRole('combobox', { name: 'File' });
    expect(await file.locator('option:checked').textContent()).toBe(`rates-${stamp}.pdf`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Saved as quick reply "Rate card ${stamp}": type / to use it`);

    // "/" lists it beside the company's Text templates; Enter fills the words and the file.
    const reply = conversation.getByRole('form', { name: 'Reply' });
    const message = reply.getByRole('textbox', { name: 'Message' });
    await message.fill('/');
    const list = reply.getByRole('listbox', { name: 'Quick replies' });
    await list.getByRole('option', { name: new RegExp(`^Rate card ${stamp}`) }).waitFor();
    await list.getByRole('option', { name: /^Thank you/ }).waitFor();
    await expectAccessible(page, 'conversation, quick replies');
    await message.fill(`/rate card ${stamp}`);
    await message.press('Enter');
    expect(await message.inputValue()).toBe(words);
    await reply
      .getByRole('list', { name: 'Files to send' })
      .getByText(`rates-${stamp}.pdf`)
      .waitFor();
    const before = (await sentMessages()).length;
    await reply.getByRole('button', { name: 'Send WhatsApp' }).click();
    await toast(page, /WhatsApp (sent|delivered|read)$/);
    // The words and the file reached the customer (two WhatsApp messages: text, document).
    await expect
      .poll(
        async () =>
          (await sentMessages())
            .slice(before)
            .filter((m) => m.to[0] === phone.slice(1))
            .flatMap((m) => [m.summary, ...(m.files ?? []).map((f) => f.filename)]),
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining([words, `rates-${stamp}.pdf`]));

    // Add Entry's message box lists it too, and choosing it attaches its file.
    await page.goto(`/customers/${customer._id}`);
    await page.getByRole('button', { name: 'Add Entry' }).first().click();
    const addEntry = page.getByRole('dialog', { name: 'Add Entry' });
    const entryMessage = addEntry.getByRole('textbox', { name: 'Message' });
    await entryMessage.fill(`/rate card ${stamp}`);
    await addEntry
      .getByRole('listbox', { name: 'Quick replies' })
      .getByRole('option', { name: new RegExp(`^Rate card ${stamp}`) })
      .click();
    expect(await entryMessage.inputValue()).toBe(words);
    await addEntry.getByRole('button', { name: /^More/ }).click();
    await addEntry.getByText(`rates-${stamp}.pdf`).first().waitFor();
    await addEntry.getByRole('button', { name: 'Cancel' }).click();

    // Outside the window (a customer who never wrote) only approved templates are offered.
    const quiet = await apiCall<{ _id: string }>(session.token, 'POST', '/customers', {
      names: [`Quiet ${stamp}`],
      phones: [`+91974${String(Date.now()).slice(-7)}`],
      emails: [],
    });
    await page.goto(`/customers/${quiet._id}#conversation`);
    const quietReply = page.getByRole('form', { name: 'Reply' });
    await quietReply.getByRole('textbox', { name: 'Text for the template' }).fill('/');
    const quietList = quietReply.getByRole('listbox', { name: 'Quick replies' });
    await quietList.waitFor();
    expect(await quietList.getByRole('option', { name: /Rate card/ }).count()).toBe(0);

    // Its owner deletes it from the list.
    await page.goto(`/customers/${customer._id}#conversation`);
    await message.fill(`/rate card ${stamp}`);
    await reply.getByRole('button', { name: `Delete saved reply Rate card ${stamp}` }).click();
    await toast(page, `Saved reply "Rate card ${stamp}" deleted`);
    await list.getByText('No quick reply has that title').waitFor();
    const mine = await apiCall<{ title: string }[]>(session.token, 'GET', '/me/saved-replies');
    expect(mine.map((r) => r.title)).not.toContain(`Rate card ${stamp}`);
    await context.close();
  });
});
