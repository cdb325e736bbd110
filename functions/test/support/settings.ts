// Saved settings for tests, written the way PUT /admin/settings stores them.
import {
  SECRETS_DOC,
  SETTINGS_DOC,
  defaultSettings,
  type IntegrationSecrets,
} from '../../src/features/settings/store';
import { getDb } from '../../src/firebase';

interface SettingsPatch {
  companyName?: string;
  adminNumbers?: string[];
  adminEmails?: string[];
  notifications?: { email?: boolean; whatsapp?: boolean };
  integrations?: {
    whatsapp?: Record<string, string>;
    email?: Record<string, string | number>;
  };
}

export async function writeSettings(
  patch: SettingsPatch,
  secrets: Partial<IntegrationSecrets>,
): Promise<void> {
  const base = defaultSettings();
  await getDb()
    .doc(SETTINGS_DOC)
    .set({
      ...base,
      ...patch,
      notifications: { ...base.notifications, ...patch.notifications },
      integrations: {
        whatsapp: { ...base.integrations.whatsapp, ...patch.integrations?.whatsapp },
        email: { ...base.integrations.email, ...patch.integrations?.email },
      },
    });
  await getDb().doc(SECRETS_DOC).set(secrets);
}
