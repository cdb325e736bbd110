import { allows } from '../lib/can';
import { ADMIN_ROLE } from '../lib/roles';

/** Who may open a page: the roles listed, or any session with the permission its calls need. */
export type PageAccess = readonly string[] | { permission: string };

export const ADMIN_ONLY: PageAccess = [ADMIN_ROLE];

/** `allow` undefined: any signed-in user; otherwise the stored role or permissions must fit. */
export function canAccess(
  allow: PageAccess | undefined,
  role: string | null,
  permissions: readonly string[] | null,
): boolean {
  if (!allow) return true;
  if ('permission' in allow) return allows(role, permissions, allow.permission);
  return role !== null && allow.includes(role);
}
