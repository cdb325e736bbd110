import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { User } from './types';

export async function getUsers(): Promise<User[]> {
  return (await api.get<User[]>('/admin/users', { fallbackMessage: 'Failed to load users' })) ?? [];
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: ['users', {}] as const, queryFn: getUsers });

export function useUsers() {
  return useQuery(usersQueryOptions());
}
