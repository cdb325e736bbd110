// The quotation PDF read back as text (pdf-parse): the number, both GSTINs, each line, the
// total in figures and words; the same bytes on every fetch, kept in the file store.
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import {
  customer,
  employee,
  GASKET,
  KARNATAKA_GSTIN,
  PHE,
  product,
  SELLER_GSTIN,
  sellerInMaharashtra,
} from './support';

const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

async function fetchPdf(id: string): Promise<request.Response> {
  return request(employee).get(`/api/quotes/${id}/pdf`).buffer(true).parse(binary);
}

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe('GET /quotes/:id/pdf', () => {
  let quote: { _id: string; number: string };

  beforeAll(async () => {
    await resetBackends();
    await sellerInMaharashtra();
    const customerId = await customer({ names: ['Bengaluru Dairy'], gstin: KARNATAKA_GSTIN });
    const phe = await product(PHE);
    const gasket = await product(GASKET);
    const res = await request(employee)
      .post('/api/quotes')
      .send({
        customerId,
        lines: [
          { productId: phe, qty: 2, discountPercent: 5 },
          { productId: gasket, qty: 4 },
        ],
      });
    quote = res.body;
  });

  it('holds the number, both GSTINs, each line and the total in figures and words', async () => {
    const res = await fetchPdf(quote._id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    // 3,51,500 + 4,998 = 3,56,498 taxable; IGST 63,270 + 599.76 = 63,869.76; 4,20,367.76 → 4,20,368
    for (const expected of [
      quote.number,
      `GSTIN ${SELLER_GSTIN}`,
      `GSTIN ${KARNATAKA_GSTIN}`,
      '29-Karnataka',
      PHE.name,
      PHE.hsn,
      GASKET.name,
      GASKET.hsn,
      '3,51,500.00',
      '4,998.00',
      'IGST',
      '₹63,869.76',
      '₹4,20,368.00',
      'Rupees Four Lakh Twenty Thousand Three Hundred Sixty-Eight Only',
      'HDFC0000123',
      'Delivery 4 weeks from order.',
    ])
      expect(flat).toContain(expected);
  });

  it('answers the same bytes every time, from the file store', async () => {
    const first = (await fetchPdf(quote._id)).body as Buffer;
    const second = (await fetchPdf(quote._id)).body as Buffer;
    expect(second.equals(first)).toBe(true);
    const path = (await getDb().doc(`quotes/${quote._id}`).get()).get('pdfPath');
    expect(path).toMatch(new RegExp(`^quotes/${quote._id}/`));
  });

  it('runs a long quote onto more pages', async () => {
    const customerId = await customer({ names: ['Big Buyer'], billingState: '27' });
    const lines = Array.from({ length: 60 }, (_, i) => ({
      name: `Spare part ${i + 1}`,
      hsn: '84199090',
      qty: 1,
      rate: 100,
      gstRate: 18,
    }));
    const res = await request(employee).post('/api/quotes').send({ customerId, lines });
    const { text, pages } = await pdfText((await fetchPdf(res.body._id)).body as Buffer);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Spare part 60');
    expect(text).toContain('CGST');
  });

  it("dates the quote on the company's clock", async () => {
    const customerId = await customer({ names: ['Late Night Dairy'], billingState: '27' });
    const lines = [{ name: 'Valve', hsn: '84818090', qty: 1, rate: 100, gstRate: 18 }];
    const datedAt = async () => {
      const res = await request(employee).post('/api/quotes').send({ customerId, lines });
      const { text } = await pdfText((await fetchPdf(res.body._id)).body as Buffer);
      return /Date (\d{2} \w{3} \d{4})/.exec(text)?.[1];
    };
    // 8 pm on 30 Nov in London is 1:30 am on 1 Dec in India.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T20:00:00Z') });
    try {
      expect(await datedAt()).toBe('01 Dec 2026');
      vi.stubEnv('COMPANY_TIME_ZONE', 'Europe/London');
      expect(await datedAt()).toBe('30 Nov 2026');
    } finally {
      vi.unstubAllEnvs();
      vi.useRealTimers();
    }
  });
});
