import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { User } from './types';

export async function getUsers(): Promise<User[]> {
  return (await api.get<User[]>('/admin/users', { fallbackMessage: 'Failed to load users' })) ?? [];
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['users', {}] as const, queryFn: getUsers });

/** Loaded only while `enabled` (the bulk-assign dialog is open). */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
