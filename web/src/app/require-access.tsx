import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useStoredValue } from '../lib/storage';
import { canAccess } from './access';
import { CrashBoundary, ErrorBoundary } from './error-boundary';

/**
 * Route guard: no stored token → /login; a role not in `allow` → Access denied.
 * Re-checks whenever the stored token or role changes (a 401 clears them).
 */
export function RequireAccess({ allow }: { allow?: readonly string[] }) {
  return (
    <ErrorBoundary
      fallback={() => (
        <p className="guard-failure" role="alert">
          Something went wrong.
        </p>
      )}
    >
      <AccessCheck allow={allow} />
    </ErrorBoundary>
  );
}

function AccessCheck({ allow }: { allow?: readonly string[] }) {
  const token = useStoredValue('token');
  const role = useStoredValue('role');
  const { pathname } = useLocation();

  if (!token) return <Navigate to="/login" replace />;
  if (!canAccess(allow, role)) return <AccessDenied role={role} />;
  // Errors of the screens below are crashes, not guard failures.
  return (
    <CrashBoundary resetKey={pathname}>
      <Outlet />
    </CrashBoundary>
  );
}

function AccessDenied({ role }: { role: string | null }) {
  return (
    <section className="access-denied">
      <h1>Access denied</h1>
      <p>Your role “{role || 'unknown'}” cannot access this page.</p>
    </section>
  );
}
