// What the local Meta signs its webhooks with: the app secret saved under Integrations at that
// moment (as Meta uses the app's current secret), else the WHATSAPP_APP_SECRET override.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID } from './config.ts';

export async function savedAppSecret(): Promise<string> {
  const override = process.env.WHATSAPP_APP_SECRET?.trim();
  if (override) return override;
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  const secrets = await getFirestore().doc('secrets/integrations').get();
  const value: unknown = secrets.get('whatsappAppSecret');
  return typeof value === 'string' ? value : '';
}
