import { Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth';
import { APP_PAGES, DashboardPage, onFirstVisit } from './pages';
import type { AppPage, LazyPage } from './pages';
import { AppLayout, preloadCustomerSearch } from './layout/app-layout';
import { RequireAccess } from './require-access';

// A customer's page loads on first visit too (see pages.ts).
const CustomerPage = onFirstVisit(() =>
  import('../features/customers').then((m) => m.CustomerPage),
);

/** What the first screen after signing in needs: fetched while the person signs in. */
function preloadSignedIn(): void {
  void DashboardPage.preload();
  void preloadCustomerSearch();
}

/** Loads the code of every screen (tests, so that a screen's first visit is not timed). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all([
    ...APP_PAGES.map(({ Page }) => (Page as Partial<LazyPage>).preload?.()),
    CustomerPage.preload(),
    preloadCustomerSearch(),
  ]);
}

function pageRoute({ path, allow, Page }: AppPage): RouteObject {
  const route = { path, element: <Page /> };
  return allow ? { element: <RequireAccess allow={allow} />, children: [route] } : route;
}

/** The screens' routes: each path and who may open it. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage onTyping={preloadSignedIn} /> },
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
