import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ID, ROOT, writeFirebaseConfig, type Ports } from './config.ts';
import { savedAppSecret } from './app-secret.ts';
import { startOutbox } from './outbox.ts';
import { assertPortFree, waitForPort } from './ports.ts';
import { startChild, stopChild, type Child } from './processes.ts';

/** The function's 512 MiB less room for code, stacks and buffers outside the heap. */
const FUNCTION_HEAP_MB = 384;

export interface StackOptions {
  ports: Ports;
  /** Where data persists across restarts; without it every start is fresh and nothing is kept. */
  dataDir?: string;
  /** Run the official Firestore and Storage emulators (needs Java 21 and their downloads). */
  officialEmulators?: boolean;
  /** Keep the children's output to themselves (tests). */
  quiet?: boolean;
}

export interface Stack {
  url: string;
  ports: Ports;
  /** The variables that point an Admin SDK at this stack. */
  env: Record<string, string>;
  /** True when the data came from an earlier run (so it must not be seeded again). */
  restored: boolean;
  /** The local stand-in for SendGrid and WhatsApp (GET /messages lists what was sent). */
  outboxUrl: string;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';

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
 * Starts the local stack: the embedded Firestore (or the official emulators), then the
 * Firebase Auth, Functions and Hosting emulators, and waits until /api/health answers through
 * the hosting rewrite. Functions and web must be built already.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports, dataDir } = options;
  const names: [keyof Ports, string][] = [
    ['hosting', 'Hosting emulator'],
    ['functions', 'Functions emulator'],
    ['auth', 'Auth emulator'],
    ['firestore', 'Firestore'],
    ['hub', 'Emulator hub'],
    ['logging', 'Emulator logging'],
  ];
  if (options.officialEmulators) names.push(['storage', 'Storage emulator']);
  for (const [key, what] of names) await assertPortFree(HOST, ports[key], what);

  // Emails and WhatsApp messages go to the local outbox, not to SendGrid or Meta, unless the
  // shell points SENDGRID_API_BASE / WHATSAPP_API_BASE elsewhere.
  const outboxDir = dataDir
    ? path.join(dataDir, 'outbox')
    : path.join(ROOT, '.local', `outbox-${ports.hosting}`);
  if (!dataDir) rmSync(outboxDir, { recursive: true, force: true });
  const outbox = await startOutbox(outboxDir, (line) => {
    if (!options.quiet) process.stdout.write(`[outbox] ${line}\n`);
  });

  const children: Child[] = [];
  const stop = async () => {
    // Firebase first: it exports Auth data on the way out; then Firestore exports its own.
    for (const child of [...children].reverse()) await stopChild(child, 'SIGINT', 20_000);
    await outbox.stop();
  };

  const firestoreDir = dataDir && path.join(dataDir, 'firestore');
  const firebaseDir = dataDir && path.join(dataDir, 'firebase');
  const filesDir = path.join(
    dataDir ?? path.join(ROOT, '.local', `files-${ports.hosting}`),
    'files',
  );
  if (!dataDir) rmSync(filesDir, { recursive: true, force: true });
  mkdirSync(filesDir, { recursive: true });
  const restored = !!firestoreDir && existsSync(path.join(firestoreDir, 'metadata.json'));

  const env: Record<string, string> = {
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${ports.auth}`,
    FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
    // No metadata server here: stop the Google libraries from looking for one.
    METADATA_SERVER_DETECTION: 'none',
    // The local stack's development aids (the OTP code in the request's answer).
    LOCAL_STACK: '1',
    // The Hosting and Functions emulators' proxies never tell the function that a browser went
    // away, so a closed page's notification stream (its listener and heartbeat) lives until the
    // stream ends, and the Functions emulator waits for it on shutdown: end streams after 30 s
    // here (the page reconnects with Last-Event-ID and misses nothing) unless the shell says.
    NOTIFICATION_STREAM_MAX_MS: process.env.NOTIFICATION_STREAM_MAX_MS || '30000',
  };
  if (options.officialEmulators) env.FIREBASE_STORAGE_EMULATOR_HOST = `${HOST}:${ports.storage}`;
  else env.FILES_DIR = filesDir;
  // The senders' providers: the outbox above, unless the shell names others.
  env.SENDGRID_API_BASE = process.env.SENDGRID_API_BASE || outbox.env.SENDGRID_API_BASE;
  env.WHATSAPP_API_BASE = process.env.WHATSAPP_API_BASE || outbox.env.WHATSAPP_API_BASE;
  // The seed saves it under Integrations: the outbox signs SendGrid's events with its pair.
  env.SENDGRID_EVENT_PUBLIC_KEY = outbox.sendgridPublicKey;
  // Signed file links (WhatsApp media) name the console's own address.
  env.PUBLIC_BASE_URL = process.env.PUBLIC_BASE_URL || `http://${HOST}:${ports.hosting}`;

  try {
    if (!options.officialEmulators) {
      const args = [
        '--import',
        'tsx',
        path.join(ROOT, 'tools/firestore/src/cli.ts'),
        '--host',
        HOST,
      ];
      args.push('--port', String(ports.firestore), '--project', PROJECT_ID);
      if (firestoreDir) args.push('--import', firestoreDir, '--export-on-exit', firestoreDir);
      const firestore = startChild('firestore', process.execPath, args, {
        readyWhen: /listening on/,
        quiet: options.quiet,
        // The bench's large size (807,059 documents) holds about 3.5 GB of heap after its
        // import (tools/firestore/README.md); the cap leaves room for the import's peak and GC.
        env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=12288' },
      });
      children.push(firestore);
      await firestore.ready;
    }

    const config = writeFirebaseConfig(ports, `.firebase.${ports.hosting}.json`);
    const only = [
      'auth',
      'functions',
      'hosting',
      ...(options.officialEmulators ? ['firestore', 'storage'] : []),
    ];
    const args = [
      'emulators:start',
      '--config',
      config,
      '--project',
      PROJECT_ID,
      '--only',
      only.join(','),
    ];
    if (firebaseDir) {
      if (existsSync(path.join(firebaseDir, 'firebase-export-metadata.json')))
        args.push('--import', firebaseDir);
      args.push('--export-on-exit', firebaseDir);
    }
    const firebase = startChild('firebase', path.join(ROOT, 'node_modules/.bin/firebase'), args, {
      cwd: ROOT,
      readyWhen: /All emulators ready/,
      quiet: options.quiet,
      // With the official emulators, firebase-tools points the functions at its own Firestore.
      env: {
        ...process.env,
        ...env,
        ...(options.officialEmulators ? { FIRESTORE_EMULATOR_HOST: undefined } : {}),
        // The deployed function has 512 MiB (functions/src/index.ts), so its heap is bounded;
        // the same bound here for the emulators and their function workers, which would
        // otherwise size their heaps from this machine's memory and put off collecting garbage
        // (an export of 100,000 customers then showed 1.3 GB of uncollected pages; it needs
        // about 16 MB above the worker's own 210 MB).
        NODE_OPTIONS: `--max-old-space-size=${FUNCTION_HEAP_MB}`,
      },
    });
    children.push(firebase);
    await firebase.ready;
    rmSync(config, { force: true });
    await waitForPort(HOST, ports.hosting, 30_000);
    const url = `http://${HOST}:${ports.hosting}`;
    await waitForHealth(url, 120_000);
    outbox.connect({ baseUrl: url, appSecret: savedAppSecret });
    return { url, ports, env, restored, outboxUrl: outbox.url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
