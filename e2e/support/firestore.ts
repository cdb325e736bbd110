import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/**
 * The stack's Firestore through the Admin SDK, for what a test sets up or checks past the API
 * (the emulator's address comes from FIRESTORE_EMULATOR_HOST, which the global setup sets).
 */
export function firestore(): Firestore {
  if (getApps().length === 0)
    initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-crm' });
  return getFirestore();
}
