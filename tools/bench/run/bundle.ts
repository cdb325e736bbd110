// Gzipped JS per route from the web build (web/dist): the sign-in route loads the entry chunk
// named by index.html and what it imports statically; the dashboard chunk is what the dashboard
// screen loads on its first visit (its charts included: a chunk of their own, fetched alongside)
// beyond that.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../stack/config.ts';

const DIST = path.join(ROOT, 'web/dist');
/** The dashboard screen's modules, as app/pages.ts imports them on the first visit. */
const DASHBOARD_CHUNKS = ['dashboard', 'charts'];

export interface BundleSizes {
  signInKb: number;
  signInFiles: string[];
  dashboardKb: number;
  dashboardFiles: string[];
}

/** The chunk and every chunk it imports statically (`from"./x.js"`, `import"./x.js"`). */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(DIST, 'assets', file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g))
    staticClosure(m[1], seen);
  return seen;
}

const gzippedKb = (files: Iterable<string>) =>
  [...files].reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(DIST, 'assets', f))).length,
    0,
  ) / 1024;

export function bundleSizes(): BundleSizes {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/assets\/([\w.-]+\.js)"/g),
  ];
  const signIn = new Set<string>();
  for (const [, file] of entries) staticClosure(file, signIn);

  const assets = readdirSync(path.join(DIST, 'assets'));
  const dashboard = new Set<string>();
  for (const name of DASHBOARD_CHUNKS) {
    const chunk = assets.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
    if (chunk) staticClosure(chunk, dashboard);
  }
  for (const file of signIn) dashboard.delete(file);
  return {
    signInKb: gzippedKb(signIn),
    signInFiles: [...signIn],
    dashboardKb: gzippedKb(dashboard),
    dashboardFiles: [...dashboard],
  };
}
