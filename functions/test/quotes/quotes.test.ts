// Quotations through the real /api and the Firestore engine: the tax by place of supply, the
// numbers per financial year (none used up by a refused quote, none repeated under 50 at once),
// revisions, and an accepted quote becoming its entry.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { localDate } from '../../src/company-days';
import { getConfig } from '../../src/config';
import { financialYear } from '../../src/features/quotes/financial-year';
import { resetBackends } from '../support/backends';
import {
  admin,
  customer,
  employee,
  GASKET,
  KARNATAKA_GSTIN,
  outsider,
  PHE,
  product,
  sellerInMaharashtra,
} from './support';

const year = () => financialYear(localDate(new Date(), getConfig().timeZone));
const quotes = () => getDb().collection('quotes').get();

describe('POST /quotes', () => {
  beforeEach(async () => {
    await resetBackends();
    await sellerInMaharashtra();
  });

  it('taxes a customer in the seller state with CGST and SGST, rounding to the rupee', async () => {
    const customerId = await customer({ names: ['Pune Milk Union'], billingState: 'Maharashtra' });
    const phe = await product(PHE);
    const res = await request(employee)
      .post('/api/quotes')
      .send({
        customerId,
        lines: [
          { productId: phe, qty: 2, discountPercent: 5 },
          { name: 'Installation', hsn: '998719', unit: 'Nos', qty: 1, rate: 12499.99, gstRate: 18 },
        ],
      });
    expect(res.status).toBe(201);
    // 2 × 1,85,000 less 5 % = 3,51,500; + 12,499.99 = 3,63,999.99 taxable; 18 %: 63,270 + 2,250
    expect(res.body).toMatchObject({
      number: `Q/${year()}/0001`,
      status: 'draft',
      placeOfSupply: '27-Maharashtra',
      interState: false,
      totals: {
        subtotal: 382499.99,
        discount: 18500,
        taxable: 363999.99,
        cgst: 32760,
        sgst: 32760,
        igst: 0,
        roundOff: 0.01,
        total: 429520,
      },
      amountInWords: 'Rupees Four Lakh Twenty-Nine Thousand Five Hundred Twenty Only',
    });
    expect(res.body.lines[0]).toMatchObject({
      productId: phe,
      name: PHE.name,
      hsn: PHE.hsn,
      qty: 2,
      rate: 185000,
      discountPercent: 5,
      gstRate: 18,
      taxable: 351500,
      cgst: 31635,
      sgst: 31635,
    });
  });

  it('charges IGST to a customer whose GSTIN is in another state', async () => {
    const customerId = await customer({ names: ['Bengaluru Dairy'], gstin: KARNATAKA_GSTIN });
    const gasket = await product(GASKET);
    const res = await request(employee)
      .post('/api/quotes')
      .send({ customerId, lines: [{ productId: gasket, qty: 3 }] });
    expect(res.status).toBe(201);
    // 3 × 1,249.50 = 3,748.50; 12 % = 449.82; 4,198.32 → 4,198
    expect(res.body).toMatchObject({
      placeOfSupply: '29-Karnataka',
      interState: true,
      customer: { gstin: KARNATAKA_GSTIN, state: '29' },
      totals: { taxable: 3748.5, cgst: 0, sgst: 0, igst: 449.82, roundOff: -0.32, total: 4198 },
    });
  });

  it('refuses bad input naming the field, writes nothing and uses up no number', async () => {
    const customerId = await customer({ names: ['Typo Traders'] });
    const phe = await product(PHE);
    const free = { name: 'Service', qty: 1, rate: 100, gstRate: 18 };
    const cases: [unknown, number, string][] = [
      [{ customerId, lines: [{ ...free, qty: 0 }] }, 400, 'lines.0.qty'],
      [{ customerId, lines: [{ ...free, qty: -2 }] }, 400, 'lines.0.qty'],
      [{ customerId, lines: [{ ...free, rate: -1 }] }, 400, 'lines.0.rate'],
      [{ customerId, lines: [{ ...free, gstRate: 7 }] }, 400, 'lines.0.gstRate'],
      [{ customerId, lines: Array.from({ length: 201 }, () => free) }, 400, 'lines'],
      [
        { customerId, lines: [free, { productId: 'no-such-product', qty: 1 }] },
        400,
        'lines.1.productId',
      ],
      [{ customerId: 'no-such-customer', lines: [free] }, 404, 'customerId'],
      [{ customerId, lines: [{ qty: 1 }] }, 400, 'lines.0.name'],
      [{ customerId, lines: [] }, 400, 'lines'],
    ];
    for (const [body, status, field] of cases) {
      const res = await request(employee)
        .post('/api/quotes')
        .send(body as object);
      expect(res.status, field).toBe(status);
      expect(res.body.fields?.[field], JSON.stringify(res.body)).toEqual(expect.any(String));
    }
    expect((await quotes()).size).toBe(0);
    const good = await request(employee)
      .post('/api/quotes')
      .send({ customerId, lines: [{ productId: phe, qty: 1 }] });
    expect(good.body.number).toBe(`Q/${year()}/0001`);
  });

  it('is refused to a caller without the entries permissions', async () => {
    const customerId = await customer({ names: ['Someone'] });
    const res = await request(outsider)
      .post('/api/quotes')
      .send({ customerId, lines: [{ name: 'X', qty: 1, rate: 1, gstRate: 0 }] });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/entries.write/);
  });

  it('gives 50 quotes made at once 50 distinct consecutive numbers', async () => {
    const customerId = await customer({ names: ['Rush Foods'] });
    const body = { customerId, lines: [{ name: 'Valve', qty: 1, rate: 500, gstRate: 18 }] };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request(employee).post('/api/quotes').send(body)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    const numbers = answers.map((a) => a.body.number as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `Q/${year()}/${String(i + 1).padStart(4, '0')}`),
    );
  });
});

