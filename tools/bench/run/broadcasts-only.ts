// `npm run bench -- --only broadcasts [--large-customers N --large-entries M]`: the broadcast
// rows alone (tools/bench/run/broadcasts.ts), printed, on a stack of their own loaded with a
// generated book of N customers (10,000 is enough to send to; the whole bench runs them at
// the large size): for work on those rows without the rest of the bench.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../stack/build.ts';
import { portsFromFirebaseJson } from '../../stack/config.ts';
import { demoAccounts, seedDemoCompany } from '../../stack/seed.ts';
import { startStack } from '../../stack/stack.ts';
import type { ScaleSize } from '../scale/generate.ts';
import { firestoreControl } from '../scale/load.ts';
import { seedScale } from '../scale/seed.ts';
import { signIn } from '../stack-api.ts';
import { broadcastBench } from './broadcasts.ts';
import { broadcastSection } from './broadcasts-report.ts';
import type { TeamLoadResult } from './team-load.ts';

export interface BroadcastsOnlyOptions {
  portOffset: number;
  size: ScaleSize;
  /** The team of 200's round on the stack at `url`. */
  team(url: string): Promise<TeamLoadResult>;
  log(line: string): void;
}

/** Runs the rows and prints their section; answers the exit code (1 when a target is missed). */
export async function broadcastsOnly(o: BroadcastsOnlyOptions): Promise<number> {
  o.log('building functions and web…');
  buildApp();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'crm-bench-broadcasts-'));
  const dataDir = path.join(workDir, 'stack');
  const ports = portsFromFirebaseJson(o.portOffset);
  const stack = await startStack({ ports, dataDir, quiet: true });
  try {
    Object.assign(process.env, stack.env);
    const admin = demoAccounts()[0];
    await seedDemoCompany();
    const control = firestoreControl(`127.0.0.1:${ports.firestore}`);
    const baseExport = path.join(workDir, 'base');
    await control.exportTo(baseExport);
    const adminSignIn = () => signIn(stack.url, admin.email, admin.password);
    await seedScale(
      { url: stack.url, env: stack.env, control, signIn: adminSignIn },
      o.size,
      baseExport,
      workDir,
      o.log,
    );
    await stack.superviseJobs(process.env.COMPANY_TIME_ZONE ?? 'Asia/Kolkata');
    const result = await broadcastBench({
      url: stack.url,
      firstApiPort: stack.apiPorts[0],
      outboxFile: path.join(dataDir, 'outbox', 'outbox.jsonl'),
      signIn: adminSignIn,
      team: () => o.team(stack.url),
      pids: stack.pids,
      log: o.log,
    });
    const section = broadcastSection(result);
    console.log(section.lines.join('\n'));
    for (const v of section.verdicts)
      console.log(
        `- ${v.met === undefined ? 'not measured' : v.met ? 'met' : 'MISSED'}: ${v.target}`,
      );
    return section.verdicts.every((v) => v.met) ? 0 : 1;
  } finally {
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
