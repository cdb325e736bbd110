import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsView } from '@contract/settings';
import { api } from '../lib/api-client';
import { setCompanyTimeZone } from '../lib/company-time';
import { getPublicSettings } from './public-settings';
import { queryKeys } from './query-keys';

/** The settings as GET /admin/settings answers them; secrets come masked. */
export type Settings = SettingsView;

export function getSettings(): Promise<Settings> {
  return api.get('/admin/settings', { fallbackMessage: 'Failed to load settings' });
}

/** The company settings, shared by the Settings and Integrations screens. */
export const settingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.settings.admin(), queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** The public settings (public-settings.ts), cached for the signed-in menu. */
export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings.public(),
    queryFn: getPublicSettings,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}

/**
 * Puts the screens on the company's clock once the public settings name its time zone. Set
 * while rendering, not in an effect, so the screens rendered below in the same pass already
 * read their times on it.
 */
export function useCompanyClock(): void {
  setCompanyTimeZone(usePublicSettings().data?.timeZone);
}
