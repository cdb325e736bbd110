/**
 * `npm run screenshots`: builds the app, starts its own local stack (firebase.json's ports + 30,
 * fresh data that is not kept), seeds the demo company, signs in as its admin and saves the main
 * screens at desktop (1280x800) and phone (390x844) size as docs/screenshots/<screen>-<size>.png.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../stack/build.ts';
import { portsFromFirebaseJson, ROOT } from '../stack/config.ts';
import { demoAccounts, seedDemoCompany } from '../stack/seed.ts';
import { startStack } from '../stack/stack.ts';

/** Not 0 (npm start), 10 (the browser tests) nor 20 (the bench). */
const SCREENSHOT_PORT_OFFSET = 30;
const OUT_DIR = path.join(ROOT, 'docs', 'screenshots');
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

type Screen = { name: string; open: (page: Page) => Promise<void> };

/** The customer whose conversation is shot (set once the stack holds one). */
let conversationCustomer = '';

const SCREENS: Screen[] = [
  {
    name: 'conversation',
    open: async (page) => {
      await page.goto(`/customers/${conversationCustomer}#conversation`);
      await page.locator('.bubble').last().waitFor();
      await page.locator('.bubble__meta', { hasText: 'Read' }).first().waitFor();
    },
  },
  {
    name: 'inbox',
    open: async (page) => {
      await page.goto('/inbox');
      await page.locator('.inbox__item').first().waitFor();
    },
  },
  {
    name: 'customers',
    open: async (page) => {
      await page.goto('/customers');
      await page.getByText(/^\d+ customers$/).waitFor();
    },
  },
  {
    name: 'customer-page',
    open: async (page) => {
      await page.goto('/customers');
      await page.getByText(/^\d+ customers$/).waitFor();
      await page.locator('main .first-value__text a[href^="/customers/"]').first().click();
      await page.locator('.timeline__item').first().waitFor();
    },
  },
  {
    name: 'entries',
    open: async (page) => {
      await page.goto('/entries');
      await page.getByText(/^Total: \d+$/).waitFor();
    },
  },
  {
    name: 'dashboard',
    open: async (page) => {
      await page.goto('/dashboard');
      await page.getByText('Total Customers').waitFor();
      await page.getByRole('status', { name: 'Loading dashboard' }).waitFor({ state: 'detached' });
      // The charts load as a script of their own and draw after it: shot once every chart
      // box holds a drawn SVG, not the grey box of one still loading.
      await page.waitForFunction(() => {
        const boxes = Array.from(document.querySelectorAll('main .dash-chart'));
        return boxes.length > 0 && boxes.every((box) => box.querySelector('svg path'));
      });
    },
  },
  // Screens whose code loads on their first visit (web/src/app/pages.ts): shot once loaded.
  ...(
    [
      ['approvals', '/approvals', 'Approvals', undefined],
      ['users', '/users', 'Users', undefined],
      ['templates', '/templates', 'Templates', undefined],
      // Its chart is a script of its own too: shot once the bars are drawn.
      ['information', '/information', 'Information', 'main svg rect'],
    ] as const
  ).map(([name, route, title, drawn]) => ({
    name,
    open: async (page: Page) => {
      await page.goto(route);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page
        .locator('main [role="status"]', { hasText: 'Loading…' })
        .waitFor({ state: 'detached' });
      if (drawn) await page.locator(drawn).first().waitFor();
    },
  })),
];

/** The sales person's customer of the "my day" and Add Entry shots (set once it exists). */
let salesCustomer = '';

