import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PROJECT_ID = 'demo-crm';

export interface Ports {
  hosting: number;
  functions: number;
  auth: number;
  firestore: number;
  storage: number;
  hub: number;
  logging: number;
}

interface FirebaseJson {
  emulators: Record<string, { host?: string; port?: number }>;
  hosting: Record<string, unknown> & { public: string };
  [key: string]: unknown;
}

export function readFirebaseJson(): FirebaseJson {
  return JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
}

/** The ports firebase.json names, shifted by `offset` (test runs use their own). */
export function portsFromFirebaseJson(offset = 0): Ports {
  const e = readFirebaseJson().emulators;
  // CRM_PORT_OFFSET moves every stack of a checkout (npm start, browser tests, screenshots,
  // bench), so two checkouts on one machine can run their stacks side by side.
  const shift = offset + Number(process.env.CRM_PORT_OFFSET ?? 0);
  const port = (name: string) => (e[name]?.port ?? 0) + shift;
  return {
    hosting: port('hosting'),
    functions: port('functions'),
    auth: port('auth'),
    firestore: port('firestore'),
    storage: port('storage'),
    hub: port('hub'),
    logging: port('logging'),
  };
}

/**
 * firebase.json with other ports, written beside it (paths in it stay relative to the repo).
 * Returns the file's path for `firebase --config`.
 */
export function writeFirebaseConfig(ports: Ports, file: string): string {
  const json = readFirebaseJson();
  for (const [name, port] of Object.entries(ports)) {
    if (json.emulators[name]) json.emulators[name] = { ...json.emulators[name], port };
  }
  const target = path.join(ROOT, file);
  writeFileSync(target, JSON.stringify(json, null, 2));
  return target;
}
