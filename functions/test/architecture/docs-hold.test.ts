// The docs hold: every file, folder, code name and collection they name in backticks exists,
// and no link leaves the repository (doc-names.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ROOT,
  checkDoc,
  codeCollections,
  docFiles,
  readRepository,
  tableCollections,
  type Repository,
} from './doc-names';

/** Names in backticks that are not the repository's code: files the engines write, other APIs. */
const NOT_CODE = new Set<string>([
  // The embedded Firestore's and the local Cloud Storage's files in their data folders.
  'metadata.json',
  'objects.json',
  'DIR/blobs/',
  'files.imported/',
  // The outbox's files in its data folder.
  'limits.json',
  'initiated.jsonl',
  'read-receipts.jsonl',
  // The browser's, the Firestore client's and firebase-functions' own APIs.
  'EventSource',
  'toObject',
  'onTaskDispatched',
  'retryConfig',
]);

describe('the docs', () => {
  const repo = readRepository();

  it.each(docFiles(repo.files))('%s names only what exists', (doc) => {
    const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
    expect(checkDoc(doc, markdown, repo, NOT_CODE)).toEqual([]);
  });

  it('data-model.md lists every collection the server reads or writes', () => {
    const listed = new Set(
      tableCollections(readFileSync(path.join(ROOT, 'docs/data-model.md'), 'utf8')),
    );
    const inCode = codeCollections(repo.files);
    expect(inCode).toContain('customers');
    expect(inCode.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('finds a missing file, function and collection, and a link outside the repository', () => {
    const small: Repository = {
      files: ['functions/src/domain/writes/records.ts', 'docs/data-model.md'],
      codeWords: new Set(['RecordWriter', 'getUser']),
      serverStrings: new Set(['customers']),
    };
    const markdown = [
      'Through `RecordWriter` (`domain/writes/records.ts`), `getUser()`, `cleanupKeys()`,',
      '`domain/writes/gone.ts`; the spec is in [spec](../../shared/spec.md).',
      '',
      '| collection | what |',
      '|---|---|',
      '| `customers` | a customer |',
      '| `inboxCounts` | unread counts |',
    ].join('\n');
    expect(checkDoc('docs/data-model.md', markdown, small, new Set())).toEqual([
      { doc: 'docs/data-model.md', name: 'cleanupKeys', why: 'not written in the code' },
      { doc: 'docs/data-model.md', name: 'domain/writes/gone.ts', why: 'no such file' },
      { doc: 'docs/data-model.md', name: 'inboxCounts', why: 'not written in the code' },
      {
        doc: 'docs/data-model.md',
        name: '../../shared/spec.md',
        why: 'links outside the repository',
      },
      {
        doc: 'docs/data-model.md',
        name: 'inboxCounts',
        why: 'no collection of that name in functions/src',
      },
    ]);
  });
});
