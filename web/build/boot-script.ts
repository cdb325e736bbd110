// Builds the page's first script (src/app/boot/) on its own, about a kilobyte with no imports,
// and writes it into index.html ahead of the app's script: as a file it cost a phone's first
// load a round trip (170 ms on 4G) before it could start the first screen's code and data. Its
// code does not change from build to build, so the site's policy (firebase.json's
// Content-Security-Policy) allows it by its hash, and the build stops when the policy does not
// name it. The build's file names it needs (which chunks the shell and the dashboard are, with
// their imports and styles) go in a JSON data block before it, which no policy runs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { BOOT_PLAN_ID, type BootPlan } from '../src/app/boot/plan.ts';

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

async function buildBoot(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: ENTRY, formats: ['iife'], name: 'crmBoot' },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  if (!('output' in result)) throw new Error('boot-script: the build gave no output');
  return result.output[0].code.trim();
}

const FIREBASE_JSON = fileURLToPath(new URL('../../firebase.json', import.meta.url));

/** The CSP source that allows `code` as an inline script. */
const scriptHash = (code: string) =>
  `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** Stops the build when a page's policy in firebase.json does not allow the boot script. */
function checkPolicy(code: string): void {
  const hosting = JSON.parse(readFileSync(FIREBASE_JSON, 'utf8')).hosting as {
    headers?: { headers: { key: string; value: string }[] }[];
  };
  const policies = (hosting.headers ?? [])
    .flatMap((rule) => rule.headers)
    .filter((header) => header.key === 'Content-Security-Policy');
  const hash = scriptHash(code);
  if (policies.length === 0 || policies.some((p) => !p.value.includes(hash)))
    throw new Error(
      `boot-script: firebase.json's Content-Security-Policy must allow the page's boot script: ` +
        `put ${hash} in its script-src (in place of the old sha256 there).`,
    );
}

/** JSON inside a script element: no `</script>` can end it early. */
const inScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function bootScript(): Plugin {
  let tags: HtmlTagDescriptor[] = [];
  return {
    name: 'crm:boot-script',
    apply: 'build',
    // Before Vite writes index.html (its generateBundle), after the chunks are named.
    enforce: 'pre',
    async generateBundle(_options, bundle) {
      const code = await buildBoot();
      checkPolicy(code);
      tags = [
        {
          tag: 'script',
          attrs: { type: 'application/json', id: BOOT_PLAN_ID },
          children: inScript(planFor(bundle)),
          injectTo: 'head-prepend',
        },
        { tag: 'script', children: code, injectTo: 'head-prepend' },
      ];
    },
    transformIndexHtml: { order: 'post', handler: () => tags },
  };
}
