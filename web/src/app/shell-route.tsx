import { useEffect, useState, type ComponentType } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { SCREEN_ROUTES } from './pages';

// The signed-in shell (the query cache, toasts, menu and top bar: shell.tsx) is not part of the
// sign-in route's script: it loads with the first signed-in screen, or earlier while the person
// signs in (`loadShell`). Once loaded, it renders at once, with no 'Loading…' between signing in
// and the dashboard.

let Shell: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;

/** Fetches the shell's code once; after a failure (offline), the next call tries again. */
export function loadShell(): Promise<ComponentType> {
  loading ??= import('./shell').then(
    (module) => (Shell = module.SignedInShell),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The signed-in screens' parent route. On a first load straight onto a signed-in page, the
 * page's own code (and the dashboard's data call) start together with the shell's, not after it,
 * and the shell is drawn once both codes are in, the page with it. Not through React.lazy: after
 * a Suspense fallback React holds back the next reveal for 300 ms, once for the shell and once
 * more for the page (pages.ts).
 */
export function ShellRoute() {
  const { pathname } = useLocation();
  const [loaded, setLoaded] = useState<{ Shell?: ComponentType; error?: unknown }>({ Shell });
  const page = loaded.Shell
    ? undefined
    : SCREEN_ROUTES.find(({ path }) => matchPath(path, pathname));
  // Started while rendering, so the calls go out before anything is drawn.
  const pageCode = page?.Page.visit().catch(() => undefined); // the page shows its own failure
  useEffect(() => {
    if (loaded.Shell) return;
    let live = true;
    Promise.all([loadShell(), pageCode]).then(
      ([Component]) => live && setLoaded({ Shell: Component }),
      (error: unknown) => live && setLoaded({ error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, for its first page
  }, [loaded.Shell]);

  if (loaded.error) throw loaded.error; // to the crash boundary, as a lazy screen's failure
  if (!loaded.Shell)
    return (
      <p role="status" className="shell-loading">
        Loading…
      </p>
    );
  return <loaded.Shell />;
}
