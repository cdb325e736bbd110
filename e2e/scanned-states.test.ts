// The list of what axe scans (support/accessibility.ts) holds: each state it names is scanned by
// some browser test file, and the files scan no state it leaves out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { onRoute, SCANNED_STATES } from './support/accessibility.ts';

/** A scan in a test file: expectAccessible with a page and, quoted, the name of a state. */
const SCAN = /expectAccessible\(\s*[\w.]+,\s*(['"])(.+?)\1,?\s*\)/g;

describe('the states axe scans', () => {
  it('are each scanned by a test file, and listed', () => {
    const dir = import.meta.dirname;
    const files = readdirSync(dir).filter((file) => file.endsWith('.test.ts'));
    const scanned = new Set(
      files.flatMap((file) =>
        [...readFileSync(path.join(dir, file), 'utf8').matchAll(SCAN)].map((m) => m[2]!),
      ),
    );
    expect(scanned.size).toBeGreaterThan(0);
    expect(Object.keys(SCANNED_STATES).filter((state) => !scanned.has(state))).toEqual([]);
    expect([...scanned].filter((state) => !(state in SCANNED_STATES))).toEqual([]);
  });

  it('are matched to their routes segment by segment', () => {
    expect(onRoute('/customers/abc123', '/customers/:id')).toBe(true);
    expect(onRoute('/customers', '/customers/:id')).toBe(false);
    expect(onRoute('/customers/', '/customers')).toBe(true);
    expect(onRoute('/customers/abc123', '/customers')).toBe(false);
    expect(onRoute('/', '/')).toBe(true);
    expect(onRoute('/dashboard', '/')).toBe(false);
  });
});
