import { lazy, type ComponentType } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { SCREEN_ROUTES } from './pages';

// The signed-in shell (the query cache, toasts, menu and top bar: shell.tsx) is not part of the
// sign-in route's script: it loads with the first signed-in screen, or earlier while the person
// signs in (`loadShell`). Once loaded, it renders at once, with no 'Loading…' between signing in
// and the dashboard (React.lazy would suspend once more on its first render).

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

const LazyShell = lazy(() => loadShell().then((Component) => ({ default: Component })));

/**
 * The signed-in screens' parent route. On a first load straight onto a signed-in page, the
 * page's own code (and the dashboard's data call) start together with the shell's, not after it.
 */
export function ShellRoute() {
  const { pathname } = useLocation();
  if (Shell) return <Shell />;
  void SCREEN_ROUTES.find(({ path }) => matchPath(path, pathname))?.Page.visit();
  return <LazyShell />;
}
