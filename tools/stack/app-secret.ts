// What the local Meta signs its webhooks with: the app secret saved under Integrations at that
// moment (as Meta uses the app's current secret), else the WHATSAPP_APP_SECRET override.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type DocumentSnapshot } from 'firebase-admin/firestore';
import { PROJECT_ID } from './config.ts';

const secretsDoc = () => {
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  return getFirestore().doc('secrets/integrations');
};

const secretOf = (snapshot: DocumentSnapshot) => {
  const value: unknown = snapshot.get('whatsappAppSecret');
  return typeof value === 'string' ? value : '';
};

/** The saved secret, read now (a process that signs a few webhooks, such as the bench's). */
export async function savedAppSecret(): Promise<string> {
  const override = process.env.WHATSAPP_APP_SECRET?.trim();
  if (override) return override;
  return secretOf(await secretsDoc().get());
}

/** The listener's latest answer; undefined until it is started, or after it stopped. */
let listened: Promise<{ secret: string }> | undefined;

function listen(): Promise<{ secret: string }> {
  return new Promise((resolve, reject) => {
    const latest = { secret: '' };
    secretsDoc().onSnapshot(
      (snapshot) => {
        latest.secret = secretOf(snapshot);
        resolve(latest);
      },
      (err) => {
        // A listener that stopped (the database went away for good) is started again by the
        // next webhook.
        listened = undefined;
        reject(err);
      },
    );
  });
}

/**
 * The same, kept by a listener that sees a new secret as soon as Integrations saves it: for
 * the outbox process, which signs three webhooks a message (sent, delivered, read). A read for
 * each would add 240 reads a second to the database a broadcast at 80 a second is measured on.
 * The listener lives as long as the process.
 */
export async function listenedAppSecret(): Promise<string> {
  const override = process.env.WHATSAPP_APP_SECRET?.trim();
  if (override) return override;
  listened ??= listen();
  return (await listened).secret;
}
