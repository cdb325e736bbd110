// Quotes API tests: the seller's settings, a customer in a state, products, and a quote made
// through the real /api.
import request from 'supertest';
import { appAs } from '../customers/support';

export const admin = appAs('admin');
export const employee = appAs('employee');
export const outsider = appAs('outsider');

export const SELLER_GSTIN = '27AAPFU0939F1ZV';
export const KARNATAKA_GSTIN = '29AAGCB7383J1Z4';

export async function sellerInMaharashtra(): Promise<void> {
  const res = await request(admin)
    .put('/api/admin/settings')
    .send({
      companyName: 'Demo Dairy Equipment',
      legalName: 'Demo Dairy Equipment Pvt Ltd',
      address: 'Plot 4, MIDC Bhosari, Pune 411026',
      gstin: SELLER_GSTIN,
      bank: {
        accountName: 'Demo Dairy Equipment Pvt Ltd',
        bankName: 'HDFC Bank',
        accountNumber: '50100012345678',
        ifsc: 'HDFC0000123',
        branch: 'Bhosari',
      },
      quoteTerms: 'Delivery 4 weeks from order. Prices ex-works Pune.',
    });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function customer(fields: Record<string, unknown>): Promise<string> {
  const res = await request(employee).post('/api/customers').send(fields);
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

export async function product(fields: Record<string, unknown>): Promise<string> {
  const res = await request(admin).post('/api/products').send(fields);
  if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

export const PHE = {
  name: 'Plate heat exchanger 5 KL/hr',
  description: 'SS316 plates, gasketed',
  hsn: '84195010',
  unit: 'Nos',
  rate: 185000,
  gstRate: 18,
};

export const GASKET = {
  name: 'Gasket set',
  hsn: '40169390',
  unit: 'Set',
  rate: 1249.5,
  gstRate: 12,
};
