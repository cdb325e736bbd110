/**
 * `npm start`: builds functions and web, starts the local stack on the ports firebase.json
 * names, seeds the demo company on the first start, and keeps data in .emulator-data/ across
 * restarts. Flags: --fresh (ignore saved data), --official (Google's official Firestore
 * emulator instead of the embedded engine, with data of its own in .emulator-data-official/,
 * kept through an export at a clean stop).
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from './build.ts';
import { portsFromFirebaseJson, ROOT } from './config.ts';
import { demoAccounts, seedDemoCompany } from './seed.ts';
import { seededMarker, startStack } from './stack.ts';

const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    official: { type: 'boolean', default: false },
  },
});
const official = values.official || process.env.OFFICIAL_FIRESTORE === '1';
// The two engines keep their data apart: neither can read what the other saved.
const dataDirName = official ? '.emulator-data-official' : '.emulator-data';
const dataDir = path.join(ROOT, dataDirName);
if (values.fresh) rmSync(dataDir, { recursive: true, force: true });

console.log('Building functions and web…');
buildApp();

let stack;
try {
  stack = await startStack({
    ports: portsFromFirebaseJson(),
    dataDir,
    officialFirestore: official,
  });
} catch (err) {
  console.error(
    `\nThe local stack did not start: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
}
Object.assign(process.env, stack.env);
if (!stack.restored) {
  console.log('First start: seeding the demo company…');
  try {
    await seedDemoCompany();
  } catch (err) {
    console.error(`\nSeeding failed: ${err instanceof Error ? err.message : String(err)}`);
    await stack.stop();
    process.exit(1);
  }
  writeFileSync(seededMarker(dataDir), `${new Date().toISOString()}\n`);
}

await stack.superviseJobs(process.env.COMPANY_TIME_ZONE ?? 'Asia/Kolkata');

console.log(`
  CRM console:  ${stack.url}
  API health:   ${stack.url}/api/health
  Outbox:       ${stack.outboxUrl} (a customer writes in: npm run inbound -- +919812345678 "Hi")
  Sign in as    ${demoAccounts()
    .map((a) => `${a.role.padEnd(8)} ${a.email} / ${a.password}`)
    .join('\n                ')}
  Data is kept in ${dataDirName}/ (npm start -- --fresh starts over). Ctrl-C stops everything.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the local stack (saving data)…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
