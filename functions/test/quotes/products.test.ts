// The product catalogue through the real /api: checked fields, products.write, search by name
// and HSN, and the CSV export read back by the import.
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/firebase';
import { resetBackends } from '../support/backends';
import { admin, employee, GASKET, PHE, product } from './support';

describe('/products', () => {
  beforeEach(resetBackends);

  it('creates with the rate in rupees and lists by name; search finds by name and HSN', async () => {
    const created = await request(admin).post('/api/products').send(PHE);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...PHE, active: true });
    await product(GASKET);
    const stored = (await getDb().doc(`products/${created.body._id}`).get()).data();
    expect(stored).toMatchObject({ ratePaise: 18500000, gstBp: 1800 });
    const all = await request(employee).get('/api/products');
    expect(all.body.map((p: { name: string }) => p.name)).toEqual([GASKET.name, PHE.name]);
    const byHsn = await request(employee).get('/api/products?q=8419');
    expect(byHsn.body.map((p: { name: string }) => p.name)).toEqual([PHE.name]);
    const byName = await request(employee).get('/api/products?q=gasket');
    expect(byName.body.map((p: { name: string }) => p.name)).toEqual([GASKET.name]);
  });

  it('refuses bad fields, naming each, and writes nothing', async () => {
    const res = await request(admin)
      .post('/api/products')
      .send({ name: '', hsn: '12', unit: 'Nos', rate: -5, gstRate: 7 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['gstRate', 'hsn', 'name', 'rate']);
    const decimals = await request(admin)
      .post('/api/products')
      .send({ ...PHE, rate: 10.555 });
    expect(decimals.body.fields).toEqual({ rate: expect.stringMatching(/2 decimals/) });
    expect((await getDb().collection('products').get()).size).toBe(0);
  });

  it('needs products.write to change the catalogue', async () => {
    const res = await request(employee).post('/api/products').send(PHE);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/products.write/);
  });

  it('changes only the fields sent; an inactive product is not offered to quotes', async () => {
    const id = await product(PHE);
    const res = await request(admin)
      .put(`/api/products/${id}`)
      .send({ rate: 190000, active: false });
    expect(res.body).toMatchObject({ name: PHE.name, rate: 190000, active: false });
    const offered = await request(employee).get('/api/products?active=true');
    expect(offered.body).toEqual([]);
    const missing = await request(admin).put('/api/products/nope').send({ rate: 1 });
    expect(missing.status).toBe(404);
  });

  it('exports CSV that imports back, updating by name, listing bad rows by line', async () => {
    await product(PHE);
    const csv = await request(admin).get('/api/products/export.csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('Plate heat exchanger 5 KL/hr');
    const edited =
      csv.text.replace('185000.00', '175000.00') +
      'Gasket set,,40169390,Set,1249.50,12,yes\r\nBroken,,84,Nos,-1,7,maybe\r\n';
    const res = await request(admin)
      .post('/api/products/import.csv')
      .attach('file', Buffer.from(edited), 'products.csv');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, updated: 1 });
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({ line: 4 });
    expect(res.body.errors[0].message).toMatch(/hsn.*rate.*gstRate.*active/);
    const list = await request(employee).get('/api/products');
    expect(list.body).toMatchObject([
      { name: 'Gasket set', rate: 1249.5, gstRate: 12, unit: 'Set' },
      { name: PHE.name, rate: 175000 },
    ]);
  });
});
