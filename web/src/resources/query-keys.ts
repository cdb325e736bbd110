import type { CustomerListParams } from './customers/list-params';
import type { EntryListParams } from './entries/list-params';
import type { PreviewRequest } from './whatsapp/preview-request';

/** The Quotes list's filters (a customer's page passes its customer). */
export type QuoteListParams = { customerId?: string; status?: string; from?: string; to?: string };

/** The dashboard's period: its range ('30d') and how many days ahead count as due. */
export type DashboardRange = { range: string; days: number };

/**
 * Every cache key of the app is built here, and only here: two screens that read the same data
 * share one key, one fetcher and one shape, and a change invalidates it through the same
 * factory. Each resource's key starts with its name, so `all` invalidates every query of it.
 */
export const queryKeys = {
  customers: {
    all: ['customers'] as const,
    list: (params: CustomerListParams) => ['customers', params] as const,
    search: (text: string) => ['customers', 'search', text] as const,
    one: (id: string) => ['customers', 'one', id] as const,
  },
  entries: {
    all: ['entries'] as const,
    list: (params: EntryListParams) => ['entries', params] as const,
    pending: () => ['entries', { status: 'pending' }] as const,
    history: (id: string) => ['entries', id, 'history'] as const,
    /** A customer's timeline: its entries' changes show there, so it lives under entries. */
    customerTimeline: (id: string) => ['entries', 'customer-timeline', id] as const,
    employees: () => ['entry-employees'] as const,
    fixedPdfs: () => ['fixed-pdfs', {}] as const,
  },
  users: {
    all: ['users'] as const,
    list: () => ['users', {}] as const,
    pending: () => ['users', { status: 'pending' }] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', {}] as const,
  },
  settings: {
    all: ['settings'] as const,
    admin: () => ['settings', { scope: 'admin' }] as const,
    public: () => ['settings', { scope: 'public' }] as const,
  },
  templates: {
    all: ['templates'] as const,
    list: () => ['templates', {}] as const,
  },
  savedReplies: {
    all: ['saved-replies'] as const,
    /** The signed-in person's own. */
    mine: () => ['saved-replies', 'mine'] as const,
  },
  savedSearches: {
    all: ['saved-searches'] as const,
    /** The signed-in person's own. */
    mine: () => ['saved-searches', 'mine'] as const,
  },
  whatsapp: {
    catalog: () => ['whatsapp-templates'] as const,
    preview: (request: PreviewRequest | null) => ['whatsapp-preview', request] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    /** A customer's conversation, newest page first. */
    thread: (customerId: string) => ['conversations', 'thread', customerId] as const,
    /** Every scope of the Inbox (mine, everyone's, no owner). */
    inboxes: ['conversations', 'inbox'] as const,
    inbox: (scope: string, filter?: 'broadcastReplies') =>
      filter
        ? (['conversations', 'inbox', scope, filter] as const)
        : (['conversations', 'inbox', scope] as const),
    /** The caller's unread count (the menu's and the top bar's). */
    unread: () => ['conversations', 'unread'] as const,
  },
  quotes: {
    all: ['quotes'] as const,
    list: (params: QuoteListParams) => ['quotes', params] as const,
    one: (id: string) => ['quotes', 'one', id] as const,
  },
  products: {
    all: ['products'] as const,
    list: () => ['products', {}] as const,
  },
  broadcasts: {
    all: ['broadcasts'] as const,
    list: () => ['broadcasts', {}] as const,
    one: (id: string) => ['broadcasts', 'one', id] as const,
    /** Who a done broadcast's "Send to new matches" would reach. */
    newMatches: (id: string) => ['broadcasts', 'new-matches', id] as const,
    /** The newest quotes, whose PDF may go in a template's DOCUMENT header. */
    headerQuotes: () => ['broadcasts', 'header-quotes'] as const,
    /** Who an audience reaches (the composer's count), by the request that counts it. */
    audience: (request: object | null) => ['broadcasts', 'audience', request] as const,
  },
  stats: () => ['stats', {}] as const,
  notificationsLatest: () => ['notifications-latest', {}] as const,
  /** The dashboard's figures (one call): the key starts with `dashboard-`, as its live updates expect. */
  dashboard: (range: DashboardRange) => ['dashboard-all', range] as const,
  /** Every range of the dashboard's figures. */
  dashboards: ['dashboard-all'] as const,
};
