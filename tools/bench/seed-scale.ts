/**
 * `npm run seed:scale -- --customers N --entries M`: adds a generated book of N customers and
 * M entries (Indian names and phones, 18 months of entries, follow-ups, some duplicates) to the
 * running local stack of `npm start` (start it first; --port-offset picks another stack). What
 * is there stays; the dashboard job runs at the end. Data is kept as `npm start` keeps it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ID, portsFromFirebaseJson } from '../stack/config.ts';
import { demoAccounts } from '../stack/seed.ts';
import { signIn } from './stack-api.ts';
import { firestoreControl } from './scale/load.ts';
import { seedScale } from './scale/seed.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000' },
    entries: { type: 'string', default: '5000' },
    'port-offset': { type: 'string', default: '0' },
  },
});
const size = { customers: Number(values.customers), entries: Number(values.entries) };
if (
  !Number.isInteger(size.customers) ||
  size.customers < 1 ||
  !Number.isInteger(size.entries) ||
  size.entries < 0
) {
  console.error('Usage: npm run seed:scale -- --customers N --entries M (N ≥ 1, M ≥ 0)');
  process.exit(2);
}

const ports = portsFromFirebaseJson(Number(values['port-offset']));
const url = `http://127.0.0.1:${ports.hosting}`;
const firestoreHost = `127.0.0.1:${ports.firestore}`;
const admin = demoAccounts()[0];
const adminSignIn = () => signIn(url, admin.email, admin.password);
try {
  await adminSignIn();
} catch (err) {
  console.error(
    `No local stack answered at ${url} (${err instanceof Error ? err.message : String(err)}). Start it with npm start, then run this again.`,
  );
  process.exit(1);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'crm-seed-scale-'));
try {
  const control = firestoreControl(firestoreHost);
  const current = path.join(workDir, 'current');
  await control.exportTo(current);
  const env = {
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    METADATA_SERVER_DETECTION: 'none',
  };
  await seedScale({ url, env, control, signIn: adminSignIn }, size, current, workDir, (line) =>
    console.log(`[seed:scale] ${line}`),
  );
  console.log(`[seed:scale] done: ${url}`);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
