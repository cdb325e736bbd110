// A broadcast sent from its report in a real browser against the local stack (its api
// instances, jobs and the outbox playing Meta): Start now, Done with Sent 1 (the report asks
// again while it sends), the recipients offered as CSV; the outbox took one message for the
// phone; no serious accessibility finding.
import { describe, expect, it } from 'vitest';
import { browserForFile, expectAccessible, openPage } from './support/browser.ts';
import { sentMessages } from './support/outbox.ts';
import { apiCall, apiSignIn, DEMO } from './support/session.ts';

const launched = browserForFile();

describe('a broadcast at desktop size', () => {
  const stamp = Date.now().toString(36);
  const phone = `+91976${String(Date.now()).slice(-7)}`;

  it('starts from its report and ends done with Sent 1, the recipients offered as CSV, the customer messaged once', async () => {
    const session = await apiSignIn(DEMO.admin);
    await apiCall(session.token, 'POST', '/customers', {
      names: [`Broadcast ${stamp}`],
      phones: [phone],
      emails: [],
    });
    const made = await apiCall<{ _id: string; name: string }>(
      session.token,
      'POST',
      '/broadcasts',
      {
        name: `Offer ${stamp}`,
        template: { name: 'season_offer', language: 'en' },
        params: [{ field: 'firstName' }, { text: 'Diwali prices until Sunday.' }],
        audience: { phones: [phone] },
      },
    );
    const { context, page } = await openPage(launched.browser, 'desktop', session);
    await page.goto('/broadcasts');
    await page.getByRole('button', { name: new RegExp(`Offer ${stamp}`) }).click();
    const report = page.getByRole('region', { name: 'Report' });
    await report.getByRole('button', { name: 'Start now' }).click();
    await report.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
    const sent = report.locator('.broadcast-report__count', { hasText: 'Sent' }).locator('dd');
    expect(await sent.textContent()).toBe('1');
    await report.getByRole('button', { name: 'Recipients (CSV)' }).waitFor();
    await expectAccessible(page);
    const messages = await sentMessages();
    expect(messages.filter((m) => m.to[0] === phone.slice(1))).toHaveLength(1);
    expect(made._id).toBeTruthy();
    await context.close();
  }, 120_000);
});
