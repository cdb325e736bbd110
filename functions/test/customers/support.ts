// Customers API tests: apps whose caller is an admin, an employee (the baseline permissions),
// a role without customer permissions, or nobody; direct seeding; the embedded Firestore's
// read counters.
import type { Express, RequestHandler } from 'express';
import { Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { prepareCustomer } from '../../src/features/customers/record';
import type { CustomerInput } from '../../src/features/customers/normalize';
import { getDb } from '../../src/firebase';
import { createApp } from '../../src/http/app';

const EMPLOYEE_PERMISSIONS = [
  'customers.read',
  'customers.write',
  'entries.read',
  'entries.write',
  'templates.read',
];

type Caller = 'admin' | 'employee' | 'outsider' | null;

function session(caller: Caller): RequestHandler {
  return (req, _res, next) => {
    if (caller === 'admin')
      req.session = {
        uid: 'admin-uid',
        email: 'admin@example.in',
        role: 'admin',
        permissions: ['*'],
      };
    if (caller === 'employee')
      req.session = {
        uid: 'sales-uid',
        email: 'sales@example.in',
        role: 'sales',
        permissions: EMPLOYEE_PERMISSIONS,
      };
    if (caller === 'outsider')
      req.session = { uid: 'x-uid', email: 'x@example.in', role: 'viewer', permissions: [] };
    next();
  };
}

export const appAs = (caller: Caller): Express => createApp({ session: session(caller) });

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
  inputs: (CustomerInput & { createdAt?: Date })[],
): Promise<string[]> {
  const db = getDb();
  const ids: string[] = [];
  let batch: WriteBatch = db.batch();
  let writes = 0;
  for (const input of inputs) {
    const at = Timestamp.fromDate(input.createdAt ?? new Date());
    const { record, keys } = prepareCustomer(input, { createdAt: at, updatedAt: at });
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

const countersUrl = () =>
  `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${process.env.GCLOUD_PROJECT}/counters`;

export async function resetCounters(): Promise<void> {
  const res = await fetch(countersUrl(), { method: 'DELETE' });
  if (!res.ok) throw new Error(`counters reset: ${res.status}`);
}

export async function readCounters(): Promise<{ reads: number; writes: number; deletes: number }> {
  const res = await fetch(countersUrl());
  return (await res.json()) as { reads: number; writes: number; deletes: number };
}

/** A valid Indian mobile number, distinct for each n below 10^8. */
export const mobile = (n: number) => `+9198${String(n).padStart(8, '0')}`;
