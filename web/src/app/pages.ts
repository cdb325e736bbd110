import { createElement, lazy, useState, type ComponentType } from 'react';
import { startDashboardLoad } from '../features/dashboard/api/early-load';
import { loadCharts } from '../features/dashboard/components/charts-code';
import { ADMIN_ONLY, type PageAccess } from './access';

/**
 * A screen (or part) whose code loads when it is first shown, or earlier: `preload` fetches the
 * code; `visit` starts what the first visit starts (the code and `onVisit`) before it is shown.
 */
export type LazyPage<Props extends object = object> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
  visit: () => Promise<unknown>;
};

/**
 * A screen whose code loads on its first visit (the layout shows 'Loading…' meanwhile);
 * `onVisit` runs then too, once (not on a preload), e.g. to start the screen's data call
 * meanwhile. Once its code is in (a preload, or started by shell-route.tsx before the shell is
 * drawn), the screen is drawn at once rather than through React.lazy: a lazy screen is shown
 * through a Suspense fallback, and React holds back what follows a fallback for 300 ms.
 */
export function onFirstVisit<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
  onVisit?: () => void,
): LazyPage<Props> {
  let visited = false;
  let Loaded: ComponentType<Props> | undefined;
  // import() keeps its module once loaded, so a preload and the visit fetch it once.
  const preload = () => load().then((Component) => (Loaded = Component));
  const visit = () => {
    if (!visited) onVisit?.();
    visited = true;
    return preload();
  };
  const Lazy = lazy(() => visit().then((Component) => ({ default: Component })));
  function Page(props: Props) {
    // Chosen once per mount: switching from Lazy to Loaded would mount the screen anew.
    const [Component] = useState<ComponentType<Props>>(() => Loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload, visit });
}

// Only the sign-in screen comes with the app's first script: every signed-in screen loads on
// its first visit, as does their shell (shell-route.tsx); the dashboard's and the shell's while
// the person types their password (`preloadSignedIn` in routes.tsx). That keeps the sign-in
// route's script small (a target of npm run bench).
// The dashboard's charts load through charts-code.ts; the build puts them in the first screen's
// chunk with the dashboard (web/build/first-screen-chunk.ts).
export const DashboardPage = onFirstVisit(() => {
  void loadCharts().catch(() => undefined); // the page shows a failure when it draws them
  return import('../features/dashboard').then((m) => m.DashboardPage);
}, startDashboardLoad);
const CustomersPage = onFirstVisit(() =>
  import('../features/customers').then((m) => m.CustomersPage),
);
const EntriesPage = onFirstVisit(() => import('../features/entries').then((m) => m.EntriesPage));
// One customer's page: reached from the lists and the search, not the menu.
const CustomerPage = onFirstVisit(() =>
  import('../features/customers').then((m) => m.CustomerPage),
);
// A conversation opens from the Inbox as its customer's page: that code comes with the Inbox's,
// so a tap draws it at once (with the threads the Inbox fetches ahead, prefetch-threads.ts).
const InboxPage = onFirstVisit(() =>
  import('../features/conversations').then((m) => {
    void CustomerPage.preload().catch(() => undefined);
    return m.InboxPage;
  }),
);
const InformationPage = onFirstVisit(() =>
  import('../features/information').then((m) => m.InformationPage),
);
const SettingsPage = onFirstVisit(() => import('../features/settings').then((m) => m.SettingsPage));
const ApprovalsPage = onFirstVisit(() =>
  import('../features/approvals').then((m) => m.ApprovalsPage),
);
const UsersPage = onFirstVisit(() => import('../features/users').then((m) => m.UsersPage));
const RolesPage = onFirstVisit(() => import('../features/roles').then((m) => m.RolesPage));
const TemplatesPage = onFirstVisit(() =>
  import('../features/templates').then((m) => m.TemplatesPage),
);
const BroadcastsPage = onFirstVisit(() =>
  import('../features/broadcasts').then((m) => m.BroadcastsPage),
);
const IntegrationsPage = onFirstVisit(() =>
  import('../features/integrations').then((m) => m.IntegrationsPage),
);
const QuotesPage = onFirstVisit(() => import('../features/quotes').then((m) => m.QuotesPage));
const QuotePage = onFirstVisit(() => import('../features/quotes').then((m) => m.QuotePage));
const QuoteBuilderPage = onFirstVisit(() =>
  import('../features/quotes').then((m) => m.QuoteBuilderPage),
);
const ProductsPage = onFirstVisit(() => import('../features/products').then((m) => m.ProductsPage));

// The top bar's customer search (and the customer book's code it needs) loads once the first
// screen is drawn and the page is idle (app-layout.tsx): on a phone it would otherwise compete
// with that screen's own code and data.
export const CustomerSearch = onFirstVisit(() =>
  import('../features/customers').then((m) => m.CustomerSearch),
);

export type AppPage = {
  path: string;
  /** Menu item text. */
  label: string;
  /** Who may open the page; undefined means any signed-in user. */
  allow?: PageAccess;
  Page: LazyPage;
};

/** The signed-in screens, in menu order: one table for the routes and the menu. */
export const APP_PAGES: readonly AppPage[] = [
  { path: '/dashboard', label: 'Dashboard', Page: DashboardPage },
  { path: '/inbox', label: 'Inbox', Page: InboxPage },
  { path: '/customers', label: 'Customers', Page: CustomersPage },
  { path: '/entries', label: 'Entries', Page: EntriesPage },
  { path: '/quotes', label: 'Quotes', Page: QuotesPage },
  { path: '/information', label: 'Information', Page: InformationPage },
  { path: '/settings', label: 'Settings', allow: ADMIN_ONLY, Page: SettingsPage },
  { path: '/approvals', label: 'Approvals', allow: ADMIN_ONLY, Page: ApprovalsPage },
  { path: '/users', label: 'Users', allow: ADMIN_ONLY, Page: UsersPage },
  { path: '/departments', label: 'Roles', allow: ADMIN_ONLY, Page: RolesPage },
  { path: '/templates', label: 'Templates', allow: ADMIN_ONLY, Page: TemplatesPage },
  {
    path: '/products',
    label: 'Products',
    allow: { permission: 'products.write' },
    Page: ProductsPage,
  },
  { path: '/integrations', label: 'Integrations', allow: ADMIN_ONLY, Page: IntegrationsPage },
  {
    path: '/broadcasts',
    label: 'Broadcasts',
    allow: { permission: 'broadcasts.send' },
    Page: BroadcastsPage,
  },
];

/** Every signed-in screen's route: '/' (the dashboard), the menu's pages and a customer's page. */
export const SCREEN_ROUTES: readonly Omit<AppPage, 'label'>[] = [
  { path: '/', Page: DashboardPage },
  ...APP_PAGES,
  { path: '/customers/:id', Page: CustomerPage },
  { path: '/customers/:id/quote', Page: QuoteBuilderPage },
  { path: '/quotes/:id', Page: QuotePage },
];

/** The dashboard's paths: its answer brings the top bar's unread count (My day's). */
export const DASHBOARD_PATHS: readonly string[] = SCREEN_ROUTES.filter(
  (route) => route.Page === DashboardPage,
).map((route) => route.path);
