// Entries API tests: apps whose caller is an admin, an employee (the baseline permissions), a
// role without entry permissions, or nobody; an app that reads the body first the way the
// Cloud Functions runtime does (req.rawBody); direct seeding; the senders pointed at local
// recording servers; the embedded Firestore's read counters.
import express, { type Express, type RequestHandler } from 'express';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { vi } from 'vitest';
import { keyDoc, keyRef } from '../../src/features/customers/keys';
import type { CustomerInput } from '../../src/features/customers/normalize';
import { prepareCustomer } from '../../src/features/customers/record';
import { buildEntryDoc, customerCopy, type NewEntry } from '../../src/features/entries/record';
import { getDb } from '../../src/firebase';
import { createApp } from '../../src/http/app';
import type { RecordingServer } from '../support/recording-server';
import { writeSettings } from '../support/settings';

export const EMPLOYEE_PERMISSIONS = [
  'customers.read',
  'customers.write',
  'entries.read',
  'entries.write',
  'templates.read',
];

export type Caller = 'admin' | 'employee' | 'outsider' | null;

export const ADMIN = { uid: 'admin-uid', email: 'admin@example.in', name: 'Anita Admin' };
export const EMPLOYEE = { uid: 'sales-uid', email: 'sales@example.in', name: 'Suresh Sales' };

export function session(caller: Caller): RequestHandler {
  return (req, _res, next) => {
    if (caller === 'admin')
      req.session = { uid: ADMIN.uid, email: ADMIN.email, role: 'admin', permissions: ['*'] };
    if (caller === 'employee')
      req.session = {
        uid: EMPLOYEE.uid,
        email: EMPLOYEE.email,
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
 * Like the Cloud Functions runtime: the body is read before the app runs (JSON parsed, other
 * types kept as bytes) and the bytes kept in req.rawBody.
 */
export function functionsApp(caller: Caller): Express {
  const keepRaw = (req: unknown, _res: unknown, buf: Buffer) => {
    (req as { rawBody: Buffer }).rawBody = buf;
  };
  const outer = express();
  outer.use(express.json({ limit: '32mb', verify: keepRaw }));
  outer.use(express.raw({ type: () => true, limit: '32mb', verify: keepRaw }));
  outer.use(createApp({ session: session(caller) }));
  return outer;
}

/** The two signed-in test people as users/{uid} documents (approved). */
export async function seedPeople(): Promise<void> {
  const at = Timestamp.fromDate(new Date('2026-01-01T00:00:00Z'));
  for (const [person, role] of [
    [ADMIN, 'admin'],
    [EMPLOYEE, 'sales'],
  ] as const)
    await getDb().doc(`users/${person.uid}`).set({
      fullName: person.name,
      email: person.email,
      phone: '',
      role,
      approved: true,
      createdAt: at,
      updatedAt: at,
    });
}

export async function seedUser(
  uid: string,
  fields: { fullName: string; email: string; approved?: boolean; role?: string },
): Promise<void> {
  await getDb()
    .doc(`users/${uid}`)
    .set({ role: 'sales', phone: '', approved: true, ...fields });
}

/** A customer written the way the customers feature writes one (with its phone/email keys). */
export async function seedCustomer(input: CustomerInput): Promise<string> {
  const at = Timestamp.fromDate(new Date('2026-01-01T00:00:00Z'));
  const { record, keys } = prepareCustomer(input, { createdAt: at, updatedAt: at });
  const ref = getDb().collection('customers').doc();
  const batch = getDb().batch();
  batch.set(ref, record);
  for (const key of keys) batch.set(keyRef(getDb(), key.id), keyDoc(key, ref.id));
  await batch.commit();
  return ref.id;
}

/** Entries written straight to Firestore, in batches (fast seeding for list tests). */
export async function seedEntries(
  customerId: string,
  count: number,
  make: (i: number) => Partial<NewEntry> = () => ({}),
  start = Date.UTC(2026, 0, 1),
): Promise<string[]> {
  const db = getDb();
  const customer = customerCopy((await db.collection('customers').doc(customerId).get()).data());
  const ids: string[] = [];
  for (let i = 0; i < count; i += 400) {
    const batch = db.batch();
    for (let j = i; j < Math.min(count, i + 400); j++) {
      const ref = db.collection('entries').doc();
      ids.push(ref.id);
      const doc: DocumentData = buildEntryDoc({
        customerId,
        customer,
        description: `Call number ${j}`,
        tags: [],
        attachments: [],
        category: '',
        amount: j,
        currency: 'INR',
        process: '',
        extraNote: '',
        channel: 'manual',
        status: 'pending',
        employee: { _id: EMPLOYEE.uid, name: EMPLOYEE.name, email: EMPLOYEE.email },
        createdBy: EMPLOYEE.uid,
        createdByName: EMPLOYEE.name,
        source: 'employee',
        createdAt: Timestamp.fromMillis(start + j * 60_000),
        ...make(j),
      });
      batch.set(ref, doc);
    }
    await batch.commit();
  }
  return ids;
}

/**
 * Settings whose senders go to the recording servers: WhatsApp (Graph API) and email through
 * SendGrid's API (the SMTP relay host with an API key as its password).
 */
export async function configureSenders(
  graph: RecordingServer,
  sendgrid: RecordingServer,
  patch: { notifications?: { email?: boolean; whatsapp?: boolean }; adminEmails?: string[] } = {},
): Promise<void> {
  vi.stubEnv('WHATSAPP_API_BASE', graph.url);
  vi.stubEnv('SENDGRID_API_BASE', sendgrid.url);
  vi.stubEnv('SENDGRID_API_KEY', '');
  vi.stubEnv('WHATSAPP_TOKEN', '');
  vi.stubEnv('WHATSAPP_APP_SECRET', '');
  await writeSettings(
    {
      companyName: 'Demo Dairy',
      adminNumbers: ['+919800000001'],
      adminEmails: patch.adminEmails ?? [],
      notifications: patch.notifications ?? { email: false, whatsapp: false },
      integrations: {
        whatsapp: { phoneNumberId: '1098765432', verifyToken: 'verify-me' },
        email: { smtpHost: 'smtp.sendgrid.net', smtpUser: 'apikey', fromEmail: 'crm@demo.in' },
      },
    },
    { whatsappToken: 'wa-token', smtpPass: 'SG.key', whatsappAppSecret: 'app-secret' },
  );
}

export function clearRecordings(...servers: RecordingServer[]): void {
  for (const server of servers) {
    server.requests.length = 0;
    server.replies.length = 0;
  }
}

const counters = () =>
  `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${process.env.GCLOUD_PROJECT}/counters`;

export async function resetCounters(): Promise<void> {
  const res = await fetch(counters(), { method: 'DELETE' });
  if (!res.ok) throw new Error(`Counter reset failed: ${res.status}`);
}

export async function readCounters(): Promise<{ reads: number; writes: number }> {
  const res = await fetch(counters());
  return (await res.json()) as { reads: number; writes: number };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);
