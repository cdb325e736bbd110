import { Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth';
import { CustomerSearch, DashboardPage, SCREEN_ROUTES } from './pages';
import type { AppPage } from './pages';
import { RequireAccess } from './require-access';
import { loadShell, ShellRoute } from './shell-route';

/** What the first screen after signing in needs: fetched while the person signs in. */
function preloadSignedIn(): void {
  void loadShell();
  void DashboardPage.preload();
  void CustomerSearch.preload();
}

/** Loads the code of every screen (tests, so that a screen's first visit is not timed). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all([
    loadShell(),
    ...SCREEN_ROUTES.map(({ Page }) => Page.preload()),
    CustomerSearch.preload(),
  ]);
}

function pageRoute({ path, allow, Page }: Omit<AppPage, 'label'>): RouteObject {
  const route = { path, element: <Page /> };
  return allow ? { element: <RequireAccess allow={allow} />, children: [route] } : route;
}

/** The screens' routes: each path and who may open it. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage onStart={preloadSignedIn} /> },
  {
    element: <RequireAccess />,
    children: [
      {
        element: <ShellRoute />,
        children: SCREEN_ROUTES.map(pageRoute),
      },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}
