import { Menu } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { logout as endServerSession, useKnownPermissions } from '../../features/auth';
import { Dialog } from '../../lib/dialog';
import { clearSession, useStoredValue } from '../../lib/storage';
import { useIsPhone } from '../../lib/use-media-query';
import { useCompanyClock } from '../../resources/settings';
import { CrashBoundary } from '../error-boundary';
import { CustomerSearch, DASHBOARD_PATHS, onFirstVisit } from '../pages';
import { useSearchShortcut } from './search-shortcut';
import { SideMenu } from './side-menu';

// The Inbox's count and its live toasts load with the first signed-in screen, not before sign-in.
const InboxLink = onFirstVisit(() =>
  import('../../features/conversations/shell').then((m) => m.InboxLink),
);
const InboxLive = onFirstVisit(() =>
  import('../../features/conversations/shell').then((m) => m.InboxLive),
);

/** True once the page has been idle after its first render (at most ~2 s later). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true));
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle;
}

/** Left menu (a drawer behind a menu button on phones), top bar, and the current screen. */
export function AppLayout() {
  const idle = useIdle();
  const [searchOpen, setSearchOpen] = useState(false);
  useSearchShortcut(useCallback(() => setSearchOpen(true), []));
  const searchShown = idle || searchOpen;
  useKnownPermissions(idle);
  const companyClock = useCompanyClock();
  const role = useStoredValue('role');
  const isPhone = useIsPhone();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function logout() {
    await endServerSession(); // needs the token, so before clearing it; failures are ignored
    clearSession();
    queryClient.clear(); // nothing of this user's data stays cached for the next one
    navigate('/login', { replace: true });
  }

  return (
    <div className="app-shell">
      <Suspense fallback={null}>
        <InboxLive />
      </Suspense>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      {!isPhone && (
        <div className="sidebar">
          <SideMenu role={role} />
        </div>
      )}
      <div className="app-main">
        <header className="topbar">
          {isPhone && (
            <button
              type="button"
              className="btn btn--ghost topbar__menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <Menu aria-hidden="true" size={18} /> <span className="topbar__menu-text">Menu</span>
            </button>
          )}
          {searchShown && (
            <Suspense fallback={null}>
              <CustomerSearch open={searchOpen} onOpenChange={setSearchOpen} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <InboxLink countFromPage={DASHBOARD_PATHS.includes(pathname)} />
          </Suspense>
          <span className="topbar__role">
            {/* On phones the word 'Role' gives its room to the buttons; readers still hear it. */}
            <span className={isPhone ? 'visually-hidden' : undefined}>Role: </span>
            {role || 'unknown'}
          </span>
          <button type="button" className="btn btn--outline" onClick={logout}>
            Logout
          </button>
        </header>
        <main id="main-content" className="content" tabIndex={-1}>
          <CrashBoundary resetKey={pathname}>
            {/* Drawn again, once, if the company's clock is not the default it was drawn on. */}
            <Suspense key={companyClock} fallback={<p role="status">Loading…</p>}>
              <Outlet />
            </Suspense>
          </CrashBoundary>
        </main>
      </div>
      <Dialog
        open={isPhone && menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Menu"
        placement="start"
      >
        <SideMenu role={role} onNavigate={() => setMenuOpen(false)} />
      </Dialog>
    </div>
  );
}
