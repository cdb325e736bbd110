import { ADMIN_ROLE } from '../lib/roles';

export const ADMIN_ONLY: readonly string[] = [ADMIN_ROLE];

/** `allow` undefined: any signed-in user; otherwise the stored role must be listed. */
export function canAccess(allow: readonly string[] | undefined, role: string | null): boolean {
  return !allow || (role !== null && allow.includes(role));
}
