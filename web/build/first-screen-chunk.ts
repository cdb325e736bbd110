// The code a signed-in person's first screen needs beyond the sign-in route's script (the
// shell, the dashboard, its charts, the top bar's Inbox parts, and the libraries and modules
// only they use) in one chunk rather than the 15 or so small ones Rolldown would make of it.
// The local front (like any HTTP/1.1 server) serves a browser 6 files at a time per origin: on a
// phone's 170 ms round trip each extra wave of files costs a round trip or more, and the
// dashboard's data call queued behind them. Named 'dashboard' (what the bench's bundle row
// looks for). Other screens load it too: it is their shell.
import type { Plugin } from 'vite';

const FIRST_SCREEN = [
  '/src/app/shell.tsx',
  '/src/features/conversations/shell.ts',
  '/src/features/dashboard/index.ts',
  '/src/features/dashboard/components/charts.tsx',
];

/**
 * A plugin that finds, once every module is parsed, what the first screen's modules import
 * statically that the page's entry does not, and the `codeSplitting` group that puts those in
 * one chunk (Rolldown asks the group's test after the modules are parsed).
 */
export function firstScreenChunk() {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'crm:first-screen-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const walk = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) walk(imported);
        };
        roots.forEach(walk);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const entry = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const roots = FIRST_SCREEN.map((path) => {
        const id = ids.find((candidate) => candidate.endsWith(path));
        if (!id) throw new Error(`first-screen-chunk: no module ${path}`);
        return id;
      });
      for (const id of closure(roots)) if (!entry.has(id)) members.add(id);
    },
  };
  const group = {
    name: 'dashboard',
    test: (id: string) => members.has(id),
    // The entry's modules it imports stay in the entry: loaded before it anyway.
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
