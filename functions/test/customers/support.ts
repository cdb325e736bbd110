// Customers API tests: apps whose caller is an admin, an employee (the baseline permissions),
// a role without customer permissions, or nobody; direct seeding; the embedded Firestore's
// read counters.
import type { Express, RequestHandler } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { prepareCustomer } from '../../src/domain/customers/record';
import type { CustomerOwner } from '../../src/domain/customers/owner';
import type { CustomerInput } from '../../src/domain/customers/normalize';
import { getDb } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { session, type Caller } from '../support/callers';

export { appAs } from '../support/callers';
export { readCounters, resetCounters } from '../support/counters';

/**
 * Like the Cloud Functions runtime: the body is read into req.rawBody before the app runs,
 * so the request stream is already consumed.
 */
export function appWithRawBody(caller: Caller): Express {
  const readBody: RequestHandler = (req, res, next) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      (req as unknown as { rawBody: Buffer }).rawBody = Buffer.concat(chunks);
      session(caller)(req, res, next);
    });
  };
  return createApp({ session: readBody });
}

/** Writes customers straight to Firestore (as the seed does); returns their ids in order. */
export async function seedCustomers(
  inputs: (CustomerInput & { createdAt?: Date; owner?: CustomerOwner })[],
): Promise<string[]> {
  const db = getDb();
  const ids: string[] = [];
  let batch: WriteBatch = db.batch();
  let writes = 0;
  for (const input of inputs) {
    const at = Timestamp.fromDate(input.createdAt ?? new Date());
    const { createdAt: _at, owner, ...fields } = input;
    const times = { createdAt: at, updatedAt: at };
    const { record, keys } = prepareCustomer(fields, times, owner ?? null);
    const ref = db.collection('customers').doc();
    ids.push(ref.id);
    batch.set(ref, record);
    for (const key of keys)
      batch.set(db.collection('customerKeys').doc(key.id), {
        customerId: ref.id,
        kind: key.kind,
        value: key.value,
      });
    writes += 1 + keys.length;
    if (writes >= 400) {
      await batch.commit();
      batch = db.batch();
      writes = 0;
    }
  }
  if (writes > 0) await batch.commit();
  return ids;
}

/**
 * The first names of the customers GET /customers lists for `query` (one page, by name), its
 * total checked against them.
 */
export async function listedNames(app: Express, query: Record<string, string>): Promise<string[]> {
  const res = await request(app)
    .get('/api/customers')
    .query({ sort: 'name', dir: 'asc', ...query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const found = (res.body.items as { names: string[] }[]).map((c) => c.names[0]);
  expect(res.body.total).toBe(found.length);
  return found;
}

/** A valid Indian mobile number, distinct for each n below 10^8. */
export const mobile = (n: number) => `+9198${String(n).padStart(8, '0')}`;