describe('revise, accept, decline', () => {
  let customerId: string;
  let quoteId: string;
  let number: string;

  beforeEach(async () => {
    await resetBackends();
    await sellerInMaharashtra();
    customerId = await customer({ names: ['Nashik Dairy'], billingState: '27' });
    const phe = await product(PHE);
    const res = await request(employee)
      .post('/api/quotes')
      .send({ customerId, lines: [{ productId: phe, qty: 1 }], notes: 'First offer' });
    quoteId = res.body._id;
    number = res.body.number;
  });

  it('revises into a new version that keeps the old one', async () => {
    const res = await request(employee)
      .post(`/api/quotes/${quoteId}/revise`)
      .send({
        lines: [{ name: 'PHE, discounted', hsn: '84195010', qty: 1, rate: 180000, gstRate: 18 }],
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      number: `${number}-R1`,
      revision: 1,
      revisedFrom: { _id: quoteId, number },
      notes: 'First offer',
      totals: { total: 212400 },
    });
    const old = await request(employee).get(`/api/quotes/${quoteId}`);
    expect(old.body).toMatchObject({
      number,
      totals: { total: 218300 },
      revisedBy: { _id: res.body._id, number: `${number}-R1` },
    });
    const again = await request(employee).post(`/api/quotes/${res.body._id}/revise`).send({});
    expect(again.body.number).toBe(`${number}-R2`);
    const stale = await request(employee).post(`/api/quotes/${quoteId}/revise`).send({});
    expect(stale.status).toBe(409);
  });

  it('accepts into one pending Quotation entry with the total, linked, that an admin confirms', async () => {
    const [first, second] = await Promise.all([
      request(employee).post(`/api/quotes/${quoteId}/accept`).send({}),
      request(employee).post(`/api/quotes/${quoteId}/accept`).send({}),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const accepted = first.status === 200 ? first.body : second.body;
    expect(accepted).toMatchObject({ status: 'accepted', entryId: expect.any(String) });
    const entries = await getDb().collection('entries').get();
    expect(entries.size).toBe(1);
    expect(entries.docs[0].id).toBe(accepted.entryId);
    expect(entries.docs[0].data()).toMatchObject({
      customerId,
      amount: 218300,
      process: 'Quotation',
      status: 'pending',
      quote: { _id: quoteId, number },
    });
    const listed = await request(employee).get('/api/entries?limit=10');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const entry = (listed.body.items as { _id: string }[]).find(
      (e: { _id: string }) => e._id === accepted.entryId,
    );
    expect(entry).toMatchObject({ quote: { _id: quoteId, number }, amount: 218300 });
    const salesConfirm = await request(employee).post(`/api/entries/${accepted.entryId}/confirm`);
    expect(salesConfirm.status).toBe(403);
    const confirm = await request(admin).post(`/api/entries/${accepted.entryId}/confirm`);
    expect(confirm.status).toBe(200);
    const revise = await request(employee).post(`/api/quotes/${quoteId}/revise`).send({});
    expect(revise.status).toBe(409);
  });

  it('declines, after which it cannot be accepted', async () => {
    const res = await request(employee).post(`/api/quotes/${quoteId}/decline`).send({});
    expect(res.body.status).toBe('declined');
    const accept = await request(employee).post(`/api/quotes/${quoteId}/accept`).send({});
    expect(accept.status).toBe(409);
    expect((await getDb().collection('entries').get()).size).toBe(0);
  });

  it('shows a quote past its validity as expired, and lists by customer and status', async () => {
    await getDb().doc(`quotes/${quoteId}`).update({ validUntil: '2020-01-01' });
    const one = await request(employee).get(`/api/quotes/${quoteId}`);
    expect(one.body.status).toBe('expired');
    const accept = await request(employee).post(`/api/quotes/${quoteId}/accept`).send({});
    expect(accept.status).toBe(409);
    const expired = await request(employee).get(
      `/api/quotes?status=expired&customerId=${customerId}`,
    );
    expect(expired.body.items.map((q: { _id: string }) => q._id)).toEqual([quoteId]);
    const drafts = await request(employee).get('/api/quotes?status=draft');
    expect(drafts.body.items).toEqual([]);
    const all = await request(employee).get(`/api/quotes?customerId=${customerId}`);
    expect(all.body.items[0]).toMatchObject({
      number,
      customerName: 'Nashik Dairy',
      total: 218300,
      status: 'expired',
    });
  });
});
