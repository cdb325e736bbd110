// The answers (and request bodies) of the routes whose shapes have no other contract file: the
// accounts, users and roles, templates, customers' lists and writes, entries' lists, the
// dashboard and the Information page. route-types.ts names each route's. Like everything in
// contract/, plain TypeScript without imports but from itself: web/ imports it as
// @contract/answers.
import type { CustomerFields, WhatsAppWindow } from './customers';
import type { Attachment, Entry, EntrySnapshot } from './entries';
import type { LiveNotification } from './notifications';
import type { MyDay } from './my-day';
import type { WhatsAppTemplateLink } from './settings';

/** An answer that carries a message only (a registration, an OTP request, a deletion). */
export interface MessageAnswer {
  message?: string;
}

/** POST /auth/login. */
export interface LoginInput {
  email: string;
  password: string;
}

/** POST /auth/register: the role asked for (never admin; the default when left out). */
export interface RegisterInput {
  fullName: string;
  email: string;
  phone?: string;
  password: string;
  role?: string;
}

/** POST /auth/otp/request: an email or a phone number. */
export interface OtpRequest {
  identifier: string;
}

/** POST /auth/otp/verify: the 6-digit code sent for `identifier`. */
export interface VerifyOtpInput extends OtpRequest {
  code: string;
}

/** POST /auth/logout; `everywhere` also ends the account's sessions on every other device. */
export interface LogoutRequest {
  everywhere?: boolean;
}

/** What POST /auth/login and POST /auth/otp/verify answer. */
export interface SessionAnswer {
  token: string;
  role: string;
  /** What the session may do, as GET /auth/me answers it: the screens show only that. */
  permissions: string[];
  user: { id: string; fullName: string; email: string; role: string };
}

/** A user as the API answers it (GET /admin/users, /auth/me); `name` repeats `fullName`. */
export interface User {
  _id: string;
  fullName: string;
  name: string;
  email: string;
  phone: string;
  role: string;
  approved: boolean;
  createdAt?: string;
  updatedAt?: string;
}

/** GET /auth/me: the signed-in user, their role and its permissions. */
export interface MeAnswer {
  user: User;
  role: string;
  permissions: string[];
}

/** POST /admin/users/assign-role: how many users changed, and each as it is now. */
export interface AssignRoleAnswer {
  updated: number;
  users: User[];
}

/** A registered employee waiting for approval: a user not yet approved. */
export type PendingUser = Omit<User, 'approved'>;

/** A role as GET /admin/roles answers it. */
export interface Role {
  _id: string;
  name: string;
  permissions: string[];
  usersCount?: number;
}

/**
 * What POST /admin/roles and PUT /admin/roles/{id} take: `permissions` as a list, or the
 * screen's comma-separated text.
 */
export interface RoleDraft {
  name: string;
  permissions: string[] | string;
}

export type TemplateType = 'text' | 'whatsapp' | 'email';

