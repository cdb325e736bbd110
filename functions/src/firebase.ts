// The Admin SDK, initialised on first use rather than at import, so that importing a module
// never needs credentials and tests can set FIRESTORE_EMULATOR_HOST (read by the SDK when the
// Firestore client is created) before the first call.
import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export function getFirebaseApp(): App {
  // With no options, initializeApp() reads FIREBASE_CONFIG, which the Cloud Functions runtime
  // and the functions emulator set (project id, default storage bucket).
  return getApps().length > 0 ? getApp() : initializeApp();
}

// The Firestore client's OpenTelemetry spans cost each call CPU (a span and its attributes per
// read and query) and nothing here collects them; FIRESTORE_ENABLE_TRACING=ON turns them back
// on. Read when the client is created, after this module is loaded.
process.env.FIRESTORE_ENABLE_TRACING ??= 'OFF';

export function getDb(): Firestore {
  return getFirestore(getFirebaseApp());
}
