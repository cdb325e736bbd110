// The Add Entry modal in a real browser against the local stack, at desktop and phone sizes,
// with axe: as the seeded sales user, open a customer's Add Entry (both channels on for a
// customer with a phone and an email; folded, it fits a phone's screen), write the message and
// an internal note, attach a PDF and save; then read what the local outbox (standing in for
// WhatsApp and SendGrid) received (never the internal note) and check the stored entry.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserForFile, openPage, VIEWPORTS, type ViewportName } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';
import { toast, toasts } from './support/toast.ts';
import { sentMessages } from './support/outbox.ts';

/** The smallest PDF the upload's content check accepts. */
const PDF_BYTES = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

const launched = browserForFile();
let dir: string;
let pdfPath: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'add-entry-'));
  pdfPath = path.join(dir, 'quotation.pdf');
  await writeFile(pdfPath, PDF_BYTES);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const digits = (phone: string) => phone.replace(/\D/g, '');

/** One digit per size, so the phones of the two runs never clash. */
const SIZE_DIGIT = { desktop: '3', phone: '4' } as const;

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`add entry at ${viewport} size`, () => {
    const stamp = Date.now().toString(36);
    const name = `Meera ${viewport} ${stamp}`;
    const phone = `+9197${SIZE_DIGIT[viewport]}${String(Date.now()).slice(-7)}`;
    const secondPhone = `+9196${SIZE_DIGIT[viewport]}${String(Date.now()).slice(-7)}`;
    const email = `meera.${viewport}.${stamp}@example.in`;
    // One word of the description to find the entry by (description keys are word prefixes).
    const word = `ae${stamp}${SIZE_DIGIT[viewport]}`;

    it('creates an entry with a PDF on WhatsApp and email, sent to the first phone and email', async () => {
      const session = await apiSignIn(DEMO.sales);
      expect(session.role).toBe('sales');
      await apiCall(session.token, 'POST', '/customers', {
        names: [name],
        phones: [phone, secondPhone],
        emails: [email, `second.${viewport}.${stamp}@example.in`],
        categories: ['PHE'],
        potential: 'HOT',
        note: '',
      });
      const startedAt = new Date().toISOString();

      const { context, page } = await openPage(launched.browser, viewport, session);
      await page.goto('/customers');
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      const searched = page.waitForResponse(
        (res) =>
          new URL(res.url()).pathname === '/api/customers' &&
          new URL(res.url()).searchParams.get('q') === name,
        { timeout: 90_000 },
      );
      await page
        .getByRole('region', { name: 'Search and filters' })
        .getByRole('searchbox', { name: 'Search' })
        .fill(name);
      await searched;
      await page.getByRole('button', { name: `Add Entry ${name}` }).click();

      const dialog = page.getByRole('dialog', { name: 'Add Entry' });
      await dialog.getByRole('group', { name: `Message to ${name}` }).waitFor();
      await expectAccessible(page, 'add entry');

      await dialog.getByRole('textbox', { name: 'Message' }).fill(`Quotation ${word} sent`);
      // A remark for the team only: it must reach no channel.
      const noteWord = `Secret${stamp}`;
      await dialog
        .getByRole('textbox', { name: 'Internal note' })
        .fill(`Budget ${noteWord} ₹6.5 lakh`);
      // The customer has a phone and an email, and this person chose nothing before: both on,
      // each saying what the customer will receive.
      await expect(dialog.getByRole('switch', { name: 'WhatsApp' }).isChecked()).resolves.toBe(
        true,
      );
      await expect(dialog.getByRole('switch', { name: 'Email' }).isChecked()).resolves.toBe(true);
      await dialog
        .getByRole('region', { name: 'WhatsApp preview' })
        .getByText(`${name} will receive:`)
        .waitFor({ timeout: 15_000 });
      if (viewport === 'phone') {
        // Folded, the whole dialog fits one screen, both channels' previews open: the message
        // first, Save in view, nothing to scroll to.
        const message = await dialog.getByRole('textbox', { name: 'Message' }).boundingBox();
        expect(message!.y).toBeLessThan(VIEWPORTS.phone.height / 4);
        const save = await dialog.getByRole('button', { name: 'Save' }).boundingBox();
        expect(save!.y + save!.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
        const body = await dialog
          .locator('.dialog__body')
          .evaluate((el) => ({ scroll: el.scrollHeight, shown: el.clientHeight }));
        expect(body.scroll).toBeLessThanOrEqual(body.shown + 1);
      }
      // Process, amount and files are under "More" (folded on a phone).
      const more = dialog.getByRole('button', { name: /^More/ });
      if ((await more.getAttribute('aria-expanded')) === 'false') await more.click();
      await dialog.getByRole('combobox', { name: 'Process' }).selectOption('Quotation');
      await dialog.getByRole('spinbutton', { name: 'Amount (₹)' }).fill('25000');
      await dialog.getByLabel('Add files').setInputFiles(pdfPath);
      await dialog
        .getByRole('list', { name: 'Attached files' })
        .getByText('quotation.pdf')
        .waitFor();

      // Write once, as a hurried person does: only the main box typed, both channels on.
      await dialog.getByRole('switch', { name: 'WhatsApp' }).check();
      await dialog.getByRole('switch', { name: 'Email' }).check();
      await dialog
        .getByRole('region', { name: 'WhatsApp preview' })
        .getByText(`Hello ${name}, a message from our team: Quotation ${word} sent`)
        .waitFor({ timeout: 15_000 });
      await expectAccessible(page, 'add entry, written, with a file');
      await dialog.getByRole('button', { name: 'Save' }).click();

      await toast(page, 'Entry created', 30_000);
      await dialog.waitFor({ state: 'detached' });
      const failures = toasts(page).getByText(/failed/);
      expect(await failures.count()).toBe(0);
      await context.close();

      // The outbox: the new customer never wrote, so WhatsApp carries only the company's
      // approved default template with the text (no file) to the first phone; the email with
      // the PDF to the first email; nothing to the second phone or email.
      const sent = (await sentMessages()).filter((m) => m.at >= startedAt);
      const whatsapp = sent.filter(
        (m) => m.channel === 'whatsapp' && digits(m.to[0] ?? '') === digits(phone),
      );
      expect(whatsapp.map((m) => (m.body as { type?: string }).type)).toEqual(['template']);
      expect(whatsapp[0].summary).toBe(
        `Hello ${name}, a message from our team: Quotation ${word} sent`,
      );
      expect(JSON.stringify(sent)).not.toContain(noteWord);
      const mail = sent.filter((m) => m.channel === 'email' && m.to.includes(email));
      expect(mail).toHaveLength(1);
      expect(mail[0].summary).toMatch(/^Message from /);
      expect(JSON.stringify(mail[0].body)).toContain(`Quotation ${word} sent`);
      const attachments = (mail[0].body as { attachments?: { filename: string }[] }).attachments;
      expect(attachments?.map((a) => a.filename)).toEqual(['quotation.pdf']);
      expect(sent.some((m) => m.to.some((to) => to.includes('second.')))).toBe(false);
      expect(sent.some((m) => m.to.some((to) => digits(to) === digits(secondPhone)))).toBe(false);

      // The API: the entry is pending, on both channels, with the attachment.
      const found = await apiCall<{ items: Record<string, unknown>[] }>(
        session.token,
        'GET',
        `/entries?q=${encodeURIComponent(word)}`,
      );
      expect(found.items).toHaveLength(1);
      expect(found.items[0]).toMatchObject({
        description: `Quotation ${word} sent`,
        extraNote: `Budget ${noteWord} ₹6.5 lakh`,
        status: 'pending',
        channel: 'multiple',
        process: 'Quotation',
        amount: 25000,
        attachments: [{ name: 'quotation.pdf', mimetype: 'application/pdf' }],
        dispatch: {
          whatsapp: {
            status: expect.stringMatching(/^(sent|delivered|read)$/),
            templateName: 'crm_message',
            preview: `Hello ${name}, a message from our team: Quotation ${word} sent`,
            to: [expect.stringContaining(digits(phone).slice(-10))],
          },
          email: {
            status: expect.stringMatching(/^(sent|processed|delivered)$/),
            to: [email],
            // What the customer received, kept on the entry for every screen.
            preview: `Quotation ${word} sent`,
          },
        },
      });
    }, 240_000);
  });
}
