import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../resources/query-keys';
import { settingsQueryOptions } from '../../../resources/settings';
import type { Settings, SettingsUpdate } from './types';

export function updateSettings(update: SettingsUpdate): Promise<Settings> {
  return api.put('/admin/settings', update, { fallbackMessage: 'Save failed' });
}

/** Saves; the answer is the new settings, and the public ones (menu brand) reload. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.settings.all });
    },
  });
}
