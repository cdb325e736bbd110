import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsView } from '@contract/settings';
import { api } from '../lib/api-client';
import { companyTimeZone } from '../lib/company-time';
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
 * The company's time zone, drawn again when the public settings, asked by the menu or the
 * sign-in page (getPublicSettings keeps the zone they name), name another. It never asks them
 * itself: a phone's first screen makes only its own calls (My day's data in one) and opens on the
 * zone kept from the last answer. A screen drawn on another zone is keyed on this answer
 * (app-layout.tsx) and drawn again.
 */
export function useCompanyClock(): string {
  useQuery({ ...publicSettingsQueryOptions(), enabled: false });
  return companyTimeZone();
}
