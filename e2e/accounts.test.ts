// Accounts in a real browser against the local stack, at desktop and phone sizes, with axe:
// register → an admin approves → the employee signs in by password and by OTP and sees only the
// employee menu; an employee is refused the admin screens; an admin creates a role from a
// preset, bulk-assigns it and can delete it only once nobody holds it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, openPage, VIEWPORTS, type ViewportName } from './support/browser.ts';
import { expectAccessible } from './support/accessibility.ts';
import { apiPost as api, apiSignIn, DEMO, signInThroughForm } from './support/session.ts';
import { sentMessages } from './support/outbox.ts';
import { toast } from './support/toast.ts';

const EVERYONE_ITEMS = ['Dashboard', 'Inbox', 'Customers', 'Entries', 'Quotes', 'Information'];
const ADMIN_ITEMS = ['Settings', 'Approvals', 'Users', 'Roles', 'Templates', 'Integrations'];
const IN_USE = 'This role is in use by users. Reassign users first.';

const launched = browserForFile();

/** Signs in through the Login → Password form and waits for the dashboard. */
async function signInByPassword(page: Page, email: string, password: string): Promise<void> {
  await signInThroughForm(page, { email, password });
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

async function menuItems(page: Page, viewport: ViewportName): Promise<string[]> {
  if (viewport === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' }).last();
  // The menu fills in once the session's role is known, which can land after the heading.
  await nav.getByRole('link', { name: 'Information' }).waitFor();
  const items = (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
  if (viewport === 'phone') await page.keyboard.press('Escape');
  return items;
}

/** The code in the newest sign-in email the stack's outbox (the local SendGrid) got for `to`. */
async function emailedCode(to: string): Promise<string | undefined> {
  const codes = (await sentMessages())
    .filter((m) => m.channel === 'email' && m.to.includes(to))
    .map((m) => /^Your sign-in code: (\d{6})$/.exec(m.summary)?.[1])
    .filter((code) => code !== undefined);
  return codes.at(-1);
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  describe(`accounts at ${viewport} size`, () => {
    const stamp = `${viewport}-${Date.now()}`;
    const employee = {
      fullName: `E2E Employee ${stamp}`,
      email: `e2e-employee-${stamp}@demo-crm.local`,
      password: `pw-${stamp}`,
    };

    it('registers, is approved by an admin, then signs in by password and by OTP', async () => {
      // Register (no role picker: the account asks for sales).
      const { context, page } = await openPage(launched.browser, viewport);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
      expect(await page.getByText('CRM, Orders, Approvals').isVisible()).toBe(true);
      // Branded with the seeded company settings, with the admin contact in the footer.
      await page.getByText('Demo Dairy Equipment Pvt Ltd').waitFor();
      expect(await page.getByText(/Terms & Privacy/).isVisible()).toBe(true);
      expect(
        await page.getByRole('link', { name: /@demo-crm\.local$/ }).getAttribute('href'),
      ).toMatch(/^mailto:.+@demo-crm\.local$/);
      await expectAccessible(page, 'sign-in');

      await page.getByRole('tab', { name: 'Register' }).click();
      expect(await page.getByRole('combobox').count()).toBe(0);
      await page.getByRole('textbox', { name: 'Full name' }).fill(employee.fullName);
      await page.getByRole('textbox', { name: 'Email' }).fill(employee.email);
      await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('');
      await page.locator('input[autocomplete="new-password"]').fill(employee.password);
      await expectAccessible(page, 'register, filled');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(/Registered successfully/).waitFor();
      await page
        .getByRole('tab', { name: 'Login', selected: true })
        .waitFor({ state: 'visible', timeout: 5000 });
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(employee.email);

      // Not approved yet: refused with the server's message.
      await page.locator('input[autocomplete="current-password"]').fill(employee.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('alert').waitFor();
      expect(page.url()).toMatch(/\/login$/);
      await context.close();

      // An admin approves the account on Approvals → Employees (signed in through the API: the
      // form's sign-in is the employee's, below).
      const admin = await openPage(launched.browser, viewport, await apiSignIn(DEMO.admin));
      await admin.page.goto('/approvals');
      await admin.page.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
      await admin.page.getByRole('tab', { name: 'Employees' }).click();
      await admin.page.getByRole('heading', { name: 'Pending Employees' }).waitFor();
      await admin.page.getByPlaceholder('Name, email, phone, role').fill(employee.email);
      const approve = admin.page.getByRole('button', { name: `Approve ${employee.fullName}` });
      await approve.waitFor();
      await expectAccessible(admin.page, 'approvals, employees');
      await approve.click();
      await approve.waitFor({ state: 'detached' });
      // Empty either way: no other match, or nobody else waiting.
      await admin.page.getByText(/^(No matches|No pending employees)$/).waitFor();
      // The row leaves the list before the call ends: the approval is done at its toast.
      await toast(admin.page, 'Approved 1 employee');
      expect(await admin.page.getByRole('alert').count()).toBe(0);
      await admin.context.close();

      // Password sign-in: the employee menu only.
      const signedIn = await openPage(launched.browser, viewport);
      await signInByPassword(signedIn.page, employee.email, employee.password);
      expect(await signedIn.page.getByText('Role: sales').isVisible()).toBe(true);
      expect(await menuItems(signedIn.page, viewport)).toEqual(EVERYONE_ITEMS);
      expect(
        await signedIn.page.evaluate(() => [
          localStorage.getItem('role'),
          localStorage.getItem('userEmail'),
          localStorage.getItem('userName'),
        ]),
      ).toEqual(['sales', employee.email, employee.fullName]);
      await logout(signedIn.page);

      // OTP sign-in, reading the code from the email the outbox received (never on screen).
      const { page: otpPage } = signedIn;
      await otpPage.getByRole('tab', { name: 'OTP' }).click();
      await otpPage.getByRole('textbox', { name: 'Email or phone' }).fill(employee.email);
      await otpPage.getByRole('button', { name: 'Send OTP' }).click();
      const sent = otpPage.getByText(/OTP sent/);
      await sent.waitFor();
      expect(await sent.textContent()).not.toMatch(/\d{6}/);
      const code = await emailedCode(employee.email);
      expect(code).toMatch(/^\d{6}$/);
      await expectAccessible(otpPage, 'sign-in by OTP, code sent');
      await otpPage.getByRole('textbox', { name: 'OTP code' }).fill(code as string);
      await otpPage.getByRole('button', { name: 'Verify & Login' }).click();
      await otpPage.waitForURL((url) => url.pathname === '/');
      await otpPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await menuItems(otpPage, viewport)).toEqual(EVERYONE_ITEMS);
      for (const item of ADMIN_ITEMS) expect(EVERYONE_ITEMS).not.toContain(item);

      // The admin screens stay closed to an employee.
      await otpPage.goto('/users');
      await otpPage.getByRole('heading', { name: 'Access denied' }).waitFor();
      expect(
        await otpPage.getByText('Your role “sales” cannot access this page.').isVisible(),
      ).toBe(true);
      await expectAccessible(otpPage, 'access denied, as sales');
      await signedIn.context.close();
    }, 150_000); // Three sign-ins, an approval and a mailbox: a long flow on a shared machine.

    it('lets an admin create a role from a preset, bulk-assign it and delete it once unused', async () => {
      const member = {
        fullName: `E2E Member ${stamp}`,
        email: `e2e-member-${stamp}@demo-crm.local`,
      };
      await api('/auth/register', { ...member, phone: '', password: `pw-${stamp}`, role: 'sales' });
      const { token } = await api<{ token: string }>('/auth/login', DEMO.admin);
      const { context, page } = await openPage(launched.browser, viewport, {
        token,
        role: 'admin',
      });
      const roleName = `e2e-support-${stamp}`;

      await page.goto('/departments');
      await page.getByRole('heading', { name: 'Roles & Access', level: 1 }).waitFor();
      await page.getByRole('table').waitFor();
      await page.getByRole('button', { name: 'support', exact: true }).click();
      const nameField = page.getByRole('textbox', { name: 'Role name' });
      expect(await nameField.inputValue()).toBe('support');
      expect(
        await page.getByRole('textbox', { name: 'Permissions (comma-separated)' }).inputValue(),
      ).toBe('customers.read, entries.read, templates.read');
      await nameField.fill(roleName.toUpperCase());
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByPlaceholder('Search roles / permissions').fill(roleName);
      const row = page.getByRole('row').filter({ hasText: roleName });
      await row.waitFor();
      expect(
        await row
          .getByRole('cell')
          .nth(viewport === 'phone' ? 1 : 2)
          .textContent(),
      ).toBe('0');
      await expectAccessible(page, 'roles');

      async function assign(role: string) {
        await page.getByRole('button', { name: 'Bulk Assign Users → Role' }).click();
        const dialog = page.getByRole('dialog', { name: 'Bulk Assign Users → Role' });
        await dialog.getByRole('combobox', { name: 'Role' }).selectOption(role);
        await dialog.getByRole('checkbox', { name: new RegExp(member.fullName) }).check();
        await expectAccessible(page, 'bulk assign');
        await dialog.getByRole('button', { name: 'Assign' }).click();
        await dialog.waitFor({ state: 'detached' });
      }

      const usersCell = row.getByRole('cell').nth(viewport === 'phone' ? 1 : 2);
      await assign(roleName);
      await expect.poll(() => usersCell.textContent()).toBe('1');

      // In use: refused with the exact message, nothing deleted.
      await row.getByRole('button', { name: `Delete ${roleName}` }).click();
      await page.getByRole('alert').filter({ hasText: IN_USE }).waitFor();
      expect(await row.count()).toBe(1);

      // Unused again: deleted after the confirm.
      await assign('sales');
      await expect.poll(() => usersCell.textContent()).toBe('0');
      await row.getByRole('button', { name: `Delete ${roleName}` }).click();
      const confirm = page.getByRole('dialog', { name: `Delete role "${roleName}"?` });
      await confirm.waitFor();
      await expectAccessible(page, 'delete role');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
      await page.getByText('No matches').waitFor();
      await context.close();
    });
  });
}
