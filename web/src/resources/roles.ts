import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from './query-keys';

/** A role as GET /admin/roles answers it; `usersCount` is how many users hold it. */
export type Role = { _id: string; name: string; permissions: string[]; usersCount?: number };

export async function getRoles(): Promise<Role[]> {
  const roles = await api.get<Role[]>('/admin/roles', { fallbackMessage: 'Failed to load roles' });
  return (roles ?? []).map((role) => ({ ...role, permissions: role.permissions ?? [] }));
}

/** The roles list, shared by the Roles and Users screens and the approvals' role picker. */
export const rolesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.roles.list(), queryFn: getRoles });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
