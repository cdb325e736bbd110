// Fills a running local stack with a generated book of customers and entries: the data goes in
// through the embedded Firestore's import (far faster than writing each document through the
// Admin SDK), follow-ups through the API (the product writes them), and the dashboard job runs
// last so the aggregates match the data.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import path from 'node:path';
import type { EmployeeRef } from '../../../functions/src/app/seeding.ts';
import { apiClient } from '../stack-api.ts';
import { PROJECT_ID } from '../../stack/config.ts';
import { runDashboardJob, type RecomputeRun } from './dashboard-job.ts';
import type { GeneratedCustomer } from './customers.ts';
import { appendGenerated, type ScaleSize } from './generate.ts';
import { prepareExport, type FirestoreControl } from './load.ts';

export interface ScaleTarget {
  /** The stack's address (hosting), for the API calls. */
  url: string;
  /** The variables that point an Admin SDK at the stack (FIRESTORE_EMULATOR_HOST, …). */
  env: Record<string, string>;
  control: FirestoreControl;
  /**
   * Signs an admin in (follow-ups are scheduled in their name): after the import, whose data
   * replaces the sessions too.
   */
  signIn(): Promise<string>;
}

export interface ScaleSeeded {
  documents: number;
  probe: GeneratedCustomer;
  followUps: number;
  /** From the start until the generator had written its last line. */
  generateMs: number;
  /** From the start until the import (reading the lines as they were written) answered. */
  loadMs: number;
  dashboardJob: RecomputeRun;
}

const MAX_FOLLOW_UPS = 100;

async function employees(env: Record<string, string>): Promise<EmployeeRef[]> {
  Object.assign(process.env, env);
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  const users = await getFirestore().collection('users').where('approved', '==', true).get();
  return users.docs.map((d) => ({
    _id: d.id,
    name: String(d.get('fullName') ?? ''),
    email: String(d.get('email') ?? ''),
  }));
}

/**
 * Replaces the stack's data with `baseExport` (an export folder of the embedded Firestore)
 * plus `size` generated customers and entries; `workDir` holds the combined export.
 */
export async function seedScale(
  target: ScaleTarget,
  size: ScaleSize,
  baseExport: string,
  workDir: string,
  log: (line: string) => void,
): Promise<ScaleSeeded> {
  const owners = await employees(target.env);
  const folder = path.join(workDir, `scale-${size.customers}-${size.entries}`);
  const started = performance.now();
  const draft = prepareExport(baseExport, folder);
  // The import reads the lines as the generator writes them (the file is marked as still being
  // appended to until finish): the engine's one thread reads while the generator's two make
  // lines, instead of waiting for the whole file.
  const importing = target.control.importFrom(folder).then(() => performance.now() - started);
  // Awaited once the generator is done: a failure before then is not left unhandled meanwhile.
  importing.catch(() => undefined);
  const generated = await appendGenerated(draft.dataFile, size, owners, Date.now());
  draft.finish(generated.documents);
  const generateMs = performance.now() - started;
  log(
    `generated ${generated.documents.toLocaleString('en-IN')} documents in ${Math.round(generateMs / 1000)} s`,
  );
  const loadMs = await importing.catch((err: unknown) => {
    const cause = err instanceof Error ? (err.cause ?? err.message) : err;
    throw new Error(
      `The embedded Firestore did not load the ${generated.documents.toLocaleString('en-IN')} generated documents (${String(cause)})`,
    );
  });
  log(`imported into the embedded Firestore ${Math.round(loadMs / 1000)} s after the start`);

  const api = apiClient(target.url, await target.signIn());
  const picked = generated.sampleEntryIds.slice(0, MAX_FOLLOW_UPS);
  for (const [i, id] of picked.entries())
    await api.ok('POST', `/entries/${id}/followup-days`, {
      days: 1 + (i % 14),
      note: 'Call back about the quotation',
    });
  log(`scheduled ${picked.length} follow-ups through the API`);

  const dashboardJob = await runDashboardJob(target.env);
  log(
    `dashboard job: ${dashboardJob.entries.toLocaleString('en-IN')} entries in ${Math.round(dashboardJob.ms / 1000)} s, peak ${dashboardJob.peakRssMb} MB`,
  );
  return {
    documents: generated.documents,
    probe: generated.probe,
    followUps: picked.length,
    generateMs,
    loadMs,
    dashboardJob,
  };
}
