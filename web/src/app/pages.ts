import { lazy, type ComponentType } from 'react';
import { startDashboardLoad } from '../features/dashboard/api/early-load';
import { ADMIN_ONLY } from './access';

/** A screen (or part) whose code loads when it is first shown, or earlier through `preload`. */
export type LazyPage<Props extends object = object> = ComponentType<Props> & {
  preload: () => Promise<unknown>;
};

/**
 * A screen whose code loads on its first visit (the layout shows 'Loading…' meanwhile);
 * `onVisit` runs then too (not on a preload), e.g. to start the screen's data call meanwhile.
 */
export function onFirstVisit<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
  onVisit?: () => void,
): LazyPage<Props> {
  // import() keeps its module once loaded, so a preload and the visit fetch it once.
  const Page = lazy(() => {
    onVisit?.();
    return load().then((Component) => ({ default: Component }));
  });
  return Object.assign(Page, { preload: load });
}

// Only the sign-in screen comes with the app's first script: every signed-in screen loads on
// its first visit (the dashboard's while the person types their password: `preloadSignedIn`),
// which keeps the sign-in route's script small (a target of npm run bench).
export const DashboardPage = onFirstVisit(
  () => import('../features/dashboard').then((m) => m.DashboardPage),
  startDashboardLoad,
);
const CustomersPage = onFirstVisit(() =>
  import('../features/customers').then((m) => m.CustomersPage),
);
const EntriesPage = onFirstVisit(() => import('../features/entries').then((m) => m.EntriesPage));
const InboxPage = onFirstVisit(() => import('../features/conversations').then((m) => m.InboxPage));
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
const IntegrationsPage = onFirstVisit(() =>
  import('../features/integrations').then((m) => m.IntegrationsPage),
);

export type AppPage = {
  path: string;
  /** Menu item text. */
  label: string;
  /** Roles that may open the page; undefined means any signed-in user. */
  allow?: readonly string[];
  Page: ComponentType;
};

/** The signed-in screens, in menu order: one table for the routes and the menu. */
export const APP_PAGES: readonly AppPage[] = [
  { path: '/dashboard', label: 'Dashboard', Page: DashboardPage },
  { path: '/inbox', label: 'Inbox', Page: InboxPage },
  { path: '/customers', label: 'Customers', Page: CustomersPage },
  { path: '/entries', label: 'Entries', Page: EntriesPage },
  { path: '/information', label: 'Information', Page: InformationPage },
  { path: '/settings', label: 'Settings', allow: ADMIN_ONLY, Page: SettingsPage },
  { path: '/approvals', label: 'Approvals', allow: ADMIN_ONLY, Page: ApprovalsPage },
  { path: '/users', label: 'Users', allow: ADMIN_ONLY, Page: UsersPage },
  { path: '/departments', label: 'Roles', allow: ADMIN_ONLY, Page: RolesPage },
  { path: '/templates', label: 'Templates', allow: ADMIN_ONLY, Page: TemplatesPage },
  { path: '/integrations', label: 'Integrations', allow: ADMIN_ONLY, Page: IntegrationsPage },
];
