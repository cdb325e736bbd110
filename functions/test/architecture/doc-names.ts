// What the docs name in backticks, checked against the repository: files and folders exist,
// code names (functions, types, constants) are written somewhere in the code, the collections
// data-model.md lists are named in functions/src, and no link leaves the repository.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

/** The repository's files as git sees them (tracked, or new and not ignored). */
export function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
}

/** The docs the check reads: the README, BENCHMARKS.md, docs/ and the tools' READMEs. */
export function docFiles(files: readonly string[]): string[] {
  return files.filter(
    (file) =>
      file === 'README.md' ||
      file === 'BENCHMARKS.md' ||
      /^docs\/.*\.md$/.test(file) ||
      /^tools\/[^/]+\/README\.md$/.test(file),
  );
}

const CODE_FILE = /\.(ts|tsx|mts|cts|js|cjs|mjs)$/;
const FILE_NAME = /^[\w.@-]+(\/[\w.@{}-]+)*\.(ts|tsx|mts|cjs|js|json|md|ya?ml|rules|css|html)$/;
const FOLDER_NAME = /^[\w.-]+(\/[\w.-]+)*\/$/;
/** A code name: camelCase, PascalCase or UPPER_CASE (a plain lowercase word may be prose). */
const CODE_NAME = /^[A-Za-z_$][\w$]*$/;
const CALL = /^([A-Za-z_$][\w$.]*)\(.*\)$/;

export interface Problem {
  doc: string;
  name: string;
  why: string;
}

/** Backtick spans of a markdown file, outside fenced code blocks. */
export function backtickNames(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());
}

function isCodeName(name: string): boolean {
  return CODE_NAME.test(name) && /[A-Z]/.test(name.slice(1)) && !/^[A-Z][a-z]+$/.test(name);
}

/** The names a span holds that must exist in the code: `a.b()` gives a and b. */
function codeNamesIn(span: string): string[] {
  const call = CALL.exec(span);
  const names = call ? call[1].split('.') : [span];
  return names.filter(isCodeName);
}

export interface Repository {
  files: readonly string[];
  /** Every word written in the code files. */
  codeWords: ReadonlySet<string>;
  /** Every string literal written in functions/src. */
  serverStrings: ReadonlySet<string>;
}

export function readRepository(files = repositoryFiles()): Repository {
  const codeWords = new Set<string>();
  const serverStrings = new Set<string>();
  for (const file of files) {
    if (!(CODE_FILE.test(file) || file.endsWith('package.json')) || file.includes('node_modules/'))
      continue;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) codeWords.add(word);
    if (file.startsWith('functions/src/'))
      for (const m of text.matchAll(/'([^'\n]*)'/g)) serverStrings.add(m[1]);
  }
  return { files, codeWords, serverStrings };
}

/** A file name holds when a file's path ends with it (`domain/writes/records.ts` holds). */
function fileExists(name: string, doc: string, files: readonly string[]): boolean {
  const fromDoc = path.posix.normalize(path.posix.join(path.posix.dirname(doc), name));
  return files.some((file) => file === fromDoc || file === name || file.endsWith(`/${name}`));
}

function folderExists(name: string, doc: string, files: readonly string[]): boolean {
  const fromDoc = path.posix.normalize(path.posix.join(path.posix.dirname(doc), name));
  return files.some(
    (file) => file.startsWith(name) || file.startsWith(fromDoc) || file.includes(`/${name}`),
  );
}

/** Paths git ignores: what the stack and the build write (`.emulator-data/`, `web/dist/`). */
function isGenerated(name: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', name], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

/** A collection named in functions/src, alone or as the start of a document path. */
function isCollection(name: string, repo: Repository): boolean {
  if (repo.serverStrings.has(name)) return true;
  return [...repo.serverStrings].some((text) => text.startsWith(`${name}/`));
}

/** Relative links and paths that leave the repository (`../shared/spec.md` from README.md). */
function leavesRepository(target: string, doc: string): boolean {
  if (/^[a-z]+:/i.test(target) || target.startsWith('#')) return false;
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target));
  return resolved.startsWith('../');
}

/** The collections a data-model.md table row names in its first cell (`customers/{id}/audit`). */
export function tableCollections(markdown: string): string[] {
  const names: string[] = [];
  for (const line of markdown.split('\n')) {
    const first = /^\|\s*([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const span of backtickNames(first))
      for (const segment of span.split('/'))
        if (segment && !segment.startsWith('{')) names.push(segment);
  }
  return names;
}

/**
 * The collections functions/src reads or writes: the constants handed to `collection()` and
 * `collectionGroup()` (lint allows no string there), by their values.
 */
export function codeCollections(files: readonly string[] = repositoryFiles()): string[] {
  const values = new Map<string, string>();
  const used = new Set<string>();
  for (const file of files) {
    if (!file.startsWith('functions/src/') || !CODE_FILE.test(file)) continue;
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = '([^'/]+)'/g))
      values.set(m[1], m[2]);
    for (const m of text.matchAll(/\.collection(?:Group)?\(\s*([A-Z][A-Z0-9_]*)\b/g))
      used.add(m[1]);
  }
  return [...used].flatMap((name) => values.get(name) ?? []).sort();
}

export function checkDoc(
  doc: string,
  markdown: string,
  repo: Repository,
  exceptions: ReadonlySet<string>,
): Problem[] {
  const problems: Problem[] = [];
  const report = (name: string, why: string) => {
    if (!exceptions.has(name)) problems.push({ doc, name, why });
  };
  for (const span of backtickNames(markdown)) {
    if (leavesRepository(span, doc) && FILE_NAME.test(span.replace(/^(\.\.\/)+/, '')))
      report(span, 'is outside the repository');
    else if (FILE_NAME.test(span)) {
      if (!fileExists(span, doc, repo.files) && !isGenerated(span)) report(span, 'no such file');
    } else if (FOLDER_NAME.test(span)) {
      const holds =
        folderExists(span, doc, repo.files) ||
        isGenerated(span) ||
        isCollection(span.split('/')[0], repo);
      if (!holds) report(span, 'no such folder');
    } else {
      for (const name of codeNamesIn(span))
        if (!repo.codeWords.has(name)) report(name, 'not written in the code');
    }
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const file = target.split('#')[0];
    if (!file || /^[a-z]+:/i.test(file)) continue;
    if (leavesRepository(file, doc)) report(target, 'links outside the repository');
    else if (
      !fileExists(
        path.posix.normalize(path.posix.join(path.posix.dirname(doc), file)),
        '',
        repo.files,
      ) &&
      !folderExists(file, doc, repo.files)
    )
      report(target, 'links to no file');
  }
  if (doc === 'docs/data-model.md')
    for (const name of tableCollections(markdown))
      if (!isCollection(name, repo)) report(name, 'no collection of that name in functions/src');
  return problems;
}
