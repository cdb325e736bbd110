// What the signed-in person may do, as their sign-in answered it: the screens show only the
// pages and buttons whose calls the server would allow (it checks every call itself). An admin
// may do everything. A session whose permissions are not stored yet (signed in before sign-in
// answered them) is filled in by GET /auth/me once the page is idle (known-permissions.ts in
// features/auth); meanwhile its buttons show as they always did (the server decides) and the
// pages that need a permission stay closed.
import { ADMIN_ROLE } from './roles';
import { useStoredValue } from './storage';

/** Parsed stored permissions; null when none are stored or they cannot be read. */
function parsePermissions(raw: string | null): string[] | null {
  if (raw === null) return null;
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : null;
  } catch {
    return null;
  }
}

/** Whether a session of `role` with `permissions` may do what `permission` allows. */
export function allows(
  role: string | null,
  permissions: readonly string[] | null,
  permission: string,
): boolean {
  if (role === ADMIN_ROLE) return true;
  return permissions !== null && (permissions.includes('*') || permissions.includes(permission));
}

/** The session's stored permissions, kept current; null while not known. */
export function useStoredPermissions(): string[] | null {
  return parsePermissions(useStoredValue('permissions'));
}

/** Whether to offer what needs `permission` to the signed-in person, kept current. */
export function useCan(permission: string): boolean {
  const role = useStoredValue('role');
  const permissions = useStoredPermissions();
  return permissions === null || allows(role, permissions, permission);
}
