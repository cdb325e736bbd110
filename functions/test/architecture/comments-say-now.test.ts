// Comments say what the code does and why, as it is: how it came to be belongs in the commit
// that changed it, a past run's figures in docs/benchmarks.md and a decision in docs/decisions/.
// The phrases below tell history and have no other use in a comment here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, repositoryFiles } from './doc-names';

const SOURCE = /^(functions\/src|web\/src|tools|e2e)\/.*\.(ts|tsx|mts|cts|js|cjs|mjs)$/;

const HISTORY = [
  /\bas before\b/i,
  /\bused to\b/i,
  /\bthe old (form|way|code|version|behaviou?r)\b/i,
  /\bwas a quarter\b/i,
  /\bpreviously\b/i,
  /\buntil recently\b/i,
];

/** A comment line: one that starts as a comment, or code followed by a `//` comment. */
const commentOf = (line: string): string | undefined => {
  const text = line.trim();
  if (/^(\/\/|\/\*|\*)/.test(text)) return text;
  const at = line.indexOf(' // ');
  return at === -1 ? undefined : line.slice(at);
};

/** `file:line: text` for each comment line of `source` that tells history. */
export function historyComments(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, i) => {
    const comment = commentOf(line);
    return comment && HISTORY.some((phrase) => phrase.test(comment))
      ? [`${file}:${i + 1}: ${comment}`]
      : [];
  });
}

describe('comments', () => {
  it('tell what the code does and why, not its history', () => {
    const files = repositoryFiles().filter(
      (file) => SOURCE.test(file) && !file.includes('node_modules/'),
    );
    expect(files).toContain('functions/src/firebase.ts');
    const found = files.flatMap((file) =>
      historyComments(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('finds history in comments only', () => {
    const source = [
      '// Read as before (the old form sent it).',
      'const used = tries; // this used to retry',
      " * The send is refused to the customer's phone; the old generation keeps it.",
      "const label = 'as before';",
    ].join('\n');
    expect(historyComments('x.ts', source)).toEqual([
      'x.ts:1: // Read as before (the old form sent it).',
      'x.ts:2:  // this used to retry',
    ]);
  });
});
