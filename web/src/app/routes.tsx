import { Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard';
import { LoginPage } from '../features/auth';
import { CustomerPage } from '../features/customers';
import { AppLayout } from './layout/app-layout';
import { APP_PAGES } from './pages';
import type { AppPage } from './pages';
import { RequireAccess } from './require-access';

function pageRoute({ path, allow, Page }: AppPage): RouteObject {
  const route = { path, element: <Page /> };
  return allow ? { element: <RequireAccess allow={allow} />, children: [route] } : route;
}

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAccess />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <DashboardPage /> },
          ...APP_PAGES.map(pageRoute),
          // One customer's page: reached from the lists and the search, not the menu.
          { path: '/customers/:id', element: <CustomerPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}
