import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The public part of the company settings, readable before signing in. */
export type PublicSettings = { companyName?: string | null; adminEmail?: string | null };

export async function getPublicSettings(): Promise<PublicSettings> {
  return (await api.get<PublicSettings | undefined>('/settings/public')) ?? {};
}

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', { scope: 'public' }] as const,
    queryFn: getPublicSettings,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
