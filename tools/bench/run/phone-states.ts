// A message's state reaching the open page while a team is signed in: `streams` people with
// the notifications stream open (as each open console holds it), and a sales person on the
// phone with a customer's conversation open. The bench plays Meta's status callbacks itself (the
// outbox is told to answer each send without calling back, `/control/next`), so each sample is
// the time from posting a signed `delivered` or `read` status to the page showing that state on
// the message (its `data-state`, as a MutationObserver in the page sees it, in wall-clock ms).
import type { Browser } from 'playwright-core';
import { postWhatsAppWebhook, whatsappChange } from '../../stack/outbox/callbacks.ts';
import { apiClient } from '../stack-api.ts';
import { PHONE, throttledPage, type BrowserSession } from './browser-profile.ts';

export interface StatesSetup {
  baseUrl: string;
  outboxUrl: string;
  appSecret: () => Promise<string>;
  session: BrowserSession;
  /** A customer of the sales person whose WhatsApp window is open. */
  customerId: string;
  phone: string;
  /** Session tokens of the people signed in meanwhile. */
  team: string[];
  messages: number;
}

const STATES = ['delivered', 'read'] as const;
const WAIT_MS = 20_000;

declare global {
  interface Window {
    /** `text|state` → when the page first showed it (epoch ms). */
    benchStates?: Record<string, number>;
  }
}

/** Keeps each person's stream open (read and dropped) until `close`. */
function openStreams(baseUrl: string, tokens: string[]) {
  const controller = new AbortController();
  for (const token of tokens)
    void fetch(`${baseUrl}/api/notifications/stream`, {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then(async (res) => {
        for await (const _chunk of res.body ?? []) {
          // dropped: a console would draw it
        }
      })
      .catch(() => undefined);
  return () => controller.abort();
}

async function outboxNext(outboxUrl: string, providerId: string, phone: string): Promise<void> {
  const res = await fetch(`${outboxUrl}/control/next`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      channel: 'whatsapp',
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: phone, wa_id: phone }],
        messages: [{ id: providerId }],
      },
    }),
  });
  if (!res.ok) throw new Error(`outbox /control/next: ${res.status}`);
}

/** Milliseconds from each status callback to the page showing it. */
export async function statesToPage(browser: Browser, setup: StatesSetup): Promise<number[]> {
  const { baseUrl, session, customerId, phone } = setup;
  const api = apiClient(baseUrl, session.token);
  const app = { baseUrl, appSecret: setup.appSecret };
  // Opened once before: Meta's read receipt is not asked again by the page.
  await api.ok('POST', `/customers/${customerId}/conversation/read`);
  const closeStreams = openStreams(baseUrl, setup.team);
  const { context, page } = await throttledPage(browser, baseUrl, session, PHONE);
  try {
    await page.goto(`/customers/${customerId}#conversation`, { waitUntil: 'commit' });
    await page.locator('ol.conversation__messages li.bubble').first().waitFor({ timeout: 60_000 });
    // No named functions in here: the page has none of the bundler's helpers they would call.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      window.benchStates = seen;
      new MutationObserver(() => {
        for (const li of document.querySelectorAll<HTMLElement>('li.bubble')) {
          const key = `${li.querySelector('.bubble__text')?.textContent ?? ''}|${li.dataset.state}`;
          seen[key] ??= performance.timeOrigin + performance.now();
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    });
    const samples: number[] = [];
    const run = Date.now().toString(36);
    for (let i = 0; i < setup.messages; i++) {
      const text = `Bench state ${run} ${i}`;
      const providerId = `wamid.bench-${run}-${i}`;
      await outboxNext(setup.outboxUrl, providerId, phone);
      await api.ok('POST', `/customers/${customerId}/conversation`, { channel: 'whatsapp', text });
      await page.waitForFunction((t) => document.body.innerText.includes(t), text, {
        timeout: WAIT_MS,
      });
      for (const status of STATES) {
        const postedAt = Date.now();
        const answer = await postWhatsAppWebhook(
          app,
          whatsappChange({
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: 'OUTBOX' },
            statuses: [
              {
                id: providerId,
                status,
                timestamp: String(Math.floor(postedAt / 1000)),
                recipient_id: phone.replace(/^\+/, ''),
              },
            ],
          }),
        );
        if (answer !== 200) throw new Error(`The status webhook answered ${answer}`);
        const key = `${text}|${status}`;
        await page.waitForFunction((k) => window.benchStates?.[k] !== undefined, key, {
          timeout: WAIT_MS,
        });
        const shownAt = await page.evaluate((k) => window.benchStates?.[k] ?? NaN, key);
        samples.push(shownAt - postedAt);
      }
    }
    return samples;
  } finally {
    await context.close();
    closeStreams();
  }
}
