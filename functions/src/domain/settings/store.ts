// Where the company settings live. Two documents: `settings/company` holds what an admin may
// read back; `secrets/integrations` holds the integration passwords and tokens, which only the
// functions read (firestore.rules give clients nothing, and no answer carries them in full).
import { FieldValue } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import type {
  BankDetails,
  BroadcastSettingsView,
  FixedPdf,
  SettingsView,
  WhatsAppTemplateLink,
} from '../../contract/settings';

export type { BankDetails, FixedPdf };

export const SETTINGS_DOC = 'settings/company';
export const SECRETS_DOC = 'secrets/integrations';

/** Days of quiet after which a customer's message opens a pending entry again (by default). */
export const DEFAULT_INBOUND_ENTRY_QUIET_DAYS = 7;

type IntegrationsView = SettingsView['integrations'];

/**
 * The settings as stored in `settings/company`: what GET /admin/settings answers (the contract
 * says what each is) without the secrets, which live apart, and the server's own secret flags.
 */
export type CompanySettings = Omit<SettingsView, 'integrations' | 'serverSecrets'> & {
  integrations: {
    whatsapp: Omit<IntegrationsView['whatsapp'], 'token' | 'appSecret'>;
    email: Omit<IntegrationsView['email'], 'smtpPass' | 'imapPass'>;
  };
};

/** Meta's messaging limits: unique users reached outside their window in a moving 24 hours. */
export const MESSAGING_LIMITS = [250, 2000, 10000, 100000] as const;

/** What a broadcast is paced and priced by (contract/settings.ts). */
export type BroadcastSettings = BroadcastSettingsView;

/**
 * Meta's India rates per delivered template message (from 1 January 2026): marketing ₹0.8631,
 * utility and authentication ₹0.1150; a new portfolio's messaging limit, 250.
 */
export function defaultBroadcastSettings(): BroadcastSettings {
  return {
    throughputPerSecond: 80,
    messagingLimit: 250,
    templatePrices: { marketing: 8631, utility: 1150, authentication: 1150 },
  };
}

export const DEFAULT_QUOTE_VALIDITY_DAYS = 15;
export const DEFAULT_QUOTE_PREFIX = 'Q';
export const MAX_QUOTE_VALIDITY_DAYS = 365;

const noBank = (): BankDetails => ({
  accountName: '',
  bankName: '',
  accountNumber: '',
  ifsc: '',
  branch: '',
});

/** An approved WhatsApp template and the body parameters that take the text and the name. */
export type TemplateLink = WhatsAppTemplateLink;

export const NO_TEMPLATE: TemplateLink = {
  name: '',
  language: '',
  textParam: null,
  nameParam: null,
};

export interface IntegrationSecrets {
  whatsappToken: string;
  whatsappAppSecret: string;
  smtpPass: string;
  imapPass: string;
}

export const SECRET_KEYS = [
  'whatsappToken',
  'whatsappAppSecret',
  'smtpPass',
  'imapPass',
] as const satisfies readonly (keyof IntegrationSecrets)[];

export const DEFAULT_SMTP_PORT = 587;
export const DEFAULT_IMAP_PORT = 993;

export function defaultSettings(): CompanySettings {
  return {
    companyName: '',
    inboundEntryQuietDays: DEFAULT_INBOUND_ENTRY_QUIET_DAYS,
    adminNumbers: [],
    adminEmails: [],
    // Email on, WhatsApp off.
    notifications: { email: true, whatsapp: false },
    integrations: {
      whatsapp: { verifyToken: '', phoneNumberId: '', wabaId: '', defaultTemplate: NO_TEMPLATE },
      email: {
        smtpHost: '',
        smtpPort: DEFAULT_SMTP_PORT,
        smtpUser: '',
        imapHost: '',
        imapPort: DEFAULT_IMAP_PORT,
        imapUser: '',
        fromEmail: '',
        fromName: '',
        eventWebhookKey: '',
      },
    },
    fixedPdfs: [],
    gstin: '',
    legalName: '',
    address: '',
    state: '',
    bank: noBank(),
    quoteTerms: '',
    quoteValidityDays: DEFAULT_QUOTE_VALIDITY_DAYS,
    quotePrefix: DEFAULT_QUOTE_PREFIX,
    broadcasts: defaultBroadcastSettings(),
  };
}

