import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Role } from './types';

export async function getRoles(): Promise<Role[]> {
  return (await api.get<Role[]>('/admin/roles', { fallbackMessage: 'Failed to load roles' })) ?? [];
}

export const rolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles', {}] as const, queryFn: getRoles });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
