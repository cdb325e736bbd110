// Screenshots of the quote builder (lines typed, totals live) and a quotation PDF's first page, at
// 1280x800 and 390x844, from a running stack (CRM_PORT_OFFSET moves it): writes them into
// docs/screenshots/. Run: CRM_PORT_OFFSET=5000 npx tsx e2e/quote-screens.mts
import { writeFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { chromium } from 'playwright-core';

const BASE = `http://127.0.0.1:${5000 + Number(process.env.CRM_PORT_OFFSET ?? 0)}`;
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const OUT = new URL('../docs/screenshots/', import.meta.url);

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(email: string, password: string) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return (await res.json()) as { token: string; role: string };
}

const admin = await signIn('admin@demo-crm.local', 'admin-demo-123');
const sales = await signIn('sales@demo-crm.local', 'sales-demo-123');
await call(admin.token, 'PUT', '/admin/settings', {
  legalName: 'Demo Dairy Equipment Pvt Ltd',
  address: 'Plot 4, MIDC Bhosari, Pune 411026',
  gstin: '27AAPFU0939F1ZV',
  bank: {
    accountName: 'Demo Dairy Equipment Pvt Ltd',
    bankName: 'HDFC Bank',
    accountNumber: '50100012345678',
    ifsc: 'HDFC0000123',
    branch: 'Bhosari',
  },
  quoteTerms: 'Delivery 4 weeks from order. Prices ex-works Pune. 50% advance with the order.',
});
const products = await call<{ _id: string; name: string }[]>(admin.token, 'GET', '/products');
const ensure = async (p: Record<string, unknown>) =>
  products.find((x) => x.name === p.name)?._id ??
  (await call<{ _id: string }>(admin.token, 'POST', '/products', p))._id;
const phe = await ensure({
  name: 'Plate heat exchanger 5 KL/hr',
  description: 'SS316 plates, gasketed',
  hsn: '84195010',
  unit: 'Nos',
  rate: 185000,
  gstRate: 18,
});
await ensure({ name: 'Gasket set', hsn: '40169390', unit: 'Set', rate: 1249.5, gstRate: 12 });
const customers = await call<{ _id: string; names: string[] }[]>(sales.token, 'GET', '/customers');
const customer = customers[0];
await call(sales.token, 'PUT', `/customers/${customer._id}`, { gstin: '29AAGCB7383J1Z4' });
const quote = await call<{ _id: string; number: string }>(sales.token, 'POST', '/quotes', {
  customerId: customer._id,
  lines: [
    { productId: phe, qty: 2, discountPercent: 5 },
    {
      name: 'Installation and commissioning',
      hsn: '998719',
      unit: 'Nos',
      qty: 1,
      rate: 12499.99,
      gstRate: 18,
    },
  ],
  notes: 'Freight extra at actuals.',
});
const pdf = await fetch(`${BASE}/api/quotes/${quote._id}/pdf`, {
  headers: { Authorization: `Bearer ${sales.token}` },
});
const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
const shot = await parser.getScreenshot({ scale: 2, first: 1 });
const png = Buffer.from(shot.pages[0].data);
await parser.destroy();

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [name, viewport] of Object.entries(SIZES)) {
  const context = await browser.newContext({ viewport, baseURL: BASE });
  await context.addInitScript((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('role', s.role);
  }, sales);
  const page = await context.newPage();
  await page.goto(`/customers/${customer._id}/quote`);
  await page
    .getByLabel('Product')
    .first()
    .selectOption({ label: 'Plate heat exchanger 5 KL/hr (84195010)' });
  await page.getByLabel('Qty').first().fill('2');
  await page.getByLabel('Discount %').first().fill('5');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Item').nth(1).fill('Installation and commissioning');
  await page.getByLabel('HSN/SAC').nth(1).fill('998719');
  await page.getByLabel('Rate (₹)').nth(1).fill('12499.99');
  await page.waitForTimeout(300);
  await page.screenshot({
    path: new URL(`quote-builder-${name}.png`, OUT).pathname,
    fullPage: true,
  });
  // A blank page: the console's content security policy refuses inline styles.
  await page.goto('about:blank');
  await page.setContent(
    `<body style="margin:0;background:#777"><img src="data:image/png;base64,${png.toString('base64')}" style="width:100%;display:block"></body>`,
  );
  await page.screenshot({ path: new URL(`quote-pdf-${name}.png`, OUT).pathname });
  await context.close();
}
await browser.close();
writeFileSync('/tmp/quotes-shots/quote.json', JSON.stringify(quote));
console.log('quote', quote.number);
