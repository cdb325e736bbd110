import type { ComponentType } from 'react';
import { ApprovalsPage } from '../features/approvals';
import { CustomersPage } from '../features/customers';
import { DashboardPage } from '../features/dashboard';
import { EntriesPage } from '../features/entries';
import { InformationPage } from '../features/information';
import { IntegrationsPage } from '../features/integrations';
import { RolesPage } from '../features/roles';
import { SettingsPage } from '../features/settings';
import { TemplatesPage } from '../features/templates';
import { UsersPage } from '../features/users';
import { ADMIN_ONLY } from './access';

export type AppPage = {
  path: string;
  /** Menu item text. */
  label: string;
  /** Roles that may open the page; undefined means any signed-in user. */
  allow?: readonly string[];
  Page: ComponentType;
};

/** The signed-in screens (spec §2), in menu order: one table for the routes and the menu. */
export const APP_PAGES: readonly AppPage[] = [
  { path: '/dashboard', label: 'Dashboard', Page: DashboardPage },
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
