// firestore.indexes.json as the Firebase CLI reads it at `firebase deploy --only
// firestore:indexes`: firebase-tools' FirestoreApi upgrades the file's spec and validates
// every index and field override (lib/firestore/api.js, validateSpec) before it calls
// Google, so a file it would refuse fails here, offline.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../../stack/config.ts';

interface Spec {
  indexes: object[];
  fieldOverrides?: object[];
}
interface FirestoreApi {
  upgradeOldSpec(spec: Spec): Spec;
  validateSpec(spec: Spec): void;
}

const require = createRequire(path.join(ROOT, 'package.json'));
const { FirestoreApi } = require('firebase-tools/lib/firestore/api.js') as {
  FirestoreApi: new () => FirestoreApi;
};
const file = JSON.parse(readFileSync(path.join(ROOT, 'firestore.indexes.json'), 'utf8')) as Spec;

/** What `firebase deploy` does with the file before any network call. */
function parseAsTheCliDoes(spec: Spec): Spec {
  const api = new FirestoreApi();
  const upgraded = api.upgradeOldSpec(structuredClone(spec));
  api.validateSpec(upgraded);
  return upgraded;
}

it("is accepted by the Firebase CLI's own parser, every index and override kept", () => {
  const parsed = parseAsTheCliDoes(file);
  expect(parsed.indexes).toHaveLength(file.indexes.length);
  expect(parsed.fieldOverrides ?? []).toHaveLength(file.fieldOverrides?.length ?? 0);
});

it('is really checked: the parser refuses an index field with neither order nor array config', () => {
  const broken = structuredClone(file);
  broken.indexes.push({
    collectionGroup: 'customers',
    queryScope: 'COLLECTION',
    fields: [{ fieldPath: 'x' }],
  });
  expect(() => parseAsTheCliDoes(broken)).toThrow(/order|arrayConfig/);
});
