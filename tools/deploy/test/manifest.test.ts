// The functions' deploy manifest, asked of firebase-functions' own discovery the way the
// Firebase CLI asks before a deploy (firebase-tools' node runtime delegate: the SDK's
// `firebase-functions` binary with FUNCTIONS_CONTROL_API=true, then GET /__/functions.yaml),
// compared with the committed expectation and with docs/deploy.md. A change to what would be
// deployed shows in review as a change of expected-functions.yaml and of the doc's table.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { buildFunctions } from '../../stack/build.ts';
import { freePort } from '../../stack/ports.ts';
import { PROJECT_ID, ROOT } from '../../stack/config.ts';
import { API_MEMORY_MIB } from '../../../functions/src/app/runtime-options.ts';

interface Endpoint {
  availableMemoryMb: number | null;
  cpu?: number | null;
  timeoutSeconds: number | null;
  concurrency: number | null;
  maxInstances: number | null;
  region: string[];
  secretEnvironmentVariables?: { key: string }[];
  httpsTrigger?: object;
  eventTrigger?: { eventType: string; eventFilterPathPatterns?: { document?: string } };
  scheduleTrigger?: { schedule: string; timeZone: string };
}
interface Manifest {
  specVersion: string;
  endpoints: Record<string, Endpoint>;
}

const EXPECTED = path.join(import.meta.dirname, '../expected-functions.yaml');
let manifest: Manifest;

/** Builds functions/ (unless the gate has) and runs the SDK's discovery server as firebase-tools does. */
async function discover(): Promise<Manifest> {
  buildFunctions();
  const port = await freePort();
  const functionsDir = path.join(ROOT, 'functions');
  const child = spawn(path.join(ROOT, 'node_modules/.bin/firebase-functions'), [functionsDir], {
    cwd: functionsDir,
    // What the CLI passes (runtimes/node/index.js spawnFunctionsProcess, deploy/functions/prepare).
    env: {
      FUNCTIONS_CONTROL_API: 'true',
      PORT: String(port),
      HOME: process.env.HOME,
      PATH: process.env.PATH,
      GCLOUD_PROJECT: PROJECT_ID,
      FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID }),
    },
    stdio: 'ignore',
  });
  try {
    for (let tries = 0; ; tries++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/__/functions.yaml`);
        if (res.status !== 200) throw new Error(`discovery answered ${res.status}`);
        return parse(await res.text()) as Manifest;
      } catch (error) {
        if (tries > 100 || child.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    await fetch(`http://127.0.0.1:${port}/__/quitquitquit`).catch(() => {});
    child.kill('SIGKILL');
  }
}

beforeAll(async () => {
  manifest = await discover();
  // After a deliberate change: UPDATE_DEPLOY_EXPECTATION=1 npm run test:deploy writes it anew.
  if (process.env.UPDATE_DEPLOY_EXPECTATION) writeFileSync(EXPECTED, stringify(manifest));
});

describe('what firebase deploy would create', () => {
  it('is the committed expectation (tools/deploy/expected-functions.yaml)', () => {
    expect(manifest).toEqual(parse(readFileSync(EXPECTED, 'utf8')));
  });

  it("passes the Firebase CLI's own reading of the manifest", () => {
    const require = createRequire(path.join(ROOT, 'package.json'));
    const discovery =
      require('firebase-tools/lib/deploy/functions/runtimes/discovery/index.js') as {
        yamlToBuild(
          yaml: unknown,
          project: string,
          region: string,
          runtime: string,
        ): {
          endpoints: Record<string, { region: string[]; availableMemoryMb: number }>;
        };
      };
    const build = discovery.yamlToBuild(manifest, PROJECT_ID, 'us-central1', 'nodejs20');
    expect(Object.keys(build.endpoints).sort()).toEqual(Object.keys(manifest.endpoints).sort());
    for (const endpoint of Object.values(build.endpoints))
      expect(endpoint.region).toEqual(['asia-south1']);
  });

  it('gives the api its memory, CPU, timeout, concurrency and max instances explicitly', () => {
    expect(manifest.endpoints.api).toMatchObject({
      availableMemoryMb: API_MEMORY_MIB,
      cpu: 1,
      timeoutSeconds: 540,
      concurrency: 80,
      maxInstances: 10,
      httpsTrigger: {},
    });
  });

  it('is the table in docs/deploy.md, row for row', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8');
    const rows = Object.entries(manifest.endpoints).map(([name, e]) => docRow(name, e));
    const tableRows = doc.split('\n').filter((line) => /^\| `\w+` \|/.test(line));
    expect(tableRows).toEqual(rows);
    for (const secret of manifest.endpoints.api!.secretEnvironmentVariables ?? [])
      expect(doc).toContain(`\`${secret.key}\``);
  });
});

/** The doc's line for one function: name, trigger, memory, CPU, timeout, concurrency, max. */
function docRow(name: string, e: Endpoint): string {
  const trigger = e.httpsTrigger
    ? 'HTTPS (Hosting rewrites `/api/**` to it)'
    : e.eventTrigger
      ? `Firestore: a document created at \`${e.eventTrigger.eventFilterPathPatterns?.document}\``
      : `schedule \`${e.scheduleTrigger!.schedule}\` (${e.scheduleTrigger!.timeZone})`;
  const or = (value: number | null | undefined, unit = '') =>
    value === null || value === undefined ? 'default' : `${value}${unit}`;
  const memory =
    e.availableMemoryMb! >= 1024
      ? `${e.availableMemoryMb! / 1024} GiB`
      : `${e.availableMemoryMb} MiB`;
  const cells = [
    `\`${name}\``,
    trigger,
    memory,
    or(e.cpu),
    or(e.timeoutSeconds, ' s'),
    or(e.concurrency),
    or(e.maxInstances),
  ];
  return `| ${cells.join(' | ')} |`;
}
