import { useEffect, useState } from 'react';
import { api } from '../lib/api-client';
import { setCompanyTimeZone } from '../lib/company-time';
import type { PublicSettings } from '@contract/answers';

export type { PublicSettings };

// The public part of the company settings, readable before signing in. This module stays free
// of the query cache: the sign-in screen uses it, and TanStack Query loads only with the
// signed-in screens (settings.ts gives the signed-in menu its cached query).

/** The public settings; the company's time zone they name is kept for every screen's clock. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const settings: PublicSettings = (await api.get('/settings/public')) ?? {};
  setCompanyTimeZone(settings.timeZone);
  return settings;
}

/** The public settings, asked once when the screen opens; undefined until (or unless) they arrive. */
export function usePublicSettingsOnce(): PublicSettings | undefined {
  const [settings, setSettings] = useState<PublicSettings>();
  useEffect(() => {
    let shown = true;
    // Unreadable settings leave the screen's defaults (the product title, no admin contact).
    getPublicSettings().then(
      (answer) => {
        if (shown) setSettings(answer);
      },
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, []);
  return settings;
}
