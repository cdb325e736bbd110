// Entries API tests: apps whose caller is an admin, an employee (the baseline permissions), a
// role without entry permissions, or nobody; an app that reads the body first the way the
// Cloud Functions runtime does (req.rawBody); direct seeding; the senders pointed at local
// recording servers; the embedded Firestore's read counters.
import express, { type Express } from 'express';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { beforeEach } from 'vitest';
import { keyDoc, keyRef } from '../../src/domain/customers/keys';
import type { CustomerInput } from '../../src/domain/customers/normalize';
import { prepareCustomer } from '../../src/domain/customers/record';
import { buildEntryDoc, customerCopy, type NewEntry } from '../../src/domain/entries/record';
import { getDb } from '../../src/firebase';
import { createApp } from '../../src/app/app';
import { ADMIN, EMPLOYEE, session, type Caller } from '../support/callers';
import {
  pointSendersAt,
  useProviderServers,
  type ProviderServers,
} from '../support/provider-servers';
import type { RecordingServer } from '../support/recording-server';
import { DEFAULT_TEMPLATE, seedTemplateCatalog, writeSettings } from '../support/settings';

export {
  ADMIN,
  appAs,
  EMPLOYEE,
  EMPLOYEE_PERMISSIONS,
  session,
  type Caller,
} from '../support/callers';
export { clearRecordings } from '../support/provider-servers';
export { readCounters, resetCounters } from '../support/counters';

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

/** Ravi Sharma, the customer most entry tests write for, with one phone and one email. */
export const seedRavi = (): Promise<string> =>
  seedCustomer({ names: ['Ravi Sharma'], phones: ['+919812345678'], emails: ['ravi@example.in'] });

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
  pointSendersAt({ graph, sendgrid });
  await writeSettings(
    {
      companyName: 'Demo Dairy',
      adminNumbers: ['+919800000001'],
      adminEmails: patch.adminEmails ?? [],
      notifications: patch.notifications ?? { email: false, whatsapp: false },
      integrations: {
        whatsapp: {
          phoneNumberId: '1098765432',
          verifyToken: 'verify-me',
          wabaId: '555',
          defaultTemplate: DEFAULT_TEMPLATE,
        },
        email: { smtpHost: 'smtp.sendgrid.net', smtpUser: 'apikey', fromEmail: 'crm@demo.in' },
      },
    },
    { whatsappToken: 'wa-token', smtpPass: 'SG.key', whatsappAppSecret: 'app-secret' },
  );
  await seedTemplateCatalog();
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a png'),
]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);

export interface EntriesWorld extends ProviderServers {
  /** Ravi Sharma's customer id. */
  ravi: string;
}

/**
 * For every test of the calling file: the provider servers (useProviderServers), and before
 * each test the senders configured for them, the two test people and Ravi Sharma. The answer's
 * fields are there once the hooks have run (inside hooks and tests).
 */
export function useEntriesWorld(): EntriesWorld {
  const world = useProviderServers() as EntriesWorld;
  beforeEach(async () => {
    await configureSenders(world.graph, world.sendgrid);
    await seedPeople();
    world.ravi = await seedRavi();
  });
  return world;
}
