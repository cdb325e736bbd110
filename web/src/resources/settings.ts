import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsView } from '@contract/settings';
import { api } from '../lib/api-client';
import { companyTimeZone, setCompanyTimeZone } from '../lib/company-time';
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
 * Puts the screens on the company's clock once the public settings name its time zone, and
 * answers the zone. Set while rendering, not in an effect, so what renders below in the same
 * pass reads its times on it; a screen drawn before the settings came is keyed on the answer
 * (app-layout.tsx) and drawn again.
 */
export function useCompanyClock(): string {
  setCompanyTimeZone(usePublicSettings().data?.timeZone);
  return companyTimeZone();
}
