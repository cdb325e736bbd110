import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useStoredPermissions } from '../lib/can';
import { useStoredValue } from '../lib/storage';
import { canAccess, type PageAccess } from './access';
import { CrashBoundary, ErrorBoundary } from './error-boundary';

/**
 * Route guard: no stored token → /login; a role or permissions `allow` does not take → Access
 * denied. Re-checks whenever the stored token, role or permissions change (a 401 clears them).
 */
export function RequireAccess({ allow }: { allow?: PageAccess }) {
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

function AccessCheck({ allow }: { allow?: PageAccess }) {
  const token = useStoredValue('token');
  const role = useStoredValue('role');
  const permissions = useStoredPermissions();
  const { pathname } = useLocation();

  if (!token) return <Navigate to="/login" replace />;
  if (!canAccess(allow, role, permissions)) return <AccessDenied role={role} />;
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
