import { lazy, type ComponentType } from 'react';
import { InboxPage } from '../features/conversations';
import { CustomersPage } from '../features/customers';
import { DashboardPage } from '../features/dashboard';
import { EntriesPage } from '../features/entries';
import { ADMIN_ONLY } from './access';

/** A screen whose code loads when it is first opened (app-layout shows 'Loading…' meanwhile). */
function onFirstVisit(load: () => Promise<ComponentType>): ComponentType {
  return lazy(() => load().then((Page) => ({ default: Page })));
}

// The screens people work in every day come with the app; the admin screens and Information,
// opened now and then (and never by most employees), load on their first visit, which keeps
// the sign-in route's script small.
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
