// storage.rules, as far as it can be checked offline. The Storage emulator that evaluates
// Storage rules needs firebase-tools' rules runtime jar, downloaded from Google on first use,
// which these machines cannot fetch. What can run: the rules compiler inside Google's official
// Firestore emulator, which compiles any rules file, Storage's included, and reports errors and
// warnings (undefined functions, wrong types) as the Firebase Rules API does at deploy. With it,
// and the language's rule that a request is allowed only when some `allow` grants it, the
// file is shown to allow nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startOfficialEmulator,
  type OfficialEmulator,
} from '../../firestore/scripts/official-emulator.ts';
import { PROJECT_ID, ROOT } from '../../stack/config.ts';

const rules = readFileSync(path.join(ROOT, 'storage.rules'), 'utf8');
let emulator: OfficialEmulator | undefined;

beforeAll(async () => {
  emulator = await startOfficialEmulator();
  if (!emulator)
    throw new Error('The official Firestore emulator (gcloud component) is not installed here');
});
afterAll(() => emulator?.stop());

/** Compiles a rules file; the compiler's status and its issues (errors and warnings). */
async function compile(content: string): Promise<{ status: number; body: string }> {
  const res = await fetch(
    `http://${emulator!.host}/emulator/v1/projects/${PROJECT_ID}:securityRules`,
    { method: 'PUT', body: JSON.stringify({ rules: { files: [{ content }] } }) },
  );
  return { status: res.status, body: await res.text() };
}

it('compiles without an error or a warning', async () => {
  const { status, body } = await compile(rules);
  expect(status).toBe(200);
  expect(JSON.parse(body)).not.toHaveProperty('issues');
});

it('is checked: the compiler refuses a broken file and warns of an unknown function', async () => {
  expect((await compile(rules.replace('if false;', 'if (false;'))).status).toBe(400);
  const unknown = await compile(rules.replace('if false;', 'if nosuch();'));
  expect(unknown.body).toContain('Invalid function name: nosuch');
});

it('grants nothing: one rule for every object, and it is `if false`', () => {
  const code = rules.replace(/\/\/.*$/gm, '');
  expect(code).toContain('service firebase.storage');
  // Every path of every bucket matches /b/{bucket}/o/{allPaths=**} ...
  expect(code).toMatch(/match \/b\/\{bucket\}\/o \{\s*match \/\{allPaths=\*\*\} \{/);
  // ... and the file's only grant is false for reads and writes alike.
  expect(code.match(/allow [^;]*;/g)).toEqual(['allow read, write: if false;']);
});
