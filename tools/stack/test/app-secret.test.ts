// The outbox signs with the app secret saved under Integrations at that moment: kept by a
// listener (a broadcast's three webhooks a message would otherwise read it each time), it
// follows a new secret as soon as it is saved.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmbeddedFirestore, type EmbeddedFirestore } from '../../firestore/src/index.ts';
import { listenedAppSecret, savedAppSecret } from '../app-secret.ts';
import { PROJECT_ID } from '../config.ts';
import { until } from './support.ts';

let firestore: EmbeddedFirestore;

beforeAll(async () => {
  firestore = await startEmbeddedFirestore({ port: 0, host: '127.0.0.1' });
  process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
  delete process.env.WHATSAPP_APP_SECRET;
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
});
// The listener lives as long as the process, as in the outbox's.
afterAll(async () => {
  await firestore?.close();
});

const save = (whatsappAppSecret: string) =>
  getFirestore().doc('secrets/integrations').set({ whatsappAppSecret }, { merge: true });

it('signs with the secret saved now, followed by a listener as Integrations saves a new one', async () => {
  await save('first-secret');
  expect(await savedAppSecret()).toBe('first-secret');
  expect(await listenedAppSecret()).toBe('first-secret');
  await save('second-secret');
  await until('the new secret', async () => (await listenedAppSecret()) === 'second-secret', 5_000);
  expect(await savedAppSecret()).toBe('second-secret');
  // Many webhooks at once answer from the listener, all with the secret saved.
  const many = await Promise.all(Array.from({ length: 50 }, () => listenedAppSecret()));
  expect(new Set(many)).toEqual(new Set(['second-secret']));
  process.env.WHATSAPP_APP_SECRET = 'override-secret';
  expect(await listenedAppSecret()).toBe('override-secret');
  delete process.env.WHATSAPP_APP_SECRET;
});
