// Builds the page's first script (src/app/boot/) on its own, a few hundred bytes with no
// imports, and names it in index.html ahead of the app's script. It needs the build's file
// names (which chunks the shell and the dashboard are, with their imports and styles), so it
// is built once the app's chunks are named, with them as __BOOT_PLAN__. A file rather than an
// inline script: the CSP allows scripts only from the site ('self').
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import type { BootPlan } from '../src/app/boot/boot.ts';

const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));
const ENTRY = src('app/boot/entry.ts');
/** The modules each case loads (their chunks, the chunks those import, and their styles). */
// The shell's top bar loads the Inbox's link and live toasts as it is drawn.
const SIGNED_IN = [src('app/shell.tsx'), src('features/conversations/shell.ts')];
const DASHBOARD = [
  src('features/dashboard/index.ts'),
  src('features/dashboard/components/charts.tsx'),
];

/** The files a chunk needs: itself, the chunks it imports statically, their styles. */
function needs(bundle: Rollup.OutputBundle, fileName: string, into: Set<string>): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || into.has(fileName)) return into;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const file of chunk.imports) needs(bundle, file, into);
  return into;
}

function planFor(bundle: Rollup.OutputBundle): BootPlan {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const fileOf = (moduleId: string) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(moduleId));
    if (!chunk) throw new Error(`boot-script: no chunk for ${moduleId}`);
    return chunk.fileName;
  };
  // What the page's own entry loads, index.html names already.
  const entry = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) needs(bundle, chunk.fileName, entry);
  const closure = (modules: string[], without: Set<string>) => {
    const files = new Set<string>();
    for (const id of modules) needs(bundle, fileOf(id), files);
    return [...files].filter((file) => !without.has(file));
  };
  const signedIn = closure(SIGNED_IN, entry);
  return { signedIn, dashboard: closure(DASHBOARD, new Set([...entry, ...signedIn])) };
}

async function buildBoot(plan: BootPlan): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    define: { __BOOT_PLAN__: JSON.stringify(plan) },
    build: {
      write: false,
      minify: true,
      lib: { entry: ENTRY, formats: ['iife'], name: 'crmBoot' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!('output' in result)) throw new Error('boot-script: the build gave no output');
  return result.output[0].code;
}

export function bootScript(): Plugin {
  let fileName: string | undefined;
  return {
    name: 'crm:boot-script',
    apply: 'build',
    // Before Vite writes index.html (its generateBundle), after the chunks are named.
    enforce: 'pre',
    async generateBundle(_options, bundle) {
      const source = await buildBoot(planFor(bundle));
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      fileName = `assets/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        fileName
          ? [{ tag: 'script', attrs: { src: `/${fileName}` }, injectTo: 'head-prepend' }]
          : [],
    },
  };
}
