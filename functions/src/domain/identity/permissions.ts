// The permission catalogue, the built-in roles and what a role ends up holding.
import { PERMISSION_GROUPS } from '../../contract/permissions';

export const ALL_PERMISSIONS = '*';

/** Every permission, '*' included, in the picker's order. */
export const PERMISSION_CATALOGUE = PERMISSION_GROUPS.flatMap((group) => group.permissions);

export type Permission = (typeof PERMISSION_CATALOGUE)[number];

const KNOWN = new Set<string>(PERMISSION_CATALOGUE);

export function isKnownPermission(name: string): boolean {
  return KNOWN.has(name);
}

/**
 * What every non-admin role holds whatever its list says (employees view, add and
 * edit customers and entries, schedule follow-ups, view history, comment, read templates).
 * Follow-ups, history and comments belong to entries.read / entries.write.
 */
export const EMPLOYEE_BASELINE: readonly string[] = [
  'customers.read',
  'customers.write',
  'entries.read',
  'entries.write',
  'templates.read',
];

export const ADMIN_ROLE = 'admin';
export const DEFAULT_ROLE = 'sales';

/**
 * Roles that always exist: they cannot be deleted or renamed, and admin always holds '*'.
 * Stored under their name as document id (roles/sales); until stored they read as these.
 */
export const BUILT_IN_ROLES: Readonly<Record<string, readonly string[]>> = {
  admin: [ALL_PERMISSIONS],
  sales: ['customers.read', 'customers.write', 'entries.write', 'templates.read'],
  accounts: [
    'entries.read',
    'payments.write',
    'reports.read',
    'reports.export',
    'customers.export',
  ],
};

export function isBuiltInRole(name: string): boolean {
  return Object.hasOwn(BUILT_IN_ROLES, name);
}

/**
 * Role names are compared and stored in Unicode's compatibility form (NFKC: full-width and
 * styled letters read as the plain ones), trimmed and lowercased.
 */
export function normalizeRoleName(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}

/**
 * Letters, marks, digits, punctuation, symbols and plain spaces: no control, format (zero-width,
 * right-to-left), private-use or unassigned characters, so that no name can look like another.
 */
export function isDisplayableRoleName(name: string): boolean {
  return /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u.test(name);
}

/** Trimmed, empties dropped, duplicates removed, in first-seen order. */
export function normalizePermissions(list: readonly string[]): string[] {
  return [...new Set(list.map((p) => p.trim()).filter(Boolean))];
}

/** What a holder of `role` may do: admin everything, anyone else the baseline plus the list. */
export function effectivePermissions(role: string, listed: readonly string[]): string[] {
  if (normalizeRoleName(role) === ADMIN_ROLE) return [ALL_PERMISSIONS];
  return normalizePermissions([...EMPLOYEE_BASELINE, ...listed]);
}
