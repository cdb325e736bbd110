// GET /api/settings/fixed-pdfs: the fixed PDFs an admin saved, as { title, url }, for every
// signed-in user (the entry screens attach them), nothing else of the settings.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBackends } from '../support/backends';
import { appAs } from '../support/fake-session';

const admin = appAs('admin');
const sales = appAs('sales');
const nobody = appAs(null);

const PDFS = [
  { title: 'Catalogue', url: '/api/files/fixed/catalogue.pdf' },
  { title: 'Price list', url: 'https://cdn.example.in/prices.pdf' },
];

describe('GET /api/settings/fixed-pdfs', () => {
  beforeEach(resetBackends);

  it('answers an empty list before any are saved', async () => {
    const res = await request(sales).get('/api/settings/fixed-pdfs');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers the saved list, in order, to an employee, without the rest of the settings', async () => {
    const saved = await request(admin)
      .put('/api/admin/settings')
      .send({
        companyName: 'Demo Dairy',
        integrations: { whatsapp: { verifyToken: 'verify-me', token: 'secret-token-1234' } },
        fixedPdfs: PDFS,
      });
    expect(saved.status).toBe(200);
    const res = await request(sales).get('/api/settings/fixed-pdfs');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(PDFS);
    expect(JSON.stringify(res.body)).not.toMatch(/verify-me|secret-token|Demo Dairy/);
  });

  it('asks for a sign-in', async () => {
    const res = await request(nobody).get('/api/settings/fixed-pdfs');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Sign in required' });
  });
});
