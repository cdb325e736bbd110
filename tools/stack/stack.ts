import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  exportOfficial,
  OFFICIAL_EMULATOR_BINARY,
  OFFICIAL_EMULATOR_READY,
  officialEmulatorArgs,
  officialExportIn,
} from '../firestore/scripts/official-emulator.ts';
import { API_MEMORY_MIB } from '../../functions/src/app/runtime-options.ts';
import { importLocalFiles } from './import-local-files.ts';
import { latestAuthSnapshot, startAuthKeeper } from './auth-keeper.ts';
import { PROJECT_ID, ROOT, writeFirebaseConfig, type Ports } from './config.ts';
import { startFront } from './front.ts';
import { providerBases, sendgridKeyFile } from './outbox.ts';
import { sendgridKeys } from './outbox/callbacks.ts';
import { assertPortFree } from './ports.ts';
import { startChild } from './processes.ts';
import { createSupervisor } from './supervisor.ts';

/** The api's memory as deployed less a quarter for code, stacks and buffers outside the heap. */
const FUNCTION_HEAP_MB = (API_MEMORY_MIB * 3) / 4;
/** firebase-tools runs only the Auth emulator here, which needs little. */
const AUTH_EMULATOR_HEAP_MB = 384;
/**
 * The api's instances behind the front, as Cloud Run adds instances to a busy service (it scales
 * on CPU as well as on requests in flight). With one, a team signing in together keeps its one
 * thread busy and every call queues there (docs/local-stack.md, "Serving a team").
 */
const API_INSTANCES = 2;
/** The supervised names of the api's instances: `api`, then `api-2`… (pids, logs). */
export const API_INSTANCE_NAMES = Array.from({ length: API_INSTANCES }, (_, i) =>
  i === 0 ? 'api' : `api-${i + 1}`,
);
/** Makes the api process listen on 127.0.0.1 only (functions-framework has no host option). */
const API_LOOPBACK = path.join(import.meta.dirname, 'api-loopback.cjs');

export interface StackOptions {
  ports: Ports;
  /** Where data persists across restarts; without it every start is fresh and nothing is kept. */
  dataDir?: string;
  /**
   * Run Google's official Firestore emulator (the gcloud component, on Java 17) instead of the
   * embedded engine. It keeps its data only through an export at a clean stop.
   */
  officialFirestore?: boolean;
  /** Keep the children's output to themselves (tests). */
  quiet?: boolean;
}

