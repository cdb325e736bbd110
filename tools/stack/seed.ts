import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import { DEFAULT_CATEGORIES, POTENTIALS } from '../../functions/src/contract/customers.ts';
import { CHANNELS, PROCESSES, STATUSES } from '../../functions/src/contract/entries.ts';
import {
  BUILT_IN_ROLES,
  buildEntryDoc,
  CUSTOMERS,
  ENTRIES,
  keyDoc,
  keyRef,
  prepareCustomer,
  RecordWriter,
  TAX_FIELD,
} from '../../functions/src/app/seeding.ts';
import { PROJECT_ID } from './config.ts';
import { paramCount, SEEDED_TEMPLATES } from './outbox/meta-rules.ts';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
  fullName: string;
  phone: string;
}

export function demoAccounts(): DemoAccount[] {
  return [
    {
      role: 'admin',
      email: process.env.ADMIN_EMAIL ?? 'admin@demo-crm.local',
      password: process.env.ADMIN_PASSWORD ?? 'admin-demo-123',
      fullName: 'Anita Admin',
      phone: '+919800000001',
    },
    {
      role: 'sales',
      email: 'sales@demo-crm.local',
      password: 'sales-demo-123',
      fullName: 'Suresh Sales',
      phone: '+919800000002',
    },
    {
      role: 'accounts',
      email: 'accounts@demo-crm.local',
      password: 'accounts-demo-123',
      fullName: 'Kavya Accounts',
      phone: '+919800000003',
    },
  ];
}

/** The demo company's GSTIN: Gujarat (24), a made-up PAN, its check character computed. */
const DEMO_GSTIN = '24AABCD4821K1ZU';
/**
 * Billing states (GST codes) of the demo's customers, in turn: most in Gujarat with the company,
 * the rest in neighbouring states, so the demo's quotes show both kinds of tax.
 */
const CUSTOMER_STATES = ['24', '24', '27', '24', '08', '24', '23'];

/** A small deterministic generator, so every fresh start shows the same demo company. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const FIRST = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Diya',
  'Ishaan',
  'Meera',
  'Rohan',
  'Priya',
  'Kabir',
  'Ananya',
  'Arjun',
  'Neha',
  'Vikram',
  'Pooja',
  'Rahul',
];
const LAST = [
  'Sharma',
  'Patel',
  'Iyer',
  'Reddy',
  'Gupta',
  'Nair',
  'Desai',
  'Kulkarni',
  'Mehta',
  'Singh',
  'Joshi',
  'Rao',
];
const COMPANIES = ['Dairy', 'Foods', 'Agro', 'Pharma', 'Beverages', 'Industries'];
const TAGS = ['urgent', 'repeat', 'export', 'quote-sent', 'site-visit', 'referral'];

/** One write of the seed: customers and entries go through `records`, the API's write path. */
type SeedWrite = (batch: WriteBatch, records: RecordWriter) => void;

/**
 * Commits in chunks below Firestore's 500-writes-per-batch limit (the write path adds a few
 * writes of its own per chunk: the dashboard figures, and revenue per customer).
 */
async function writeAll(writes: SeedWrite[]): Promise<void> {
  const db = getFirestore();
  for (let i = 0; i < writes.length; i += 300) {
    const batch = db.batch();
    const records = RecordWriter.deferred(batch, db);
    writes.slice(i, i + 300).forEach((w) => w(batch, records));
    await batch.commit();
    await records.afterCommit();
  }
}

