// The page's first script, run before the app's own (React, the router, the sign-in screen) has
// arrived. On a load by someone signed in it starts what the first signed-in screen needs, so on
// a phone it travels while the app's script downloads and runs rather than after it: the shell's
// code, and on the dashboard its code and its one data call (GET /dashboard/all), whose answer
// the page takes over (features/dashboard/api/early-load.ts). A small script of its own, built by
// web/build/boot-script.ts and written into index.html: a file would cost a phone a round trip
// before anything starts.
import { putBootCall } from '../../lib/boot-call';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { firstDashboardUrl } from '../../features/dashboard/api/dashboard-call';
import type { BootPlan } from './plan';

export type { BootPlan } from './plan';

/**
 * The paths that show the dashboard: app/pages.ts's DASHBOARD_PATHS, written out because this
 * script must not bring React and the screens' table with it (boot.test.tsx keeps the two equal).
 */
export const BOOT_DASHBOARD_PATHS: ReadonlySet<string> = new Set(['/', '/dashboard']);

/** Fetches a file as Vite's own loader would (same mode), so that loader finds it fetched. */
function preload(file: string): void {
  const link = document.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = `/${file}`;
  document.head.appendChild(link);
}

/**
 * Nothing for a signed-out person or on the sign-in screen. A stale or expired token is
 * answered 401 as any call is, and the app then clears it and shows sign-in.
 */
export function boot(plan: BootPlan, pathname: string): void {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (!token || pathname === '/login') return;
  plan.signedIn.forEach(preload);
  if (!BOOT_DASHBOARD_PATHS.has(pathname)) return;
  plan.dashboard.forEach(preload);
  const url = firstDashboardUrl();
  putBootCall({
    url,
    token,
    at: Date.now(),
    // As the API client sends a GET (lib/api-client.ts).
    response: fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      credentials: 'include',
    }),
  });
}
