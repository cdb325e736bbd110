import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from './query-keys';

/** A user as GET /admin/users answers it. */
export type User = {
  _id: string;
  fullName?: string;
  name?: string;
  email?: string;
  phone?: string;
  role?: string;
  approved?: boolean;
};

export async function getUsers(): Promise<User[]> {
  return (await api.get<User[]>('/admin/users', { fallbackMessage: 'Failed to load users' })) ?? [];
}

/** The users list, shared by the Users screen and the Roles screen's bulk assign. */
export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.list(), queryFn: getUsers });

/** Loaded only while `enabled` (a dialog that needs the list is open). */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
