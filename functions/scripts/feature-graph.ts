// Prints which server features import which (npm run graph -w functions) and exits 1 when two
// features import each other. test/architecture/feature-graph.test.ts runs the same check.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '../src');
const FEATURES = path.join(SRC, 'features');

/** Every .ts file below `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const featureOf = (file: string): string | null => {
  const rel = path.relative(FEATURES, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
};

/** feature → the other features it imports. */
export function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(FEATURES)) {
    const from = featureOf(file)!;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = featureOf(path.resolve(path.dirname(file), spec));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Pairs of features that import each other, as 'a <-> b'. */
export function twoWayPairs(graph: Map<string, Set<string>>): string[] {
  const pairs: string[] = [];
  for (const [a, edges] of graph)
    for (const b of edges) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`);
  return pairs;
}

if (require.main === module) {
  const graph = featureGraph();
  for (const [feature, edges] of [...graph].sort())
    console.log(`${feature} -> ${[...edges].sort().join(', ') || '(none)'}`);
  const pairs = twoWayPairs(graph);
  if (pairs.length > 0) {
    console.error(`Features that import each other: ${pairs.join('; ')}`);
    process.exit(1);
  }
}
