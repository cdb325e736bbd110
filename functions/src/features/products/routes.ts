// /products: the catalogue. Everyone signed in reads it (quotes pick from it); changing it needs
// products.write (admins hold it).
import type { Request, Router } from 'express';
import { route } from '../../http/access';
import { documentId } from '../../http/params';
import { parseBody } from '../../http/validate';
import { readUploadedFile } from '../../http/file-upload';
import {
  createProduct,
  listProducts,
  PRODUCT_NOT_FOUND,
  updateProduct,
} from '../../domain/products/store';
import { createProductBody, updateProductBody } from './schemas';
import { importProductsCsv, PRODUCT_IMPORT_MAX_BYTES, productsCsv } from './csv';
import type { Product } from '../../contract/products';

/** Products whose name or HSN holds every word of `q` (any case). */
function matching(products: Product[], q: string): Product[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return products;
  return products.filter((p) => {
    const hay = `${p.name} ${p.hsn}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

const queryText = (req: Request, name: string) =>
  typeof req.query[name] === 'string' ? req.query[name] : '';

export function registerProductRoutes(router: Router): void {
  route(router, 'GET /products', async (req, res) => {
    const all = await listProducts();
    const active = queryText(req, 'active');
    const shown = active === 'true' ? all.filter((p) => p.active) : all;
    res.json(matching(shown, queryText(req, 'q').slice(0, 200)));
  });

  route(router, 'GET /products/export.csv', async (_req, res) => {
    const csv = productsCsv(await listProducts());
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="products.csv"',
    });
    res.send(csv);
  });

  route(router, 'POST /products/import.csv', async (req, res) => {
    res.json(await readUploadedFile(req, PRODUCT_IMPORT_MAX_BYTES, importProductsCsv));
  });

  route(router, 'POST /products', async (req, res) => {
    res.status(201).json(await createProduct(parseBody(createProductBody, req)));
  });

  route(router, 'PUT /products/:id', async (req, res) => {
    const id = documentId(req.params.id, PRODUCT_NOT_FOUND);
    res.json(await updateProduct(id, parseBody(updateProductBody, req)));
  });
}