/** A message template as GET /admin/templates answers it. */
export interface Template {
  _id: string;
  type: TemplateType;
  title: string;
  content: string;
  /** Email templates only. */
  subject?: string;
  /** WhatsApp templates only: the approved Meta template it sends, null or absent when none. */
  approved?: WhatsAppTemplateLink | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/**
 * What POST /admin/templates takes (`type` text when left out) and PUT /admin/templates/{id} (the
 * fields sent): `approved` links a WhatsApp template to the approved Meta template it sends, null
 * unlinks it.
 */
export interface TemplateDraft {
  type?: TemplateType;
  title: string;
  content: string;
  subject?: string;
  approved?: WhatsAppTemplateLink | null;
}

export interface CustomerOwner {
  _id: string;
  name: string;
}

/** A customer as the API answers it. */
export interface Customer extends CustomerFields {
  _id: string;
  createdAt: string;
  updatedAt: string;
  /** The window of the first phone (the one messages go to), if the customer has a phone. */
  whatsappWindow: WhatsAppWindow | null;
  whatsappWindows: WhatsAppWindow[];
  /** The employee the customer's replies go to; null: no owner (the admins see it). */
  owner: CustomerOwner | null;
  /** GST details for quotations: the GSTIN, and the billing state's GST code ('' when none). */
  gstin: string;
  billingState: string;
}

/** What POST /customers and PUT /customers/{id} take; the GST details may be left out. */
export type CustomerInput = CustomerFields & Partial<Pick<Customer, 'gstin' | 'billingState'>>;

/** One page of GET /customers with list parameters. */
export interface CustomerPage {
  items: Customer[];
  nextCursor: string | null;
  total: number;
  /** True when `total` is an upper bound rather than the exact count; left out when exact. */
  totalIsEstimate?: boolean;
}

/** The body of a 409 of a customer write: a phone or email already belongs to `customer`. */
export interface DuplicateFailure {
  message: string;
  customer: Customer;
}

/** A row of POST /customers/bulk; each list may also come as one text (a list of one). */
export interface BulkCustomerRow {
  names?: string | string[];
  phones?: string | string[];
  emails?: string | string[];
  note?: string;
}

/** What POST /customers/bulk takes: the rows, and the categories and potential each row gets. */
export interface BulkCustomersRequest {
  rows: BulkCustomerRow[];
  defaultCategories?: string | string[];
  defaultPotential?: string;
}

/** What POST /customers/bulk answers. */
export interface BulkResult {
  created: number;
  updated: number;
  skipped: number;
  customers: Customer[];
}

/** A CSV line the import refused, and why. */
export interface ImportError {
  line: number;
  message: string;
}

/** A row that joined an existing customer, and what it added to them. */
export interface ImportMerge {
  line: number;
  /** The customer it joined, as the list names them. */
  into: string;
  added: {
    names?: string[];
    phones?: string[];
    emails?: string[];
    categories?: string[];
    potential?: string;
    note?: string;
  };
}

/** What POST /customers/import.csv answers: the first errors and merges, and how many in all. */
export interface CustomerImportAnswer {
  created: number;
  updated: number;
  skipped: number;
  errors: ImportError[];
  /** All errors, when more than those listed. */
  errorCount?: number;
  merges: ImportMerge[];
  /** All merges, when more than those listed. */
  mergeCount?: number;
}

/** What POST /customers/merge answers. */
export interface MergeAnswer {
  customer?: Customer;
  deleted?: boolean;
}

/**
 * POST /integrations/whatsapp/send: to one phone, a text, an approved template (by name, with
 * its language and body parameters) or a file at an http(s) URL; at least one of the three.
 */
export interface WhatsAppSendRequest {
  to: string;
  text?: string;
  /** The name of an approved WhatsApp (Meta) template. */
  templateId?: string;
  language?: string;
  parameters?: string[];
  mediaUrl?: string;
  mediaType?: 'image' | 'video' | 'document';
  filename?: string;
}

/**
 * POST /integrations/whatsapp/test, whose body may be left out (a text to the first admin
 * number): `template` sends that approved template instead, in `language` (en_US when left out).
 */
export interface WhatsAppTestRequest {
  template?: string;
  language?: string;
}

/** POST /integrations/email/send: `to` as a list, or as one text split on commas and semicolons. */
export interface EmailSendRequest {
  to: string | string[];
  subject: string;
  html: string;
  text?: string;
  /** Files this app serves (`path`: /api/files/…, or this host's URL of one), by file name. */
  attachments?: { filename: string; path: string }[];
}

/** The answer of a test send (and of a send): the provider's id, or (as an error) its message. */
export interface TestResult {
  ok: true;
  provider: string;
  messageId: string;
  /** The phone or address; an email send's list of addresses. */
  to: string | string[];
}

export interface MonthCount {
  _id: { m: number; y: number };
  count: number;
}

/** GET /admin/stats: entries per month. */
export interface Stats {
  perMonth: MonthCount[];
}

/** GET /settings/public: what the sign-in screen shows, and the clock every screen reads times on. */
export interface PublicSettings {
  companyName?: string | null;
  adminEmail?: string | null;
  /** The company's IANA time zone (COMPANY_TIME_ZONE). */
  timeZone?: string;
}

/** A choice of GET /entries/employees: an approved user, sorted by name. */
export interface EmployeeChoice {
  _id: string;
  name: string;
}

/** One page of GET /entries with filters. */
export interface EntryPage {
  items: Entry[];
  nextCursor: string | null;
  total: number;
  /** Of `total`, how many are confirmed. */
  confirmed: number;
  /** True when the counts are upper bounds rather than exact; left out when exact. */
  totalIsEstimate?: boolean;
}

export type HistoryType = 'created' | 'edited' | 'follow_up' | 'comment';

export interface HistoryItem {
  _id: string;
  type: HistoryType | string;
  when?: string;
  createdAt?: string;
  text: string;
  by: string | null;
  byName: string;
  snapshot: EntrySnapshot | null;
}

/** A message that already went for a pending entry (sending does not wait for approval). */
export interface PendingSend {
  channel: 'whatsapp' | 'email';
  to: string[];
  status: string;
  /** What the customer reads: the template's words, else the text, else the subject. */
  text: string;
}

/** An entry waiting for approval; `source` names its channels. */
export interface PendingEntry {
  _id: string;
  customer: { names: string[] };
  description: string;
  source: string;
  createdAt: string | undefined;
  createdByName: string;
  amount: number;
  currency: string;
  /** Whose entry it is: the assigned employee, else whoever created it. */
  owner: string;
  sent: PendingSend[];
}

/** The answer of POST /entries: the saved entry (with its sends' outcomes) and the sends that failed. */
export interface CreatedEntry {
  _id: string;
  dispatch?: Entry['dispatch'];
  failed?: ('whatsapp' | 'email')[];
}

/** What POST /entries/{id}/followup and /followup-days answer: the follow-up scheduled. */
export interface ScheduledFollowUp {
  _id: string;
  entryId: string;
  customerName: string;
  /** ISO time it is due. */
  dueAt: string | undefined;
  note: string;
  channels: string[];
  status: string;
}

/** What POST /uploads answers: the stored files. */
export interface UploadAnswer {
  files?: Attachment[];
}

/** What POST /integrations/whatsapp/webhook answers Meta: what the delivery held. */
export interface WebhookResult {
  messages: number;
  created: number;
  duplicates: number;
  statuses: number;
}

/** What POST /integrations/email/events answers SendGrid: what the events did. */
export interface EventsResult {
  received: number;
  applied: number;
  duplicates: number;
  unmatched: number;
}

export interface Overview {
  totalCustomers: number;
  totalEntries: number;
  confirmedOrders: number;
  pendingApprovals: number;
  entriesThisMonth: number;
  entriesLastMonth: number;
  topCustomers: { name: string; amount: number }[];
}
export interface SeriesItem {
  date: string;
  value: number;
}
export interface ChannelBreakdown {
  whatsapp: number;
  email: number;
  other: number;
}
export interface RecentItem {
  type: string;
  text: string;
  meta?: string;
  when?: string;
}
export interface FunnelRow {
  stage: string;
  count: number;
}
export interface CategoryRow {
  category: string;
  count: number;
}
export interface EmployeeRow {
  name: string;
  entries: number;
}
export interface FollowUpDue {
  customerName: string;
  note?: string;
  reason?: string;
  dueAt: string;
}

/** GET /dashboard/all: what the page's parts each answered on their own routes. */
export interface Dashboard {
  overview: Overview;
  series: SeriesItem[];
  channelBreakdown: ChannelBreakdown;
  recent: RecentItem[];
  funnel: FunnelRow[];
  categories: CategoryRow[];
  employees: EmployeeRow[];
  followUpsDue: FollowUpDue[];
  notifications: LiveNotification[];
  /** The caller's own day (the first screen). */
  myDay: MyDay;
}
