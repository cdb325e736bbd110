import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { IntegrationSettings } from './types';

/** The settings (the same answer, and cache entry, as the Settings screen's). */
export function getIntegrations(): Promise<IntegrationSettings> {
  return api.get<IntegrationSettings>('/admin/settings', {
    fallbackMessage: 'Failed to load integrations',
  });
}

export const integrationsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', { scope: 'admin' }] as const, queryFn: getIntegrations });

export function useIntegrations() {
  return useQuery(integrationsQueryOptions());
}