export interface Stack {
  url: string;
  ports: Ports;
  /** Where each instance of the api listens (the first is `ports.functions`). */
  apiPorts: readonly number[];
  /** The variables that point an Admin SDK at this stack. */
  env: Record<string, string>;
  /** True when the data came from an earlier run (so it must not be seeded again). */
  restored: boolean;
  /** The local stand-in for SendGrid and WhatsApp (GET /messages lists what was sent). */
  outboxUrl: string;
  /** The process id of each of the stack's processes now running, by name. */
  pids(): Record<string, number>;
  /** Runs the scheduled jobs in a supervised process of their own (once the data is seeded). */
  superviseJobs(timeZone: string): Promise<void>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
/** The project's default bucket, as the Cloud Functions runtime names it in FIREBASE_CONFIG. */
const BUCKET = `${PROJECT_ID}.appspot.com`;

/** Written once the demo company is seeded: a start without it seeds (again). */
export const seededMarker = (dataDir: string) => path.join(dataDir, 'seeded');

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline)
      throw new Error(`${url}/api/health did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Starts the local stack, each process supervised (restarted after a crash): the embedded
 * Firestore (or the official emulators), the Auth emulator (behind its keeper when data is
 * kept), the api function on functions-framework and the front serving web/dist with the
 * /api rewrite; waits until /api/health answers through the front. A start that fails stops
 * everything it started. Functions and web must be built already.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports, dataDir } = options;
  const names: [keyof Ports, string][] = [
    ['hosting', 'console'],
    ['functions', 'API (functions-framework)'],
    ['auth', 'Auth emulator'],
    ['firestore', 'Firestore'],
    ['storage', 'Cloud Storage'],
    ['hub', 'Emulator hub'],
    ['logging', 'Emulator logging'],
  ];
  for (const [key, what] of names) await assertPortFree(HOST, ports[key], what);
  // The api's instances after the first take the ports just above its own: fixed for the stack's
  // life (a restart listens where the front sends), and below the range the system hands out to
  // outgoing connections, which could take a free port while its instance restarts.
  const apiPorts = API_INSTANCE_NAMES.map((_, i) => ports.functions + i);
  for (const port of apiPorts.slice(1))
    await assertPortFree(HOST, port, 'API (functions-framework), its second instance');
  // The outbox and, with a data folder, the Auth emulator behind its keeper take the next two,
  // for the same reason: a port the system picked and let go lies in that range, where an
  // outgoing connection took the outbox's once before it listened (EADDRINUSE).
  const outboxPort = ports.functions + API_INSTANCES;
  const keptAuthPort = outboxPort + 1;
  await assertPortFree(HOST, outboxPort, 'the local outbox');
  if (dataDir) await assertPortFree(HOST, keptAuthPort, 'the Auth emulator behind its keeper');

  // Emails and WhatsApp messages go to the local outbox, not to SendGrid or Meta, unless the
  // shell points SENDGRID_API_BASE / WHATSAPP_API_BASE elsewhere.
  const outboxDir = dataDir
    ? path.join(dataDir, 'outbox')
    : path.join(ROOT, '.local', `outbox-${ports.hosting}`);
  if (!dataDir) rmSync(outboxDir, { recursive: true, force: true });
  mkdirSync(outboxDir, { recursive: true });
  const outboxUrl = `http://${HOST}:${outboxPort}`;

  const firestoreDir = dataDir && path.join(dataDir, 'firestore');
  const storageDir = dataDir && path.join(dataDir, 'storage');
  // Seeded data, or a snapshot from before the seed was marked; anything else is what a crash
  // during the first start's seeding left behind, which is started over.
  const restored =
    !!dataDir &&
    (existsSync(seededMarker(dataDir)) ||
      existsSync(path.join(firestoreDir!, 'metadata.json')) ||
      !!officialExportIn(firestoreDir!));
  if (dataDir && !restored && existsSync(dataDir)) {
    for (const name of readdirSync(dataDir))
      if (/^(firestore|storage|firebase|auth-\d+(\.tmp)?)$/.test(name))
        rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }

  const env: Record<string, string> = {
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}`,
    FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
    // The production file store (Cloud Storage through firebase-admin) on the local server.
    FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${ports.storage}`,
    // What the Cloud Functions runtime sets: initializeApp() takes the default bucket from it.
    FIREBASE_CONFIG: JSON.stringify({
      projectId: PROJECT_ID,
      storageBucket: BUCKET,
    }),
    // No metadata server here: stop the Google libraries from looking for one.
    METADATA_SERVER_DETECTION: 'none',
    // The local stack's development aids (the OTP code in the request's answer).
    LOCAL_STACK: '1',
    // Streams end after 30 s here (the page reconnects with Last-Event-ID and misses nothing),
    // so a stop never waits long for an open page's stream, unless the shell says otherwise.
    NOTIFICATION_STREAM_MAX_MS: process.env.NOTIFICATION_STREAM_MAX_MS || '30000',
  };
  // The senders' providers: the outbox above, unless the shell names others.
  const outboxBases = providerBases(outboxUrl);
  env.SENDGRID_API_BASE = process.env.SENDGRID_API_BASE || outboxBases.SENDGRID_API_BASE;
  env.WHATSAPP_API_BASE = process.env.WHATSAPP_API_BASE || outboxBases.WHATSAPP_API_BASE;
  // The seed saves it under Integrations: the outbox signs SendGrid's events with its pair.
  env.SENDGRID_EVENT_PUBLIC_KEY = sendgridKeys(sendgridKeyFile(outboxDir)).publicKeyBase64;
  // The front sends it with every request it forwards; the api believes X-Forwarded-For and
  // X-Forwarded-Host only from requests that carry it (functions/src/http/forwarding.ts).
  env.CRM_FRONT_SECRET = randomBytes(32).toString('base64url');
  // Signed file links (WhatsApp media) name the console's own address.
  env.PUBLIC_BASE_URL = process.env.PUBLIC_BASE_URL || `http://${HOST}:${ports.hosting}`;

  const log = (line: string) => {
    if (!options.quiet) process.stdout.write(`[stack] ${line}\n`);
  };
  const supervisor = createSupervisor(log);
  const keepers: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const keeper of keepers.reverse()) await keeper.stop();
    await supervisor.stopAll();
  };

  try {
    await supervisor.run({
      name: 'firestore',
      start: options.officialFirestore
        ? () => startOfficialFirestore(ports.firestore, firestoreDir, options.quiet)
        : () => startEmbeddedFirestore(ports.firestore, firestoreDir, options.quiet),
    });
    await supervisor.run({
      name: 'storage',
      start: () => startStorage(ports.storage, storageDir, options.quiet),
    });
    if (dataDir) {
      const imported = await importLocalFiles(dataDir, `${HOST}:${ports.storage}`, BUCKET);
      if (imported > 0) log(`moved ${imported} files from ${dataDir}/files into Cloud Storage`);
    }
    if (options.officialFirestore && firestoreDir) {
      // Stopped after the front (keepers stop last added first): nothing writes meanwhile.
      keepers.push({
        stop: () => exportOfficial(env.FIRESTORE_EMULATOR_HOST, PROJECT_ID, firestoreDir),
      });
    }

    // With a data folder, the Auth emulator listens on a private port behind the keeper,
    // which saves the accounts after every change (auth-keeper.ts); without one, on the port.
    const keepAuth = !!dataDir;
    const authPort = keepAuth ? keptAuthPort : ports.auth;
    const keeper = keepAuth
      ? await startAuthKeeper({
          port: ports.auth,
          target: () => `${HOST}:${authPort}`,
          project: PROJECT_ID,
          dataDir: dataDir!,
          log,
        })
      : undefined;
    if (keeper) keepers.push(keeper);
    await supervisor.run({
      name: 'firebase',
      start: () => {
        const snapshot = keeper && latestAuthSnapshot(dataDir!);
        const emulators = startFirebase({ ...ports, auth: authPort }, env, snapshot, options.quiet);
        return keeper ? keeper.reopenAfter(emulators, snapshot) : emulators;
      },
    });

    const url = `http://${HOST}:${ports.hosting}`;
    // A stack script of its own (the outbox, the jobs) with the stack's variables.
    const script = (name: string, file: string, args: string[], readyWhen: RegExp) => () =>
      startChild(
        name,
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'tools/stack', file), ...args],
        {
          readyWhen,
          quiet: options.quiet,
          env: { ...process.env, ...env },
        },
      );
    await supervisor.run({
      name: 'outbox',
      start: script(
        'outbox',
        'outbox-process.ts',
        [outboxDir, new URL(outboxUrl).port, url],
        /outbox listening/,
      ),
    });

    await Promise.all(
      API_INSTANCE_NAMES.map((name, i) =>
        supervisor.run({ name, start: () => startApi(name, apiPorts[i], env, options.quiet) }),
      ),
    );
    keepers.push(await startFront(ports.hosting, apiPorts, env.CRM_FRONT_SECRET));
    await waitForHealth(url, 120_000);
    const superviseJobs = (timeZone: string) =>
      supervisor.run({
        name: 'jobs',
        start: script('jobs', 'jobs-process.ts', [timeZone], /jobs scheduled/),
      });
    return {
      url,
      ports,
      apiPorts,
      env,
      restored,
      outboxUrl,
      pids: supervisor.pids,
      superviseJobs,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The embedded engine, journaling every commit into `dataDir` when there is one. */
function startEmbeddedFirestore(port: number, dataDir: string | undefined, quiet?: boolean) {
  // The whole database lives in the engine's heap, and each full collection of it holds every
  // call for a second or two (docs/benchmarks.md). V8 starts one each time the heap has grown by
  // a little, and whenever its memory reducer takes a lull for idleness. Doubling the heap before
  // the next makes them rarer, and a server that is about to be called again has nothing to give
  // back in a lull; the cap below still bounds it.
  const v8 = ['--heap-growing-percent=100', '--no-memory-reducer'];
  const args = [...v8, '--import', 'tsx', path.join(ROOT, 'tools/firestore/src/cli.ts')];
  args.push('--host', HOST, '--port', String(port), '--project', PROJECT_ID);
  // Every commit is journaled before it is answered: a crash loses nothing acknowledged.
  if (dataDir) args.push('--data', dataDir);
  // Queries are served only as the project's index file serves them in production: a missing
  // composite index fails here, in the console and the browser tests, not after a deploy.
  args.push('--indexes', path.join(ROOT, 'firestore.indexes.json'));
  return startChild('firestore', process.execPath, args, {
    readyWhen: /listening on/,
    quiet,
    // The bench's large size (908,059 documents) holds 4-5 GB of heap after its import
    // (tools/firestore/README.md); the cap leaves room for the import's peak. A young
    // generation of 256 MB semi-spaces instead of 16: with gigabytes old, each young collection
    // costs about the same whatever its size and pauses every call waiting on the engine, so
    // fewer of them cost less (the README's figures).
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=12288 --max-semi-space-size=256' },
  });
}

/**
 * The local Cloud Storage JSON API (tools/storage), keeping every acknowledged upload and
 * delete in `dataDir` (synced before the answer); without one, objects last as long as it runs.
 */
function startStorage(port: number, dataDir: string | undefined, quiet?: boolean) {
  const args = ['--import', 'tsx', path.join(ROOT, 'tools/storage/src/cli.ts')];
  args.push('--host', HOST, '--port', String(port));
  if (dataDir) args.push('--data', dataDir);
  return startChild('storage', process.execPath, args, { readyWhen: /listening on/, quiet });
}

/** Google's official emulator on the stack's Firestore port, from the last export in `dataDir`. */
function startOfficialFirestore(port: number, dataDir: string | undefined, quiet?: boolean) {
  if (!existsSync(OFFICIAL_EMULATOR_BINARY))
    throw new Error(
      `--official needs Google's Firestore emulator at ${OFFICIAL_EMULATOR_BINARY} (the gcloud component google-cloud-cli-firestore-emulator, or set OFFICIAL_FIRESTORE_EMULATOR)`,
    );
  const saved = dataDir ? officialExportIn(dataDir) : undefined;
  return startChild(
    'firestore',
    OFFICIAL_EMULATOR_BINARY,
    officialEmulatorArgs(HOST, port, PROJECT_ID, saved),
    { readyWhen: OFFICIAL_EMULATOR_READY, quiet },
  );
}

/**
 * The Auth emulator, the one emulator the stack still takes from firebase-tools. firebase-tools
 * finds a running hub through a file in the temporary folder named after the project, so each
 * stack gets a temporary folder of its own: two stacks never reach (or export) each other's
 * emulators.
 */
function startFirebase(
  ports: Ports,
  env: Record<string, string>,
  authSnapshot: string | undefined,
  quiet: boolean | undefined,
) {
  const tmpDir = path.join(ROOT, '.local', `tmp-${ports.hosting}`);
  mkdirSync(tmpDir, { recursive: true });
  const config = writeFirebaseConfig(ports, `.firebase.${ports.hosting}.json`);
  const args = ['emulators:start', '--config', config, '--project', PROJECT_ID, '--only', 'auth'];
  if (authSnapshot) args.push('--import', authSnapshot);
  const child = startChild('firebase', path.join(ROOT, 'node_modules/.bin/firebase'), args, {
    cwd: ROOT,
    readyWhen: /All emulators ready/,
    quiet,
    env: {
      ...process.env,
      ...env,
      TMPDIR: tmpDir,
      NODE_OPTIONS: `--max-old-space-size=${AUTH_EMULATOR_HEAP_MB}`,
    },
  });
  void child.ready.finally(() => rmSync(config, { force: true })).catch(() => {});
  return child;
}

/**
 * An instance of the api function served as 2nd gen serves it in production: Google's
 * functions-framework, listening on 127.0.0.1 only (api-loopback.cjs),
 * one long-lived process taking requests concurrently, with the function's heap bound (its
 * memory as deployed less room outside the heap). K_SERVICE is set as Cloud Run sets it: the function
 * then takes the caller's address from X-Forwarded-For, which the front sets, on requests that
 * carry the front's secret (CRM_FRONT_SECRET in `env`).
 */
function startApi(
  name: string,
  port: number,
  env: Record<string, string>,
  quiet: boolean | undefined,
) {
  const bin = path.join(ROOT, 'node_modules/.bin/functions-framework');
  const args = [
    '--target',
    'api',
    '--source',
    path.join(ROOT, 'functions'),
    '--port',
    String(port),
  ];
  return startChild(name, bin, args, {
    cwd: ROOT,
    readyWhen: /Serving function/,
    quiet,
    env: {
      ...process.env,
      ...env,
      K_SERVICE: 'api',
      NODE_OPTIONS: `--max-old-space-size=${FUNCTION_HEAP_MB} --require ${API_LOOPBACK}`,
    },
  });
}
