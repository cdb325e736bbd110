import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../tools/stack/build.ts';
import { portsFromFirebaseJson } from '../tools/stack/config.ts';
import { seedDemoCompany } from '../tools/stack/seed.ts';
import { startStack } from '../tools/stack/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The local outbox standing in for SendGrid and WhatsApp (GET /messages). */
    outboxUrl: string;
    /** A folder of this run's own: a file in it for each state and size axe has scanned. */
    axeScans: string;
  }
}

/** Test ports sit 10 above firebase.json's, so a running `npm start` does not get in the way. */
const TEST_PORT_OFFSET = 10;
/**
 * Each shard (`--shard=2/2`) runs its files on a stack of its own, this much higher: 200 keeps
 * clear of the other offsets (bench 20, screenshots 30, stack tests 40 to 90), and a multiple
 * of 100 would put one stack's hub (4400) on another's logging port (4500).
 */
const SHARD_PORT_STEP = 200;

/**
 * Builds the app and starts the real local stack with fresh, seeded data; stops it after. Gives
 * the run (a shard) an empty folder for the states axe has scanned (support/accessibility.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildApp();
  // E2E_STACK_LOGS=1 shows the stack's own output (api, outbox, databases) among the tests'.
  const quiet = !process.env.E2E_STACK_LOGS;
  const shard = project.globalConfig.shard?.index ?? 1;
  const offset = TEST_PORT_OFFSET + SHARD_PORT_STEP * (shard - 1);
  const stack = await startStack({ ports: portsFromFirebaseJson(offset), quiet });
  Object.assign(process.env, stack.env);
  await seedDemoCompany();
  project.provide('baseUrl', stack.url);
  project.provide('outboxUrl', stack.outboxUrl);
  const axeScans = await mkdtemp(path.join(tmpdir(), 'e2e-axe-scans-'));
  project.provide('axeScans', axeScans);
  return async () => {
    await stack.stop();
    await rm(axeScans, { recursive: true, force: true });
  };
}
