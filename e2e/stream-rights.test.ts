// An open notification stream keeps no rights its session lost: a person promoted to admin
// watches the dashboard in a real browser and gets admin notices live; demoted while the page
// stays open, they get no more of them (a new applicant's name and email stays off their
// screen), and the server closes the stream so the page reconnects with its new rights.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addNotification, FOR_ADMINS } from '../functions/src/app/testing.ts';
import { browserForFile, openPage } from './support/browser.ts';
import { apiPost, apiSignIn, DEMO } from './support/session.ts';
import { firestore } from './support/firestore.ts';
import { toast } from './support/toast.ts';

const launched = browserForFile();
const stamp = Date.now();

/** The users document of the account with this email. */
async function userOf(email: string) {
  const users = await firestore().collection('users').where('email', '==', email).get();
  expect(users.size).toBe(1);
  return users.docs[0]!;
}

/**
 * Approves a new account as an admin before it signs in. Straight in Firestore: a busy
 * machine's emulator proxy may time an API call out, and the approval is not what this test is
 * about (its sessions, made after, carry its role).
 */
async function approveAsAdmin(email: string): Promise<void> {
  await (await userOf(email)).ref.update({ role: 'admin', approved: true });
}

/**
 * Changes a signed-in account's role as an admin does, through the API: the change also moves
 * the account's sessions (domain/identity/sessions.ts), which the next check reads.
 */
async function changeRole(email: string, role: string): Promise<void> {
  const { token } = await apiSignIn(DEMO.admin);
  await apiPost(`/admin/users/${(await userOf(email)).id}/approve`, { role }, token);
}

/** The notice a registration writes for admins, through the product's own writer. */
async function applicantNotice(fullName: string, email: string): Promise<void> {
  const batch = firestore().batch();
  addNotification(batch, {
    to: FOR_ADMINS,
    type: 'user.pending',
    title: `New account awaiting approval: ${fullName}`,
    message: `${fullName} (${email}) registered as sales and awaits approval.`,
  });
  await batch.commit();
}

describe('the notification stream of a demoted admin', () => {
  it(
    'carries no admin notice after the demotion, and is closed by the server',
    { timeout: 150_000 },
    async () => {
      const person = { fullName: `Stream Person ${stamp}`, email: `stream-${stamp}@example.in` };
      const password = `pw-${stamp}-long`;
      await apiPost('/auth/register', { ...person, password });
      await approveAsAdmin(person.email);
      const session = await apiSignIn({ email: person.email, password });
      expect(session.role).toBe('admin');

      const { context, page } = await openPage(launched.browser, 'desktop', session);
      const streams: number[] = [];
      page.on('request', (req: Request) => {
        if (req.url().includes('/api/notifications/stream')) streams.push(Date.now());
      });
      try {
        // The dashboard's one call brings the first list of the latest notices.
        const latest = page.waitForResponse((r) => r.url().includes('/api/dashboard/all'), {
          timeout: 60_000,
        });
        await page.goto('/dashboard');
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
        // Once the page has its stream and its first list of the latest notices (what is
        // there before counts as history, not news).
        await latest;
        await expect.poll(() => streams.length, { timeout: 20_000 }).toBeGreaterThan(0);
        await page.waitForTimeout(2_000);

        // As an admin: a new applicant's notice arrives live.
        const first = `Applicant One ${stamp}`;
        await applicantNotice(first, `one-${stamp}@example.in`);
        await toast(page, first, 25_000);

        // Demoted while the page stays open.
        await changeRole(person.email, 'sales');
        const demotedAt = Date.now();
        const second = `Applicant Two ${stamp}`;
        await applicantNotice(second, `two-${stamp}@example.in`);

        // The server closes the stream (it reads the session again every few seconds and
        // before each event); the page opens a new one.
        await expect
          .poll(() => streams.filter((at) => at > demotedAt).length, { timeout: 20_000 })
          .toBeGreaterThan(0);
        // Longer than a stream's re-check and the page's 15 s poll of the latest notices.
        await page.waitForTimeout(17_000);
        expect(await page.getByText(second).count()).toBe(0);
        expect(await page.getByText(`two-${stamp}@example.in`).count()).toBe(0);
        await page.getByRole('button', { name: /^Notifications/ }).click();
        await page.getByRole('region', { name: 'Live Notifications' }).waitFor();
        expect(await page.getByText(second).count()).toBe(0);
      } finally {
        await context.close();
      }
    },
  );
});
