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

/**
 * How many bytes of answers Firestore may send on the client's connection, and on each call,
 * before the client says it has read them (HTTP/2 flow control). With gRPC's default, HTTP/2's
 * 64 KB, a page of 100 customers (about 100 KB) waits for the client to acknowledge its first
 * part, which a busy instance does only when its event loop comes round to it; with this window
 * a page arrives whole. What it saved: docs/benchmarks.md (the receive window).
 */
export const FIRESTORE_RECEIVE_WINDOW_BYTES = 8 * 1024 * 1024;

/**
 * The longest the client waits between tries to reconnect to a database it lost. gRPC's own
 * default doubles the wait up to 120 s: after a restart of the database of a few minutes, an
 * instance went on answering 503 for one to two minutes more while the database was back.
 */
export const FIRESTORE_MAX_RECONNECT_WAIT_MS = 5_000;

/**
 * Marks the Firestore instance getDb() has given its settings (taken once, before first use).
 * The mark is on the instance, not in this module: a second copy of the modules (the tests load
 * one as a second api instance) shares the Admin SDK's instance.
 */
const SETTINGS_GIVEN = Symbol.for('crm.firestore.settingsGiven');

export function getDb(): Firestore {
  const db: Firestore & { [SETTINGS_GIVEN]?: true } = getFirestore(getFirebaseApp());
  if (!db[SETTINGS_GIVEN]) {
    db[SETTINGS_GIVEN] = true;
    try {
      db.settings({
        'grpc-node.flow_control_window': FIRESTORE_RECEIVE_WINDOW_BYTES,
        'grpc.max_reconnect_backoff_ms': FIRESTORE_MAX_RECONNECT_WAIT_MS,
      });
    } catch (err) {
      // Already in use by code outside the functions in the same process (a browser test's or a
      // tool's own Admin SDK client is the same instance): it keeps the window it opened with.
      if (!String((err as Error).message).includes('already been initialized')) throw err;
    }
  }
  return db;
}
