// On a cold load straight onto the dashboard by someone signed in, the page's first script
// (app/boot/) has fetched the shell's and the dashboard's code beside the app's own. Running
// that code before React's first render draws the screen in one go: otherwise React draws
// 'Loading…' first (shell-route.tsx), then runs the code, then draws the screen, two renders,
// layouts and paints where one does, on a phone's slow CPU the screen's largest paint about a
// tenth of a second later. It never waits long: on a slow network 'Loading…' shows meanwhile.
import { getToken } from '../lib/storage';
import { DASHBOARD_PATHS, DashboardPage } from './pages';
import { loadShell } from './shell-route';

/** The longest the first render waits for that code. */
const FIRST_SCREEN_WAIT_MS = 600;

/**
 * Resolves once the first screen's code has run, at once where the boot fetched none (signed
 * out, another screen), or after FIRST_SCREEN_WAIT_MS. A failure to load is left to the shell
 * route, which shows it when it asks again.
 */
export function firstScreenCode(pathname: string): Promise<void> {
  if (!getToken() || !DASHBOARD_PATHS.includes(pathname)) return Promise.resolve();
  const code = Promise.all([loadShell(), DashboardPage.visit()]).then(
    () => undefined,
    () => undefined,
  );
  const cap = new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  return Promise.race([code, cap]);
}