/** Shot as the demo sales person: their first screen, and Add Entry folded as it opens. */
const SALES_SCREENS: Screen[] = [
  {
    name: 'my-day',
    open: async (page) => {
      await page.goto('/');
      const day = page.getByRole('region', { name: 'My day' });
      await day.getByRole('list', { name: 'My failed messages' }).waitFor();
      await page.getByRole('status', { name: 'Loading dashboard' }).waitFor({ state: 'detached' });
    },
  },
  {
    name: 'add-entry',
    open: async (page) => {
      await page.goto(`/customers/${salesCustomer}`);
      await page.getByRole('button', { name: 'Add Entry' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Entry' });
      await dialog
        .getByRole('textbox', { name: 'Message' })
        .fill(
          'Your quotation for the 5000 litre SS tank is ready: ₹1,25,000 with delivery by the 8th.',
        );
      await dialog
        .getByRole('textbox', { name: 'Internal note' })
        .fill('Budget ₹6.5 lakh, decides by Friday');
      // The server's preview of the words typed, not of the empty box before them.
      await dialog
        .getByRole('region', { name: 'WhatsApp preview' })
        .getByText(/^Your quotation for the 5000 litre/)
        .waitFor();
    },
  },
];

const log = (line: string) => console.log(`[screenshots] ${line}`);

/**
 * The sales person's day: a customer of theirs writes in (unread), an entry's WhatsApp message
 * is refused by Meta (the outbox, told so), and a follow-up is due later today. Answers the
 * customer's id.
 */
async function playSalesDay(url: string, outbox: string, token: string): Promise<string> {
  const post = async (to: string, body: unknown, auth = true) => {
    const res = await fetch(to, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(auth ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${to}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const phone = '+919845012345';
  const customer = await post(`${url}/api/customers`, {
    names: ['Vikram Reddy'],
    phones: [phone],
    emails: ['vikram.reddy@example.in'],
  });
  const customerId = String(customer._id);
  await post(`${outbox}/control/inbound`, { from: phone, text: 'Is the quotation ready?' }, false);
  await post(
    `${outbox}/control/next`,
    {
      channel: 'whatsapp',
      status: 400,
      body: { error: { message: 'Invalid parameter', code: 100 } },
    },
    false,
  );
  const entry = await post(`${url}/api/entries`, {
    customer: customerId,
    description: 'Quotation for the SS tank',
    amount: 125000,
    whatsapp: { body: 'Quotation for the SS tank' },
  });
  await post(`${url}/api/entries/${String(entry._id)}/followup-days`, {
    days: 0.05,
    note: 'Call about the quotation',
  });
  return customerId;
}

/**
 * Two of the demo admin's customers write in through the outbox (as Meta would): one asks,
 * is answered from the conversation, and answers that with a PDF; the other's message stays
 * unread. Answers the first one's id.
 */
async function playConversation(url: string, outbox: string, token: string): Promise<string> {
  const post = async (to: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(to, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${to}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const auth = { Authorization: `Bearer ${token}` };
  // The seed's customers 0 and 3 are the admin's (tools/stack/seed.ts).
  const [first, second] = ['+919810000000', '+919810023757'];
  await post(`${outbox}/control/inbound`, {
    from: first,
    text: 'Hello, is the 5000 litre SS tank in stock? We need it by the 10th.',
  });
  const inbox = await fetch(`${url}/api/inbox?scope=all`, { headers: auth });
  const items = ((await inbox.json()) as { items: { customerId: string; phone: string }[] }).items;
  const customerId = items.find((item) => item.phone === first)?.customerId;
  if (!customerId) throw new Error('The inbound message made no conversation');
  await post(
    `${url}/api/customers/${customerId}/conversation`,
    { channel: 'whatsapp', text: 'Yes, in stock. Quotation: ₹1,25,000 with delivery by the 8th.' },
    auth,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const sent = (await (await fetch(`${outbox}/messages`)).json()) as { id: string; to: string[] }[];
  const quote = sent.filter((m) => m.to[0] === first).at(-1);
  await post(`${outbox}/control/inbound`, {
    from: first,
    text: 'Confirmed, our PO is attached',
    file: { name: 'purchase-order.pdf', mimetype: 'application/pdf' },
    contextId: quote?.id,
  });
  await post(`${outbox}/control/inbound`, {
    from: second,
    text: 'Please call me about the pasteurizer',
  });
  return customerId;
}

log('building functions and web…');
buildApp();
const stack = await startStack({
  ports: portsFromFirebaseJson(SCREENSHOT_PORT_OFFSET),
  quiet: true,
});
try {
  Object.assign(process.env, stack.env);
  await seedDemoCompany();
  const admin = demoAccounts()[0];
  const res = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const { token, role } = (await res.json()) as { token: string; role: string };
  conversationCustomer = await playConversation(stack.url, stack.outboxUrl, token);
  const salesAccount = demoAccounts().find((a) => a.role === 'sales');
  if (!salesAccount) throw new Error('The demo company has no sales account');
  const salesRes = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: salesAccount.email, password: salesAccount.password }),
  });
  if (!salesRes.ok) throw new Error(`Sales sign-in failed: ${salesRes.status}`);
  const sales = (await salesRes.json()) as { token: string; role: string };
  salesCustomer = await playSalesDay(stack.url, stack.outboxUrl, sales.token);

  mkdirSync(OUT_DIR, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const shots = [
      { session: { token, role }, screens: SCREENS },
      { session: sales, screens: SALES_SCREENS },
    ];
    for (const [size, viewport] of Object.entries(SIZES))
      for (const { session, screens } of shots) {
        const context = await browser.newContext({ viewport, baseURL: stack.url });
        await context.addInitScript((s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('role', s.role);
        }, session);
        const page = await context.newPage();
        // The first calls of a fresh stack wait for the functions emulator to warm up.
        page.setDefaultTimeout(180_000);
        for (const screen of screens) {
          await screen.open(page).catch(async (error: unknown) => {
            const file = path.join(OUT_DIR, `failed-${screen.name}-${size}.png`);
            await page.screenshot({ path: file });
            throw new Error(`${screen.name} at ${size} did not load (see ${file})`, {
              cause: error,
            });
          });
          // The top bar's search comes in once the page is idle (app-layout.tsx): shot with it.
          await page.getByRole('button', { name: 'Search customers' }).waitFor();
          const file = path.join(OUT_DIR, `${screen.name}-${size}.png`);
          await page.screenshot({ path: file });
          log(`wrote ${path.relative(ROOT, file)}`);
        }
        await context.close();
      }
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
