// The product catalogue (`products`): its one owner. Money is stored in paise and GST rates in
// basis points, as the quotation maths takes them; the API shows rupees and per cent.
import { Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { HttpError } from '../../http/errors';
import type { Product } from '../../contract/products';
import { PERCENT_SCALE, paiseToRupees } from '../../contract/quote-maths';

export const PRODUCTS = 'products';
export const PRODUCT_NOT_FOUND = 'Product not found';
/** The catalogue is read whole (the screens search it as people type): at most this many. */
export const MAX_PRODUCTS = 5000;

/** A product's own fields as stored. */
export interface ProductFields {
  name: string;
  description: string;
  hsn: string;
  unit: string;
  ratePaise: number;
  gstBp: number;
  active: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const whole = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);

export function productFields(data: DocumentData): ProductFields {
  return {
    name: text(data.name),
    description: text(data.description),
    hsn: text(data.hsn),
    unit: text(data.unit),
    ratePaise: whole(data.ratePaise),
    gstBp: whole(data.gstBp),
    active: data.active !== false,
  };
}

export function toProduct(id: string, data: DocumentData): Product {
  const f = productFields(data);
  const updatedAt = data.updatedAt instanceof Timestamp ? data.updatedAt.toDate() : null;
  return {
    _id: id,
    name: f.name,
    description: f.description,
    hsn: f.hsn,
    unit: f.unit,
    rate: paiseToRupees(f.ratePaise),
    gstRate: f.gstBp / PERCENT_SCALE,
    active: f.active,
    updatedAt: updatedAt ? updatedAt.toISOString() : '',
  };
}

/** The name as the catalogue sorts and matches it: lowercased, spaces collapsed. */
export const productNameKey = (name: string): string =>
  name.replace(/\s+/g, ' ').trim().toLowerCase();

const stored = (fields: ProductFields, now: Timestamp) => ({
  ...fields,
  nameKey: productNameKey(fields.name),
  updatedAt: now,
});

const products = () => getDb().collection(PRODUCTS);

/** The whole catalogue, by name. */
export async function listProducts(): Promise<Product[]> {
  const snap = await products().orderBy('nameKey').limit(MAX_PRODUCTS).get();
  return snap.docs.map((d) => toProduct(d.id, d.data()));
}

/** In `tx`: the products of `ids` as stored (missing ones absent from the map). */
export async function readProductsIn(
  tx: Transaction,
  ids: readonly string[],
): Promise<Map<string, ProductFields>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const snaps = await tx.getAll(...unique.map((id) => products().doc(id)));
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, productFields(s.data()!)]));
}

/** The products of `ids` as stored (missing ones absent from the map). */
export async function readProducts(ids: readonly string[]): Promise<Map<string, ProductFields>> {
  return getDb().runTransaction((tx) => readProductsIn(tx, ids), { readOnly: true });
}

export async function createProduct(fields: ProductFields): Promise<Product> {
  const ref = products().doc();
  const data = stored(fields, Timestamp.now());
  await ref.create(data);
  return toProduct(ref.id, data);
}

/** Changes the fields sent; 404 for a product that does not exist. */
export async function updateProduct(id: string, change: Partial<ProductFields>): Promise<Product> {
  const ref = products().doc(id);
  return getDb().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw new HttpError(404, PRODUCT_NOT_FOUND);
    const data = stored({ ...productFields(snap.data()!), ...change }, Timestamp.now());
    tx.set(ref, data);
    return toProduct(id, data);
  });
}

/**
 * An import's rows: a row whose name is a product's (any case) updates it, others are new; in
 * one transaction, so an import lands whole or not at all.
 */
export async function upsertProducts(
  rows: readonly ProductFields[],
): Promise<{ created: number; updated: number }> {
  return getDb().runTransaction(async (tx) => {
    const existing = await tx.get(products().select('nameKey').limit(MAX_PRODUCTS));
    const byName = new Map(existing.docs.map((d) => [String(d.get('nameKey')), d.ref]));
    const now = Timestamp.now();
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const key = productNameKey(row.name);
      const ref = byName.get(key);
      if (ref) updated++;
      else created++;
      const target = ref ?? products().doc();
      byName.set(key, target);
      tx.set(target, stored(row, now));
    }
    if (existing.size + created > MAX_PRODUCTS)
      throw new HttpError(413, `The catalogue holds at most ${MAX_PRODUCTS} products.`);
    return { created, updated };
  });
}
