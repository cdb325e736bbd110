// The company's and the customers' GST details through the real /api: checked GSTINs (a 400
// naming the field, nothing written), the state a GSTIN sets, and details that survive edits.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { appAs } from '../customers/support';

const admin = appAs('admin');
const employee = appAs('employee');

describe('company tax details in settings', () => {
  beforeEach(resetBackends);

  it('saves the GSTIN, its state, bank details and quotation defaults', async () => {
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({
        gstin: ' 27aapfu0939f1zv ',
        legalName: 'Demo Dairy Equipment Pvt Ltd',
        address: 'Plot 4, MIDC, Pune 411019',
        state: 'Karnataka',
        bank: { bankName: 'HDFC Bank', accountNumber: '50100012345678', ifsc: 'hdfc0000123' },
        quoteTerms: 'Prices ex-works Pune.',
        quoteValidityDays: 30,
        quotePrefix: 'DDE',
      });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      state: '27',
      bank: { bankName: 'HDFC Bank', accountNumber: '50100012345678', ifsc: 'HDFC0000123' },
      quoteValidityDays: 30,
      quotePrefix: 'DDE',
    });
  });

  it('refuses a GSTIN with a wrong check character, naming the field, and writes nothing', async () => {
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({ gstin: '27AAPFU0939F1ZW', legalName: 'Not saved' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      gstin: 'The GSTIN check character does not match: check for a typing mistake',
    });
    expect((await getDb().doc('settings/company').get()).exists).toBe(false);
  });

  it('refuses a validity out of range and an unknown state', async () => {
    const res = await request(admin)
      .put('/api/admin/settings')
      .send({ quoteValidityDays: 0, state: 'Atlantis' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['quoteValidityDays', 'state']);
  });
});

describe('customer GSTIN and billing state', () => {
  beforeEach(resetBackends);

  it('keeps a GSTIN (its state the billing state) through edits that do not send it', async () => {
    const created = await request(employee)
      .post('/api/customers')
      .send({ names: ['Bharat Dairy'], gstin: '29AAGCB7383J1Z4' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ gstin: '29AAGCB7383J1Z4', billingState: '29' });
    const edited = await request(employee)
      .put(`/api/customers/${created.body._id}`)
      .send({ note: 'Visits on Tuesdays' });
    expect(edited.body).toMatchObject({ gstin: '29AAGCB7383J1Z4', billingState: '29' });
    const read = await request(employee).get(`/api/customers/${created.body._id}`);
    expect(read.body).toMatchObject({ gstin: '29AAGCB7383J1Z4', note: 'Visits on Tuesdays' });
  });

  it('takes a billing state alone, and clears the GSTIN with an empty one', async () => {
    const created = await request(employee)
      .post('/api/customers')
      .send({ names: ['Kerala Foods'], gstin: '27AAPFU0939F1ZV' });
    const res = await request(employee)
      .put(`/api/customers/${created.body._id}`)
      .send({ gstin: '', billingState: '32-Kerala' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ gstin: '', billingState: '32' });
  });

  it('refuses a bad GSTIN with a 400 naming it, and creates nothing', async () => {
    const res = await request(employee)
      .post('/api/customers')
      .send({ names: ['Typo Traders'], gstin: '27AAPFU0939F1Z' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ gstin: 'A GSTIN has 15 characters' });
    expect((await getDb().collection('customers').get()).size).toBe(0);
  });

  it('keeps the GSTIN of a merged customer', async () => {
    const a = await request(employee)
      .post('/api/customers')
      .send({ names: ['Ravi'] });
    const b = await request(employee)
      .post('/api/customers')
      .send({ names: ['Ravi Sharma'], gstin: '27AAPFU0939F1ZV' });
    const merged = await request(employee)
      .post('/api/customers/merge')
      .send({ primaryId: a.body._id, mergeIds: [b.body._id] });
    expect(merged.status).toBe(200);
    const read = await request(employee).get(`/api/customers/${a.body._id}`);
    expect(read.body).toMatchObject({ gstin: '27AAPFU0939F1ZV', billingState: '27' });
  });
});
