import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationsQueryOptions } from './get-integrations';
import type { IntegrationSettings, Integrations } from './types';

/** Saves the integrations only; a secret sent back masked keeps its saved value. */
export function updateIntegrations(integrations: Integrations): Promise<IntegrationSettings> {
  return api.put<IntegrationSettings>(
    '/admin/settings',
    { integrations },
    { fallbackMessage: 'Save failed' },
  );
}

export function useUpdateIntegrations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIntegrations,
    onSuccess: (saved) => {
      queryClient.setQueryData(integrationsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}