/** Seeds the demo company into the emulators the environment points at. */
export async function seedDemoCompany(now = new Date()): Promise<DemoAccount[]> {
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore();
  const auth = getAuth();
  const rnd = random(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const accounts = demoAccounts();
  const writes: SeedWrite[] = [];
  const created = Timestamp.fromDate(new Date(now.getTime() - 90 * 86_400_000));

  const users: { id: string; name: string; email: string }[] = [];
  for (const a of accounts) {
    const user = await auth.createUser({
      email: a.email,
      password: a.password,
      displayName: a.fullName,
    });
    users.push({ id: user.uid, name: a.fullName, email: a.email });
    writes.push((b) =>
      b.set(db.doc(`users/${user.uid}`), {
        fullName: a.fullName,
        email: a.email,
        phone: a.phone,
        role: a.role,
        approved: true,
        createdAt: created,
      }),
    );
  }
  // The built-in roles' defaults, stored as an admin would see them on the Roles screen.
  const presets: Record<string, readonly string[]> = {
    sales: BUILT_IN_ROLES.sales,
    accounts: BUILT_IN_ROLES.accounts,
  };
  for (const [name, permissions] of Object.entries(presets)) {
    writes.push((b) => b.set(db.doc(`roles/${name}`), { name, permissions, createdAt: created }));
  }

  const customers: {
    id: string;
    names: string[];
    phones: string[];
    emails: string[];
    categories: string[];
    potential: string;
  }[] = [];
  for (let i = 0; i < 50; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const names = [`${first} ${last}`, ...(i % 7 === 0 ? [`${last} ${pick(COMPANIES)}`] : [])];
    const phones = [
      `+9198${String(10_000_000 + i * 7919).slice(0, 8)}`,
      ...(i % 5 === 0 ? [`+9197${String(20_000_000 + i * 131).slice(0, 8)}`] : []),
    ];
    const emails = [`${first}.${last}${i}@example.in`.toLowerCase()];
    const categories = [
      pick(DEFAULT_CATEGORIES),
      ...(i % 3 === 0 ? [pick(DEFAULT_CATEGORIES)] : []),
    ].filter((c, j, all) => all.indexOf(c) === j);
    const potential = pick(POTENTIALS);
    const ref = db.collection(CUSTOMERS).doc();
    const createdAt = Timestamp.fromDate(
      new Date(now.getTime() - Math.floor(rnd() * 60) * 86_400_000),
    );
    customers.push({ id: ref.id, names, phones, emails, categories, potential });
    // Most customers are the sales person's, some the admin's, every tenth has no owner (as a
    // number that wrote in first): the Inbox and the owner column show each case.
    const owner = i % 10 === 9 ? undefined : users[i % 3 === 0 ? 0 : 1];
    // The customers feature builds the stored document (search, filter and sort keys) and its
    // phone/email keys, exactly as the API writes them.
    const { record: stored, keys } = prepareCustomer(
      {
        names,
        phones,
        emails,
        categories,
        potential,
        note: i % 4 === 0 ? 'Met at the Pune dairy expo' : '',
      },
      { createdAt, updatedAt: createdAt },
      owner ? { _id: owner.id, name: owner.name } : null,
    );
    const tax = { gstin: '', billingState: CUSTOMER_STATES[i % CUSTOMER_STATES.length] };
    writes.push((_b, records) => records.createCustomer(ref, { ...stored, [TAX_FIELD]: tax }));
    for (const key of keys) writes.push((b) => b.set(keyRef(db, key.id), keyDoc(key, ref.id)));
  }

  for (let i = 0; i < 200; i++) {
    const customer = pick(customers);
    const employee = users[1 + (i % 2)];
    const channel = CHANNELS[i % CHANNELS.length];
    const status = STATUSES[Math.floor(i / CHANNELS.length) % STATUSES.length];
    const createdAt = Timestamp.fromDate(
      new Date(now.getTime() - Math.floor(rnd() * 60 * 86_400_000)),
    );
    const category = customer.categories[0];
    // The entries feature builds the stored document (employeeId, search keys), as the API does.
    const entry = buildEntryDoc({
      customerId: customer.id,
      customer: {
        names: customer.names,
        phones: customer.phones,
        emails: customer.emails,
        categories: customer.categories,
        potential: customer.potential,
      },
      description: `${pick(PROCESSES)} call about ${category}`,
      tags: i % 3 === 0 ? [pick(TAGS)] : [],
      attachments: [],
      category,
      amount: Math.round(rnd() * 500_000) / 1 + (i % 4) * 1000,
      currency: 'INR',
      process: PROCESSES[i % PROCESSES.length],
      extraNote: '',
      channel,
      status,
      employee: { _id: employee.id, name: employee.name, email: employee.email },
      createdBy: employee.id,
      createdByName: employee.name,
      source: 'employee',
      createdAt,
    });
    writes.push((_b, records) => records.createEntry(db.collection(ENTRIES).doc(), entry));
  }

  const templates = [
    {
      type: 'text',
      title: 'Thank you',
      content: 'Thank you for your time today. We will share the details shortly.',
    },
    {
      type: 'text',
      title: 'Quotation follow-up',
      content: 'Following up on the quotation we sent. Happy to answer any questions.',
    },
    {
      type: 'whatsapp',
      title: 'Greeting',
      content: 'Namaste {{name}}, thank you for contacting us!',
    },
    {
      type: 'whatsapp',
      title: 'Payment reminder',
      content: 'A gentle reminder about the pending payment.',
      // Sent as the approved "order_update" template, the text in its one parameter.
      approved: { name: 'order_update', language: 'en', textParam: 1, nameParam: null },
    },
    {
      type: 'email',
      title: 'Quotation',
      subject: 'Your quotation',
      content: '<p>Dear {{name}},</p><p>Please find our quotation attached.</p>',
    },
    {
      type: 'email',
      title: 'Welcome',
      subject: 'Welcome aboard',
      content: '<p>Dear {{name}},</p><p>Welcome! We are glad to work with you.</p>',
    },
  ];
  for (const t of templates)
    writes.push((b) => b.set(db.collection('templates').doc(), { ...t, createdAt: created }));

  writes.push((b) =>
    b.set(db.doc('settings/company'), {
      companyName: 'Demo Dairy Equipment Pvt Ltd',
      adminNumbers: [accounts[0].phone],
      adminEmails: [accounts[0].email],
      notifications: { email: true, whatsapp: false },
      // Pointed at the local outbox (tools/stack/outbox.ts stands in for SendGrid and the
      // Graph API): SendGrid through its SMTP relay convention, the password being the key.
      integrations: {
        whatsapp: {
          verifyToken: 'demo-verify-token',
          phoneNumberId: '100000000000001',
          wabaId: '100000000000002',
          // Outside the 24-hour window: "Hello {{1}}, a message from our team: {{2}}".
          defaultTemplate: { name: 'crm_message', language: 'en', nameParam: 1, textParam: 2 },
        },
        email: {
          smtpHost: 'smtp.sendgrid.net',
          smtpPort: 587,
          smtpUser: 'apikey',
          imapHost: '',
          imapPort: 993,
          imapUser: '',
          fromEmail: 'crm@demo-crm.local',
          fromName: '',
          // The local SendGrid's event-signing key (tools/stack/outbox.ts).
          eventWebhookKey: process.env.SENDGRID_EVENT_PUBLIC_KEY ?? '',
        },
      },
      fixedPdfs: [],
      // Registered in Gujarat, so a quote to a Gujarat customer carries CGST + SGST and one to
      // another state IGST (docs/quotations.md); the GSTIN passes its check character.
      gstin: DEMO_GSTIN,
      legalName: 'Demo Dairy Equipment Private Limited',
      address: 'Plot 14, GIDC Estate, Vitthal Udyognagar, Anand, Gujarat 388121',
      state: DEMO_GSTIN.slice(0, 2),
      bank: {
        accountName: 'Demo Dairy Equipment Pvt Ltd',
        bankName: 'Demo Co-operative Bank',
        accountNumber: '00120200004567',
        ifsc: 'DEMO0000120',
        branch: 'Anand',
      },
    }),
  );
  // The approved templates as a sync from the local Meta would keep them.
  for (const t of SEEDED_TEMPLATES) {
    writes.push((b) =>
      b.set(db.doc(`whatsappTemplates/${t.name}:${t.language}`), {
        ...t,
        paramCount: paramCount(t.body),
        syncedAt: created,
      }),
    );
  }
  // The integration secrets live apart from the settings (write-only through the API).
  writes.push((b) =>
    b.set(db.doc('secrets/integrations'), {
      whatsappToken: 'local-outbox-whatsapp-token',
      whatsappAppSecret: 'local-outbox-app-secret',
      smtpPass: 'SG.local-outbox-sendgrid-key',
      imapPass: '',
    }),
  );
  // The dashboard figures and recent activity move with the writes, as they do for the API's.
  await writeAll(writes);
  return accounts;
}
