// Templates, Integrations and Settings in a real browser against the local stack, at desktop
// and phone sizes, with axe: signed in as the seeded admin (POST /api/auth/login), messages
// going to the stack's outbox (which stands in for SendGrid and the WhatsApp Cloud API).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../functions/src/app/testing.ts';
import {
  baseUrl,
  browserForFile,
  openPage,
  VIEWPORTS,
  type ViewportName,
} from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { DEMO, signedInForFile } from './support/session.ts';
import { toast } from './support/toast.ts';
import { sentMessages } from './support/outbox.ts';

const SEEDED_COMPANY = 'Demo Dairy Equipment Pvt Ltd';
// The seeded secrets (tools/stack/seed.ts): never on a page, masked in answers.
const SEEDED_SECRETS = [
  'local-outbox-whatsapp-token',
  'local-outbox-app-secret',
  'SG.local-outbox',
];

const launched = browserForFile();
const session = signedInForFile(DEMO.admin);

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function expectNoSecretOnPage(page: Page): Promise<void> {
  const html = await page.content();
  for (const secret of SEEDED_SECRETS) expect(html).not.toContain(secret);
}

/** Waits until the menu brand (in the drawer on phones) reads `expected`. */
async function expectMenuBrand(page: Page, viewport: ViewportName, expected: string) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .last()
    .locator('.brand__title', { hasText: new RegExp(`^${expected}$`) })
    .waitFor();
  if (viewport === 'phone') await page.keyboard.press('Escape');
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`at ${viewport} size`, () => {
    it('manages templates: tabs with counts, add, edit into another type, delete', async () => {
      const { context, page } = await openPage(launched.browser, viewport, session);
      const title = `E2E ${viewport} reminder`;
      await page.goto('/templates');
      await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
      await page.getByText('Thank you', { exact: true }).waitFor();
      const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(`) });
      expect(await tab('Text').getAttribute('aria-selected')).toBe('true');
      const textCount = Number(/\((\d+)\)/.exec((await tab('Text').textContent()) ?? '')?.[1]);
      expect(textCount).toBeGreaterThanOrEqual(2);
      await page
        .getByText('Text templates are boilerplate for the Add Entry message box.', {
          exact: false,
        })
        .waitFor();
      await expectAccessible(page, 'templates');

      // The required message, then a real add.
      await page.getByRole('button', { name: 'Add Template' }).click();
      await page.getByRole('alert').getByText('Title aur Content dono required hain.').waitFor();
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      await page
        .getByRole('textbox', { name: 'Content' })
        .fill('Kindly clear the pending payment.');
      await page.getByRole('button', { name: 'Add Template' }).click();
      await toast(page, 'Template added');
      await page.getByRole('button', { name: `Edit ${title}` }).waitFor();
      expect(await tab('Text').textContent()).toBe(`Text (${textCount + 1})`);

      // Edit it into a WhatsApp template: the tab follows.
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await page.getByRole('heading', { name: 'Edit Template' }).waitFor();
      await page.getByRole('combobox', { name: 'Type' }).selectOption('whatsapp');
      await expectAccessible(page, 'edit template');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Template updated');
      await page.waitForFunction(() =>
        document
          .querySelector('[role="tab"][aria-selected="true"]')
          ?.textContent?.startsWith('WhatsApp'),
      );
      await page.getByRole('button', { name: `Edit ${title}` }).waitFor();

      // Delete it, confirming.
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this template?' });
      await dialog.waitFor();
      await expectAccessible(page, 'delete template');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Template deleted');
      await page.getByRole('button', { name: `Edit ${title}` }).waitFor({ state: 'detached' });
      expect(await tab('Text').textContent()).toBe(`Text (${textCount})`);
      await context.close();
    });

    it('shows the integrations with masked secrets and sends a test of each to the outbox', async () => {
      const { context, page } = await openPage(launched.browser, viewport, session);
      await page.goto('/integrations');
      const whatsapp = page.getByRole('region', { name: 'WhatsApp' });
      const email = page.getByRole('region', { name: 'Email' });
      await whatsapp.waitFor();
      expect(await whatsapp.getByLabel('Access token').inputValue()).toBe('••••oken');
      expect(await whatsapp.getByLabel('Phone number ID').inputValue()).toBe('100000000000001');
      expect(await email.getByLabel('SMTP host').inputValue()).toBe('smtp.sendgrid.net');
      expect(await email.getByLabel('SMTP password').inputValue()).toBe('••••-key');
      await expectNoSecretOnPage(page);
      await expectAccessible(page, 'integrations');

      await whatsapp.getByRole('button', { name: 'Send test WhatsApp' }).click();
      await whatsapp
        .getByText(/^Sent to \+919800000001 via whatsapp \(id wamid\.OUTBOX\w+\)\.$/)
        .waitFor();
      await email.getByRole('button', { name: 'Send test Email' }).click();
      await email
        .getByText(/^Sent to admin@demo-crm\.local via sendgrid \(id outbox-email-[\w-]+\)\.$/)
        .waitFor();
      await expectAccessible(page, 'integrations, tests sent');

      const sent = await sentMessages();
      expect(sent).toContainEqual(
        expect.objectContaining({
          channel: 'whatsapp',
          to: ['919800000001'],
          summary: `Test message from ${SEEDED_COMPANY}: WhatsApp is connected.`,
        }),
      );
      expect(sent).toContainEqual(
        expect.objectContaining({
          channel: 'email',
          to: ['admin@demo-crm.local'],
          summary: `Test email from ${SEEDED_COMPANY}`,
        }),
      );

      // One Save; the masked secrets go back unchanged and keep working.
      const fromName = email.getByLabel('From name');
      await fromName.fill(`Sales desk ${viewport}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Saved');
      await page.reload();
      await page.getByRole('region', { name: 'Email' }).getByLabel('From name').waitFor();
      expect(
        await page.getByRole('region', { name: 'Email' }).getByLabel('From name').inputValue(),
      ).toBe(`Sales desk ${viewport}`);
      expect(
        await page
          .getByRole('region', { name: 'WhatsApp' })
          .getByLabel('Access token')
          .inputValue(),
      ).toBe('••••oken');
      const test = await api('/integrations/whatsapp/test', { body: {} });
      expect(test.status).toBe(200);

      // A bad port is named at its field.
      const port = page.getByRole('region', { name: 'Email' }).getByLabel('SMTP port');
      await port.fill('70000');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('SMTP port must be a whole number from 1 to 65535').first().waitFor();
      expect(await port.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'integrations, a field refused');

      const restore = await api('/admin/settings', {
        method: 'PUT',
        body: { integrations: { email: { fromName: 'Demo Dairy Equipment' } } },
      });
      expect(restore.status).toBe(200);
      await context.close();
    });

    it('saves the settings with Save All, and the company name brands the menu', async () => {
      const { context, page } = await openPage(launched.browser, viewport, session);
      await page.goto('/settings');
      const name = page.getByLabel('Company name');
      await name.waitFor();
      expect(await name.inputValue()).toBe(SEEDED_COMPANY);
      await expectMenuBrand(page, viewport, SEEDED_COMPANY);
      await page.locator('.settings-contacts__joined').first().waitFor();
      // Phones as people write them; each value once.
      expect(await page.locator('.settings-contacts__joined').allTextContents()).toEqual([
        '+91 98000 00001',
        'admin@demo-crm.local',
      ]);
      expect(await page.getByRole('switch', { name: 'Email' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'WhatsApp' }).isChecked()).toBe(false);
      await expectAccessible(page, 'settings');

      await name.fill(`Renamed ${viewport} Pvt Ltd`);
      await page.getByLabel('Add phone').fill('98123 45678');
      await page.getByLabel('Add phone').press('Enter');
      await page.getByLabel('Add email').fill('ops@demo-crm.local');
      await page.getByRole('button', { name: 'Add', exact: true }).last().click();
      await page.getByRole('switch', { name: 'WhatsApp' }).check();
      await page.getByRole('button', { name: 'Save All' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();
      expect(await page.locator('.settings-contacts__joined').allTextContents()).toEqual([
        '+91 98000 00001, +91 98123 45678',
        'admin@demo-crm.local, ops@demo-crm.local',
      ]);
      await expectMenuBrand(page, viewport, `Renamed ${viewport} Pvt Ltd`);
      await expectAccessible(page, 'settings, saved');

      const publicSettings = await fetch(`${baseUrl()}/api/settings/public`);
      expect(await publicSettings.json()).toEqual({
        companyName: `Renamed ${viewport} Pvt Ltd`,
        adminEmail: 'admin@demo-crm.local',
        timeZone: process.env.COMPANY_TIME_ZONE || DEFAULT_TIME_ZONE,
      });

      const restore = await api('/admin/settings', {
        method: 'PUT',
        body: {
          companyName: SEEDED_COMPANY,
          adminNumbers: ['+919800000001'],
          adminEmails: ['admin@demo-crm.local'],
          notifications: { email: true, whatsapp: false },
        },
      });
      expect(restore.status).toBe(200);
      await context.close();
    });
  });
}
