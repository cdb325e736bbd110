// Saved settings for tests, written the way PUT /admin/settings stores them.
import {
  SECRETS_DOC,
  SETTINGS_DOC,
  defaultSettings,
  type IntegrationSecrets,
} from '../../src/domain/settings/store';
import { Timestamp } from 'firebase-admin/firestore';
import { getDb } from '../../src/firebase';
import { paramCount, SEEDED_TEMPLATES } from '../../../tools/stack/outbox/meta-rules.ts';

/** crm_message ("Hello {{1}}, a message from our team: {{2}}"): the company default. */
export const DEFAULT_TEMPLATE = { name: 'crm_message', language: 'en', nameParam: 1, textParam: 2 };

/** The approved templates as a sync from the local Meta (the outbox) keeps them. */
export async function seedTemplateCatalog(): Promise<void> {
  const batch = getDb().batch();
  for (const t of SEEDED_TEMPLATES)
    batch.set(getDb().doc(`whatsappTemplates/${t.name}:${t.language}`), {
      ...t,
      paramCount: paramCount(t.body),
      syncedAt: Timestamp.now(),
    });
  await batch.commit();
}

interface SettingsPatch {
  companyName?: string;
  adminNumbers?: string[];
  adminEmails?: string[];
  notifications?: { email?: boolean; whatsapp?: boolean };
  integrations?: {
    whatsapp?: Record<string, unknown>;
    email?: Record<string, unknown>;
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
