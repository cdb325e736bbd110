// The permission catalogue, grouped as the picker shows it: the server's, from its
// dependency-free contract folder.
import { PERMISSION_GROUPS } from '@contract/permissions';

export { PERMISSION_GROUPS };

export const ALL_PERMISSIONS = PERMISSION_GROUPS.flatMap((group) => group.permissions);

/** Quick Presets. */
export const ROLE_PRESETS: readonly { name: string; permissions: readonly string[] }[] = [
  {
    name: 'sales',
    permissions: ['customers.read', 'customers.write', 'entries.write', 'templates.read'],
  },
  {
    name: 'accounts',
    permissions: ['entries.read', 'payments.write', 'reports.read', 'reports.export'],
  },
  { name: 'support', permissions: ['customers.read', 'entries.read', 'templates.read'] },
  {
    name: 'manager',
    permissions: [
      'customers.read',
      'entries.read',
      'entries.export',
      'templates.read',
      'reports.read',
    ],
  },
  { name: 'admin', permissions: ['*'] },
];

/** Role names are trimmed and stored lower-case. */
export const normaliseRoleName = (name: string) => name.trim().toLowerCase();

/** 'a, b,,c ' → ['a', 'b', 'c']. */
export function splitPermissions(text: string): string[] {
  return text
    .split(',')
    .map((permission) => permission.trim())
    .filter(Boolean);
}

/** The lists joined in order, each permission once. */
export function mergePermissions(...lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

export type RoleDraft = { name: string; permissions: string[] };

/**
 * A roles export file read back: it must be a JSON array ('Invalid file'), entries
 * without a name are skipped, names lower-cased, permissions must be a list (else none).
 * A file that is not JSON throws the parser's error.
 */
export function parseRolesFile(text: string): RoleDraft[] {
  const data: unknown = JSON.parse(text);
  if (!Array.isArray(data)) throw new Error('Invalid file');
  return data.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, permissions } = item as { name?: unknown; permissions?: unknown };
    const roleName = typeof name === 'string' ? normaliseRoleName(name) : '';
    if (!roleName) return [];
    const list = Array.isArray(permissions)
      ? mergePermissions(
          permissions.filter((p): p is string => typeof p === 'string').map((p) => p.trim()),
        ).filter(Boolean)
      : [];
    return [{ name: roleName, permissions: list }];
  });
}

/** The export file: the roles as { name, permissions }, readable by parseRolesFile. */
export function rolesExportJson(roles: readonly RoleDraft[]): string {
  return JSON.stringify(
    roles.map(({ name, permissions }) => ({ name, permissions })),
    null,
    2,
  );
}

export const rolesExportFileName = (now = Date.now()) => `roles_export_${now}.json`;
