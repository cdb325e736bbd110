import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Settings } from './types';

export function getSettings(): Promise<Settings> {
  return api.get<Settings>('/admin/settings', { fallbackMessage: 'Failed to load settings' });
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', { scope: 'admin' }] as const, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
