// The main calls of the product, as the browser makes them: what `npm run bench` times.
import type { GeneratedCustomer } from '../scale/customers.ts';
import { mobile, person } from '../scale/people.ts';
import { random } from '../scale/random.ts';
import type { Api } from '../stack-api.ts';

export interface CallContext {
  api: Api;
  /** Signs in afresh (the sign-in call itself). */
  signIn(): Promise<void>;
  probe: GeneratedCustomer;
}

export type TargetKind =
  'dashboard' | 'customer-list' | 'entry-list' | 'conversation' | 'inbox' | 'export' | 'import';

export interface BenchCall {
  name: string;
  /** Measured runs (after one unmeasured warm-up unless `noWarmUp`). */
  runs: number;
  noWarmUp?: boolean;
  /** Sample the functions worker's memory during the call. */
  memory?: boolean;
  target?: TargetKind;
  /**
   * Of the call's reads, those of the per-call session checks (every /api call reads its
   * session and its user), shown apart from the data the call is about.
   */
  sessionReads?: number;
  run(ctx: CallContext, index: number): Promise<void>;
}

/** What the dashboard page asks for when it opens (web/src/features/dashboard/api/get-dashboard.ts). */
export const DASHBOARD_PATHS = ['/dashboard/all?range=30d&days=3'];
/** Every /api call checks its caller: one read, of the session's record. */
const SESSION_READS_PER_CALL = 1;
/** The web app's page sizes (get-customers.ts and get-entries.ts in web/src/features). */
export const CUSTOMERS_PAGE = 100;
export const ENTRIES_PAGE = 50;
/** The conversation's and the Inbox's pages (web/src/features/conversations/api). */
export const CONVERSATION_PAGE = 30;
export const INBOX_PAGE = 30;
export const IMPORT_ROWS = 10_000;
const READ_RUNS = 10;

const customers = (query: string) => `/customers?limit=${CUSTOMERS_PAGE}${query}`;
const entries = (query: string) => `/entries?limit=${ENTRIES_PAGE}${query}`;

/** 10,000 new customers (run `index` gets its own phones and emails): the import's file. */
function importFile(index: number): FormData {
  const rnd = random(7_000 + index);
  const lines = ['names,phones,emails,categories,potential'];
  for (let k = 0; k < IMPORT_ROWS; k++) {
    const p = person(rnd);
    const n = 50_000_000 + index * IMPORT_ROWS + k;
    lines.push(`${p.first} ${p.last},${mobile(n)},import${n}@example.in,PHE,WARM`);
  }
  const form = new FormData();
  form.append('file', new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), 'import.csv');
  return form;
}

export function benchCalls(): BenchCall[] {
  const get = (path: string) => (ctx: CallContext) => ctx.api.ok('GET', path).then(() => undefined);
  return [
    { name: 'Sign-in', runs: READ_RUNS, run: (ctx) => ctx.signIn() },
    {
      // The page's calls (one), each with its session check: what one load reads in all.
      name: 'Dashboard full load',
      runs: READ_RUNS,
      target: 'dashboard',
      sessionReads: SESSION_READS_PER_CALL * DASHBOARD_PATHS.length,
      run: async (ctx) => {
        for (const p of DASHBOARD_PATHS) await ctx.api.ok('GET', p);
      },
    },
    {
      name: 'Customers: first page',
      runs: READ_RUNS,
      target: 'customer-list',
      run: get(customers('')),
    },
    {
      name: 'Customers: search by name',
      runs: READ_RUNS,
      target: 'customer-list',
      run: (ctx) => get(customers(`&q=${encodeURIComponent(ctx.probe.copy.names[0])}`))(ctx),
    },
    {
      name: 'Customers: search by partial phone',
      runs: READ_RUNS,
      target: 'customer-list',
      // Six digits from the middle of the national number.
      run: (ctx) => get(customers(`&q=${ctx.probe.copy.phones[0].slice(5, 11)}`))(ctx),
    },
    {
      name: 'Customers: search by email',
      runs: READ_RUNS,
      target: 'customer-list',
      run: (ctx) =>
        get(customers(`&q=${encodeURIComponent(ctx.probe.copy.emails[0].slice(0, 12))}`))(ctx),
    },
    {
      name: 'Customers: filtered and sorted',
      runs: READ_RUNS,
      target: 'customer-list',
      run: get(customers('&categories=PHE&potential=HOT&sort=name&dir=asc')),
    },
    { name: 'Entries: first page', runs: READ_RUNS, target: 'entry-list', run: get(entries('')) },
    {
      name: 'Entries: filtered',
      runs: READ_RUNS,
      target: 'entry-list',
      run: get(entries('&channel=whatsapp&status=pending')),
    },
    {
      name: 'Conversation: first page (1,000 messages)',
      runs: READ_RUNS,
      target: 'conversation',
      sessionReads: SESSION_READS_PER_CALL,
      run: (ctx) => get(`/customers/${ctx.probe.id}/conversation?limit=${CONVERSATION_PAGE}`)(ctx),
    },
    {
      name: 'Inbox: first page (mine)',
      runs: READ_RUNS,
      target: 'inbox',
      run: get(`/inbox?scope=mine&limit=${INBOX_PAGE}`),
    },
    {
      name: "Inbox: first page (everyone's)",
      runs: READ_RUNS,
      target: 'inbox',
      run: get(`/inbox?scope=all&limit=${INBOX_PAGE}`),
    },
    {
      name: 'Entry create (WhatsApp and email)',
      runs: READ_RUNS,
      run: async (ctx) => {
        await ctx.api.ok('POST', '/entries', {
          customer: ctx.probe.id,
          description: 'Quotation for a 5000 litre SS tank',
          category: ctx.probe.copy.categories[0] ?? '',
          process: 'Quotation',
          amount: 125000,
          channel: 'multiple',
          whatsapp: { enabled: true, text: 'Namaste, sharing the quotation today.' },
          email: {
            enabled: true,
            subject: 'Your quotation',
            body: '<p>Please find the quotation attached.</p>',
          },
        });
      },
    },
    {
      name: 'CSV export of all customers',
      runs: 3,
      memory: true,
      target: 'export',
      run: get('/customers/export.csv'),
    },
    {
      name: `CSV import of ${IMPORT_ROWS.toLocaleString('en-IN')} rows`,
      runs: 3,
      noWarmUp: true,
      memory: true,
      target: 'import',
      run: async (ctx, index) => {
        await ctx.api.ok('POST', '/customers/import.csv', importFile(index));
      },
    },
  ];
}
