// Every /api route, once: its method, path, who may call it and what its body may be. The server
// registers each route from this table (http/access.ts `route()`, the only way to register
// one) and the web app calls each through its typed client (web/src/lib/api-client.ts), so a
// path or method the table does not hold fails to compile on either side. docs/access.md is
// printed from it (`npm run docs:access`).

/** 'json' (the default) or 'multipart' (file uploads). */
export type BodyType = 'json' | 'multipart';

/** `{ adminOnly: message }`: admin only, refusing others with that 403 message. */
/** `permission`: the caller's role grants it (a list: any one of them). */
export type Access =
  | 'public'
  | 'signed-in'
  | 'admin'
  | { permission: string | readonly string[] }
  | { adminOnly: string };
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec {
  method: HttpMethod;
  /** Express path below /api, e.g. '/customers/:id'. */
  path: string;
  access: Access;
  /** What the request body may be; JSON unless said. */
  body?: BodyType;
  /** What the access line alone does not say (docs/access.md shows it). */
  note?: string;
  /**
   * Why the time this call takes is not a person waiting on a busy stack, when it is not: the
   * broadcast dispatcher slows for people's waits only (http/people-waits.ts).
   */
  notPeoplesWait?: string;
}

/**
 * A broadcast's start (or its send to new matches) answers once every recipient is queued,
 * seconds at 10,000: the broadcast's own work, which no slowing of its sending shortens. Counted,
 * it met the dispatcher's first slots as a person waiting 3 s, and the broadcast began at its
 * least share and rested (11 s of the bench's 125 lost, docs/benchmarks.md).
 */
const QUEUES_ITS_RECIPIENTS = "answers once every recipient is queued: the broadcast's own work";

