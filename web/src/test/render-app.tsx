import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeAll } from 'vitest';
import { SignedInProviders } from '../app/providers';
import { AppRoutes, preloadScreens } from '../app/routes';
import { saveSession } from '../lib/storage';

// Screens load on their first visit (app/pages.ts): a test file loads their code first, so a
// test times its screen, not the loading of its module on a busy machine.
beforeAll(preloadScreens, 60_000);

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders one part of the app inside the signed-in screens' providers, with a fresh query cache. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(<SignedInProviders queryClient={queryClient}>{ui}</SignedInProviders>);
  return { ...view, user, queryClient };
}

/**
 * Renders the whole app at `path`, signed in when a token is given. The signed-in shell makes its
 * own query cache, as in the app (one per session).
 */
export function renderApp(
  path: string,
  session?: { token: string; role?: string | null; permissions?: readonly string[] },
) {
  if (session) saveSession(session);
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...view, user, location: () => view.getByTestId('location').textContent };
}
