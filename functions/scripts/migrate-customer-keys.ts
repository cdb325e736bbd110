// npm run migrate:customer-keys [-- --project my-project]
// Once, after deploying the release whose customer filter keys name the owner (the list's owner
// filter): rewrites the stored customers' keys (domain/customers/rekey.ts). With
// FIRESTORE_EMULATOR_HOST set it works on the emulator; otherwise on the real project, with
// application default credentials.
import { parseArgs } from 'node:util';
import { rekeyCustomers } from '../src/domain/customers/rekey';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { project: { type: 'string' } } });
  if (values.project) process.env.GCLOUD_PROJECT = values.project;
  const { read, changed } = await rekeyCustomers();
  console.log(`Read ${read} customers; rewrote the filter keys of ${changed}.`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