export const routeTable = [
  { method: 'get', path: '/health', access: 'public' },
  // Accounts: sign-in, registration, session.
  { method: 'post', path: '/auth/login', access: 'public' },
  {
    method: 'post',
    path: '/auth/otp/request',
    access: 'public',
    notPeoplesWait: 'answers no sooner than a floor, so that timing tells nothing',
  },
  { method: 'post', path: '/auth/otp/verify', access: 'public' },
  { method: 'post', path: '/auth/register', access: 'public' },
  {
    method: 'post',
    path: '/auth/logout',
    access: 'public',
    note: "ends the caller's session if any",
  },
  { method: 'get', path: '/auth/me', access: 'signed-in' },
  // Accounts: users and roles (admin).
  { method: 'get', path: '/admin/users', access: 'admin' },
  { method: 'get', path: '/admin/users/pending', access: 'admin' },
  { method: 'post', path: '/admin/users/assign-role', access: 'admin' },
  { method: 'post', path: '/admin/users/:id/approve', access: 'admin' },
  { method: 'delete', path: '/admin/users/:id/reject', access: 'admin' },
  { method: 'get', path: '/admin/roles', access: 'admin' },
  { method: 'post', path: '/admin/roles', access: 'admin' },
  { method: 'put', path: '/admin/roles/:id', access: 'admin' },
  { method: 'delete', path: '/admin/roles/:id', access: 'admin' },
  // Each person's own saved replies (the "/" list beside the Text templates).
  {
    method: 'get',
    path: '/me/saved-replies',
    access: 'signed-in',
    note: "the caller's own only",
  },
  { method: 'post', path: '/me/saved-replies', access: 'signed-in' },
  {
    method: 'delete',
    path: '/me/saved-replies/:id',
    access: 'signed-in',
    note: "the caller's own only (403 for another's)",
  },
  // Each person's own saved searches (the customer list's filters under a name).
  {
    method: 'get',
    path: '/me/saved-searches',
    access: { permission: 'customers.read' },
    note: "the caller's own only",
  },
  { method: 'post', path: '/me/saved-searches', access: { permission: 'customers.read' } },
  {
    method: 'delete',
    path: '/me/saved-searches/:id',
    access: { permission: 'customers.read' },
    note: "the caller's own only (403 for another's)",
  },
  // Admin configuration: templates (read by everyone signed in), settings, integrations.
  { method: 'get', path: '/settings/public', access: 'public' },
  { method: 'get', path: '/admin/templates', access: 'signed-in' },
  { method: 'post', path: '/admin/templates', access: 'admin' },
  { method: 'put', path: '/admin/templates/:id', access: 'admin' },
  { method: 'delete', path: '/admin/templates/:id', access: 'admin' },
  // The company's fixed PDFs (title and link only), for every signed-in user's entry screens.
  {
    method: 'get',
    path: '/settings/fixed-pdfs',
    access: 'signed-in',
    note: "the company's fixed PDFs only",
  },
  { method: 'get', path: '/admin/settings', access: 'admin' },
  { method: 'put', path: '/admin/settings', access: 'admin' },
  { method: 'post', path: '/integrations/whatsapp/test', access: 'admin' },
  { method: 'post', path: '/integrations/email/test', access: 'admin' },
  { method: 'post', path: '/integrations/whatsapp/send', access: 'signed-in' },
  { method: 'post', path: '/integrations/email/send', access: 'signed-in' },
  // Customers (merge and import are writes, and every employee may: the screen shows them to all).
  { method: 'get', path: '/customers', access: { permission: 'customers.read' } },
  {
    method: 'get',
    path: '/customers/export.csv',
    access: { permission: 'customers.export' },
    note: 'admin and accounts by default: the whole list leaves the console',
  },
  { method: 'get', path: '/customers/:id', access: { permission: 'customers.read' } },
  // The customer page's history: entries and follow-ups, read as the Entries list reads them.
  { method: 'get', path: '/customers/:id/timeline', access: { permission: 'entries.read' } },
  { method: 'post', path: '/customers', access: { permission: 'customers.write' } },
  { method: 'post', path: '/customers/bulk', access: { permission: 'customers.write' } },
  {
    method: 'post',
    path: '/customers/import.csv',
    access: { permission: 'customers.write' },
    body: 'multipart',
  },
  {
    method: 'post',
    path: '/customers/merge',
    access: { permission: 'customers.write' },
    note: 'employees may merge: the screen shows Merge to everyone',
  },
  { method: 'put', path: '/customers/:id', access: { permission: 'customers.write' } },
  {
    method: 'put',
    path: '/customers/:id/owner',
    access: { adminOnly: "Only admin can change a customer's owner." },
  },
  // Conversations: a customer's thread is readable by whoever may open the customer; the
  // reply box sends as Add Entry does; the Inbox lists the caller's own customers (admins:
  // everyone's on request).
  {
    method: 'get',
    path: '/customers/:id/conversation',
    access: { permission: 'customers.read' },
    note: "any customer's, as the customer page shows every customer to everyone who may read them",
  },
  {
    method: 'post',
    path: '/customers/:id/conversation',
    access: { permission: 'entries.write' },
    note: 'sends under the WhatsApp sending rules, as Add Entry does',
  },
  {
    method: 'post',
    path: '/customers/:id/conversation/read',
    access: { permission: 'customers.read' },
    note: "clears the unread of the customer's owner only (an admin's: customers without one)",
  },
  {
    method: 'get',
    path: '/inbox',
    access: 'signed-in',
    note: "the caller's own customers' conversations; scope=all or unowned: admin only (403)",
  },
  {
    method: 'delete',
    path: '/customers/:id',
    access: { adminOnly: 'Only admin can delete customers.' },
  },
  // Entries and messaging: employees read and write entries (their baseline); confirming,
  // deleting and assigning are admin only, each refusal saying so.
  // A broadcast's document or image header is uploaded too.
  {
    method: 'post',
    path: '/uploads',
    access: { permission: ['entries.write', 'broadcasts.send'] },
    body: 'multipart',
  },
  // Public here: the handler asks for a session unless the link carries a valid signature.
  {
    method: 'get',
    path: '/files/uploads/:id',
    access: 'public',
    note: 'the handler asks for a session unless the link is signed: `?exp=…&sig=…`',
  },
  { method: 'get', path: '/entries', access: { permission: 'entries.read' } },
  // Approved people as { _id, name } only: the assignment, employee-filter and owner-filter
  // choices (a broadcast's audience by owner, for whoever may send one).
  {
    method: 'get',
    path: '/entries/employees',
    access: { permission: ['entries.read', 'broadcasts.send'] },
    note: "approved users' ids and names only",
  },
  { method: 'post', path: '/entries', access: { permission: 'entries.write' } },
  { method: 'put', path: '/entries/:id', access: { permission: 'entries.write' } },
  { method: 'post', path: '/entries/:id/confirm', access: { adminOnly: 'Only admin can confirm' } },
  { method: 'delete', path: '/entries/:id', access: { adminOnly: 'Only admin can delete' } },
  { method: 'get', path: '/entries/:id/history', access: { permission: 'entries.read' } },
  {
    method: 'post',
    path: '/entries/:id/history/comment',
    access: { permission: 'entries.write' },
  },
  { method: 'post', path: '/entries/:id/followup', access: { permission: 'entries.write' } },
  { method: 'post', path: '/entries/:id/followup-days', access: { permission: 'entries.write' } },
  { method: 'post', path: '/entries/:id/resend', access: { permission: 'entries.write' } },
  {
    method: 'put',
    path: '/admin/entries/:id/assign-employee',
    access: { adminOnly: 'Only admin can assign' },
  },
  { method: 'get', path: '/admin/entries/pending', access: 'admin' },
  { method: 'post', path: '/admin/entries/:id/approve', access: 'admin' },
  { method: 'delete', path: '/admin/entries/:id/reject', access: 'admin' },
  // The WhatsApp Cloud API's webhook: Meta's verification token and signature, not a session.
  {
    method: 'get',
    path: '/integrations/whatsapp/webhook',
    access: 'public',
    note: "Meta's verify token",
  },
  {
    method: 'post',
    path: '/integrations/whatsapp/webhook',
    access: 'public',
    note: "Meta's `X-Hub-Signature-256`",
  },
  // SendGrid's Event Webhook: its ECDSA signature, not a session.
  {
    method: 'post',
    path: '/integrations/email/events',
    access: 'public',
    note: "SendGrid's ECDSA event signature",
  },
  // Broadcasts: one approved template to a chosen list of customers (admins by default).
  {
    method: 'post',
    path: '/broadcasts/audience',
    access: { permission: 'broadcasts.send' },
    note: 'counts who would receive it and who is excluded; sends nothing',
  },
  {
    method: 'post',
    path: '/broadcasts',
    access: { permission: 'broadcasts.send' },
    note: 'records who made it; sends nothing until started',
  },
  { method: 'get', path: '/broadcasts', access: { permission: 'broadcasts.send' } },
  {
    method: 'get',
    path: '/broadcasts/:id',
    access: { permission: 'broadcasts.send' },
    note: 'with its counts (count() over its recipients)',
  },
  {
    method: 'get',
    path: '/broadcasts/:id/recipients.csv',
    access: { permission: 'broadcasts.send' },
    note: 'phone, name, state, reason per recipient',
  },
  {
    method: 'post',
    path: '/broadcasts/:id/test',
    access: { permission: 'broadcasts.send' },
    note: "the message as its first recipient reads it, to the caller's own phone",
  },
  {
    method: 'post',
    path: '/broadcasts/:id/start',
    access: { permission: 'broadcasts.send' },
    note: 'records who started it; queues each recipient once',
    notPeoplesWait: QUEUES_ITS_RECIPIENTS,
  },
  {
    method: 'get',
    path: '/broadcasts/:id/new-matches',
    access: { permission: 'broadcasts.send' },
    note: 'a done broadcast: who its filters match now that it has not messaged; sends nothing',
  },
  {
    method: 'post',
    path: '/broadcasts/:id/new-matches',
    access: { permission: 'broadcasts.send' },
    note: 'a done broadcast: queues only those it has not messaged; never one twice',
    notPeoplesWait: QUEUES_ITS_RECIPIENTS,
  },
  { method: 'post', path: '/broadcasts/:id/pause', access: { permission: 'broadcasts.send' } },
  { method: 'post', path: '/broadcasts/:id/resume', access: { permission: 'broadcasts.send' } },
  { method: 'post', path: '/broadcasts/:id/cancel', access: { permission: 'broadcasts.send' } },
  // Messaging: approved WhatsApp templates (synced by an admin) and the composers' preview.
  {
    method: 'get',
    path: '/whatsapp/templates',
    access: 'signed-in',
    note: 'the approved templates synced from Meta',
  },
  { method: 'post', path: '/admin/whatsapp/templates/sync', access: 'admin' },
  {
    method: 'post',
    path: '/whatsapp/preview',
    access: { permission: 'entries.write' },
    note: 'what the customer will receive, and the window',
  },
  // Dashboard, Information stats and live notifications: every signed-in user.
  {
    method: 'get',
    path: '/dashboard/all',
    access: 'signed-in',
    note: 'the routes below and /notifications/latest in one answer: the dashboard page',
  },
  {
    method: 'get',
    path: '/dashboard/my-day',
    access: 'signed-in',
    note: "the caller's own conversations, follow-ups, failed messages and month",
  },
  { method: 'get', path: '/overview', access: 'signed-in' },
  { method: 'get', path: '/series', access: 'signed-in' },
  { method: 'get', path: '/channel-breakdown', access: 'signed-in' },
  { method: 'get', path: '/recent', access: 'signed-in' },
  { method: 'get', path: '/dashboard/funnel', access: 'signed-in' },
  { method: 'get', path: '/dashboard/categories', access: 'signed-in' },
  { method: 'get', path: '/dashboard/employees', access: 'signed-in' },
  { method: 'get', path: '/followups/due', access: 'signed-in' },
  // Signed-in, not admin: the Information page is for everyone.
  {
    method: 'get',
    path: '/admin/stats',
    access: 'signed-in',
    note: 'not admin: the Information page is for everyone',
  },
  {
    method: 'get',
    path: '/notifications/latest',
    access: 'signed-in',
    note: 'admins see all; others those addressed to them or to `all`',
  },
  {
    method: 'get',
    path: '/notifications/stream',
    access: 'signed-in',
    note: 'as /api/notifications/latest',
    notPeoplesWait: 'lasts as long as the page',
  },
  // The product catalogue: everyone signed in reads it (quotes pick from it); products.write
  // (admins by default) changes it.
  { method: 'get', path: '/products', access: 'signed-in' },
  { method: 'get', path: '/products/export.csv', access: { permission: 'products.write' } },
  {
    method: 'post',
    path: '/products/import.csv',
    access: { permission: 'products.write' },
    body: 'multipart',
  },
  { method: 'post', path: '/products', access: { permission: 'products.write' } },
  { method: 'put', path: '/products/:id', access: { permission: 'products.write' } },
  // Quotations: read as entries are read, made and moved as entries are written (an accepted
  // quote becomes an entry, which an admin confirms).
  { method: 'get', path: '/quotes', access: { permission: 'entries.read' } },
  { method: 'get', path: '/quotes/:id', access: { permission: 'entries.read' } },
  { method: 'get', path: '/quotes/:id/pdf', access: { permission: 'entries.read' } },
  { method: 'post', path: '/quotes', access: { permission: 'entries.write' } },
  { method: 'post', path: '/quotes/:id/revise', access: { permission: 'entries.write' } },
  { method: 'post', path: '/quotes/:id/accept', access: { permission: 'entries.write' } },
  { method: 'post', path: '/quotes/:id/decline', access: { permission: 'entries.write' } },
  {
    method: 'post',
    path: '/quotes/:id/send',
    access: { permission: 'entries.write' },
    note: "the caller's own customers' quotes, or those without an owner (admins: any); 403 otherwise",
  },
] as const satisfies readonly RouteSpec[];

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${Uppercase<M>} ${P}`
  : never;

/** 'GET /health' and so on: one per table entry. */
export type RouteKey = KeyOf<(typeof routeTable)[number]>;

type Route = (typeof routeTable)[number];

/** The table's paths for `method`, as written there ('/customers/:id'). */
export type RoutePattern<M extends HttpMethod> = Extract<Route, { method: M }>['path'];

/** The `:name`s of a path: 'id' for '/customers/:id'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The table's paths for `method` that take no parameter, which callers write as they are. */
export type PlainPath<M extends HttpMethod> = Exclude<RoutePattern<M>, `${string}:${string}`>;
