import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from './query-keys';

import type { Role } from '@contract/answers';

export type { Role };

export async function getRoles(): Promise<Role[]> {
  const roles = await api.get('/admin/roles', { fallbackMessage: 'Failed to load roles' });
  return (roles ?? []).map((role) => ({ ...role, permissions: role.permissions ?? [] }));
}

/** The roles list, shared by the Roles and Users screens and the approvals' role picker. */
export const rolesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.roles.list(), queryFn: getRoles });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
