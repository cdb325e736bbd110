import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';
import { settingsQueryOptions, type Settings } from '../../../resources/settings';
import type { Integrations } from './types';

/** Saves the integrations only; a secret sent back masked keeps its saved value. */
export function updateIntegrations(integrations: Integrations): Promise<Settings> {
  return api.put('/admin/settings', { integrations }, { fallbackMessage: 'Save failed' });
}

export function useUpdateIntegrations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIntegrations,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.settings.all });
    },
  });
}