const emptySecrets = (): IntegrationSecrets => ({
  whatsappToken: '',
  whatsappAppSecret: '',
  smtpPass: '',
  imapPass: '',
});

type Data = Record<string, unknown>;

const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;
const bool = (value: unknown, fallback: boolean): boolean =>
  typeof value === 'boolean' ? value : fallback;
const port = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535
    ? value
    : fallback;
const param = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 20 ? value : null;

export function templateLinkFromData(value: unknown): TemplateLink {
  const d = record(value);
  return {
    name: text(d.name),
    language: text(d.language),
    textParam: param(d.textParam),
    nameParam: param(d.nameParam),
  };
}
const count = (value: unknown, fallback: number, max: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max
    ? value
    : fallback;

function broadcastSettingsFromData(value: unknown): BroadcastSettings {
  const d = record(value);
  const defaults = defaultBroadcastSettings();
  const prices = record(d.templatePrices);
  const limit = d.messagingLimit;
  return {
    throughputPerSecond:
      count(d.throughputPerSecond, defaults.throughputPerSecond, MAX_THROUGHPUT) ||
      defaults.throughputPerSecond,
    messagingLimit:
      limit === null || MESSAGING_LIMITS.some((tier) => tier === limit)
        ? (limit as number | null)
        : defaults.messagingLimit,
    templatePrices: {
      marketing: count(prices.marketing, defaults.templatePrices.marketing, MAX_PRICE),
      utility: count(prices.utility, defaults.templatePrices.utility, MAX_PRICE),
      authentication: count(
        prices.authentication,
        defaults.templatePrices.authentication,
        MAX_PRICE,
      ),
    },
  };
}

/** Meta's highest throughput for a number. */
export const MAX_THROUGHPUT = 1000;
/** ₹100 a message, in paise per 100 messages: far above any rate card. */
export const MAX_PRICE = 1_000_000;

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A stored settings document read leniently: anything missing or malformed is the default. */
export function settingsFromData(data: Data | undefined): CompanySettings {
  const d = record(data);
  const defaults = defaultSettings();
  const notifications = record(d.notifications);
  const integrations = record(d.integrations);
  const whatsapp = record(integrations.whatsapp);
  const email = record(integrations.email);
  const e = defaults.integrations.email;
  return {
    companyName: text(d.companyName),
    inboundEntryQuietDays:
      typeof d.inboundEntryQuietDays === 'number' && d.inboundEntryQuietDays >= 1
        ? d.inboundEntryQuietDays
        : defaults.inboundEntryQuietDays,
    adminNumbers: texts(d.adminNumbers),
    adminEmails: texts(d.adminEmails),
    notifications: {
      email: bool(notifications.email, defaults.notifications.email),
      whatsapp: bool(notifications.whatsapp, defaults.notifications.whatsapp),
    },
    integrations: {
      whatsapp: {
        verifyToken: text(whatsapp.verifyToken),
        phoneNumberId: text(whatsapp.phoneNumberId),
        wabaId: text(whatsapp.wabaId),
        defaultTemplate: templateLinkFromData(whatsapp.defaultTemplate),
      },
      email: {
        smtpHost: text(email.smtpHost),
        smtpPort: port(email.smtpPort, e.smtpPort),
        smtpUser: text(email.smtpUser),
        imapHost: text(email.imapHost),
        imapPort: port(email.imapPort, e.imapPort),
        imapUser: text(email.imapUser),
        fromEmail: text(email.fromEmail),
        fromName: text(email.fromName),
        eventWebhookKey: text(email.eventWebhookKey),
      },
    },
    fixedPdfs: (Array.isArray(d.fixedPdfs) ? d.fixedPdfs : [])
      .map(record)
      .map((pdf) => ({ title: text(pdf.title), url: text(pdf.url) }))
      .filter((pdf) => pdf.url !== ''),
    gstin: text(d.gstin),
    legalName: text(d.legalName),
    address: text(d.address),
    state: text(d.state),
    bank: bankFromData(d.bank),
    quoteTerms: text(d.quoteTerms),
    quoteValidityDays: validityDays(d.quoteValidityDays),
    quotePrefix: text(d.quotePrefix, DEFAULT_QUOTE_PREFIX) || DEFAULT_QUOTE_PREFIX,
    broadcasts: broadcastSettingsFromData(d.broadcasts),
  };
}

function bankFromData(value: unknown): BankDetails {
  const d = record(value);
  const bank = noBank();
  for (const key of Object.keys(bank) as (keyof BankDetails)[]) bank[key] = text(d[key]);
  return bank;
}

const validityDays = (value: unknown): number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1 &&
  value <= MAX_QUOTE_VALIDITY_DAYS
    ? value
    : DEFAULT_QUOTE_VALIDITY_DAYS;

function secretsFromData(data: Data | undefined): IntegrationSecrets {
  const d = record(data);
  const secrets = emptySecrets();
  for (const key of SECRET_KEYS) secrets[key] = text(d[key]);
  return secrets;
}

export async function readSettings(): Promise<CompanySettings> {
  const snap = await getDb().doc(SETTINGS_DOC).get();
  return settingsFromData(snap.data());
}

/** This instance's saves so far: a read begun before the latest is not shared after it. */
let saves = 0;

/**
 * `read`, shared by the callers that ask while one is under way in this instance. Every
 * WhatsApp send reads the settings and secrets, and each of Meta's callbacks the secrets (three
 * a message): at a broadcast's 80 a second, 320 reads a second of two documents that change a
 * few times a year, each one more call waiting on the database beside the sends. A caller gets
 * an answer no older than a read already on its way when it asked, as if its own had gone a
 * moment sooner; this instance's own save is seen by the next caller.
 */
function sharedWhileReading<T>(read: () => Promise<T>): () => Promise<T> {
  let under: { answer: Promise<T>; saves: number } | undefined;
  return () => {
    if (under && under.saves === saves) return under.answer;
    const answer = read();
    const mine = { answer, saves };
    under = mine;
    const done = () => {
      if (under === mine) under = undefined;
    };
    answer.then(done, done);
    return answer;
  };
}

export const readSecrets = sharedWhileReading(async (): Promise<IntegrationSecrets> => {
  const snap = await getDb().doc(SECRETS_DOC).get();
  return secretsFromData(snap.data());
});

export const readSettingsAndSecrets = sharedWhileReading(
  async (): Promise<{ settings: CompanySettings; secrets: IntegrationSecrets }> => {
    const [settings, secrets] = await getDb().getAll(
      getDb().doc(SETTINGS_DOC),
      getDb().doc(SECRETS_DOC),
    );
    return {
      settings: settingsFromData(settings.data()),
      secrets: secretsFromData(secrets.data()),
    };
  },
);

/**
 * Reads both documents, applies `change` and writes the result, in one transaction: two admins
 * saving at once cannot lose each other's fields, and a save never lands half.
 */
export async function updateSettingsAndSecrets(
  change: (current: { settings: CompanySettings; secrets: IntegrationSecrets }) => {
    settings: CompanySettings;
    secrets: IntegrationSecrets;
  },
  updatedBy: string,
): Promise<{ settings: CompanySettings; secrets: IntegrationSecrets }> {
  const db = getDb();
  const settingsRef = db.doc(SETTINGS_DOC);
  const secretsRef = db.doc(SECRETS_DOC);
  const saved = await db.runTransaction(async (tx) => {
    const [settingsSnap, secretsSnap] = await tx.getAll(settingsRef, secretsRef);
    const next = change({
      settings: settingsFromData(settingsSnap.data()),
      secrets: secretsFromData(secretsSnap.data()),
    });
    const stamp = { updatedAt: FieldValue.serverTimestamp(), updatedBy };
    tx.set(settingsRef, { ...next.settings, ...stamp });
    tx.set(secretsRef, { ...next.secrets, ...stamp });
    return next;
  });
  // Reads under way began before the save: none is shared from now on.
  saves++;
  return saved;
}
