// firestore.rules where rules are really evaluated: Google's official Firestore emulator (the
// gcloud component, on Java 17), through @firebase/rules-unit-testing and the web SDK a
// client would use. Every collection docs/data-model.md lists holds a document, and no client,
// signed in or not (an approved admin's token included), may read, list, create, update or
// delete anything: all data goes through /api with the Admin SDK, which rules do not bind.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOfficialEmulator,
  type OfficialEmulator,
} from '../../firestore/scripts/official-emulator.ts';
import { PROJECT_ID, ROOT } from '../../stack/config.ts';

/**
 * A document path in each collection the data model names (`customers`, `entries/{id}/history`,
 * `dashboard/summary`…): `{id}` parts get an id, a collection gets a document.
 */
function documentPaths(dataModel: string): string[] {
  const paths = new Set<string>();
  for (const line of dataModel.split('\n')) {
    const cell = /^\| ([^|]+) \|/.exec(line)?.[1];
    for (const name of cell?.match(/`[a-zA-Z][\w/{}]*`/g) ?? []) {
      const segments = name
        .slice(1, -1)
        .replace(/\{\w+\}/g, 'doc-1')
        .split('/');
      if (segments.length % 2 === 1) segments.push('doc-1');
      paths.add(segments.join('/'));
    }
  }
  return [...paths];
}

const paths = documentPaths(readFileSync(path.join(ROOT, 'docs/data-model.md'), 'utf8'));
let emulator: OfficialEmulator | undefined;
let env: RulesTestEnvironment;

beforeAll(async () => {
  emulator = await startOfficialEmulator();
  if (!emulator)
    throw new Error('The official Firestore emulator (gcloud component) is not installed here');
  const [host, port] = emulator.host.split(':');
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: {
      host,
      port: Number(port),
      rules: readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8'),
    },
  });
  // A document in every collection, written past the rules as the functions write them.
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    for (const at of paths) await setDoc(doc(db, at), { name: 'seeded', owner: 'someone' });
  });
});

afterAll(async () => {
  await env?.cleanup();
  emulator?.stop();
});

it('covers every collection the product keeps', () => {
  // The data model names them; the test reads them from there, so a new one is covered.
  for (const name of ['customers', 'entries', 'users', 'settings', 'secrets', 'files'])
    expect(paths).toContain(`${name}/doc-1`);
  expect(paths).toContain('entries/doc-1/history/doc-1');
  expect(paths.length).toBeGreaterThan(20);
});

it('lets the Admin side (rules disabled) read what it wrote', async () => {
  await env.withSecurityRulesDisabled(async (context) => {
    await assertSucceeds(getDoc(doc(context.firestore(), paths[0]!)));
  });
});

// The context hands out the compat Firestore, which is also what the modular calls take.
const modular = (context: RulesTestContext) => context.firestore() as unknown as Firestore;

const clients: [string, () => Firestore][] = [
  ['not signed in', () => modular(env.unauthenticatedContext())],
  ['signed in', () => modular(env.authenticatedContext('user-1', { email: 'a@b.in' }))],
  [
    'signed in with an admin claim',
    () => modular(env.authenticatedContext('admin-1', { role: 'admin', admin: true })),
  ],
];

describe.each(clients)('a client %s', (_who, client) => {
  it.each(paths)('gets nothing from %s', async (at) => {
    const db = client();
    const ref = doc(db, at);
    const parent = ref.parent;
    await assertFails(getDoc(ref));
    await assertFails(getDocs(query(parent, limit(1))));
    await assertFails(getDocs(query(collectionGroup(db, parent.id), limit(1))));
    await assertFails(setDoc(ref, { name: 'changed' }));
    await assertFails(updateDoc(ref, { name: 'changed' }));
    await assertFails(deleteDoc(ref));
    await assertFails(setDoc(doc(collection(db, parent.path)), { name: 'new' }));
  });
});
