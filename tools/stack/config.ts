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

/**
 * Ports that browsers and Node's fetch refuse to reach ("bad port", the Fetch standard's port
 * blocking): a stack on one would run, but no page or test could call it.
 */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/** The ports firebase.json names, shifted by `offset` (test runs use their own). */
export function portsFromFirebaseJson(offset = 0): Ports {
  const e = readFirebaseJson().emulators;
  // CRM_PORT_OFFSET moves every stack of a checkout (npm start, browser tests, screenshots,
  // bench), so two checkouts on one machine can run their stacks side by side.
  const shift = offset + Number(process.env.CRM_PORT_OFFSET ?? 0);
  const port = (name: string) => (e[name]?.port ?? 0) + shift;
  const ports: Ports = {
    hosting: port('hosting'),
    functions: port('functions'),
    auth: port('auth'),
    firestore: port('firestore'),
    storage: port('storage'),
    hub: port('hub'),
    logging: port('logging'),
  };
  for (const [name, value] of Object.entries(ports))
    if (FETCH_BLOCKED_PORTS.has(value))
      throw new Error(
        `The ${name} port would be ${value}, which browsers and fetch refuse to call; pick another offset (CRM_PORT_OFFSET)`,
      );
  return ports;
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
