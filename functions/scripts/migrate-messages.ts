// npm run migrate:messages [-- --project my-project]
// Once, after deploying the release that moved a message's life into domain/messages: gives
// stored messages typed owners and queues WhatsApp messages sent before the send queue
// (domain/messages/migrate.ts). With FIRESTORE_EMULATOR_HOST set it works on the emulator;
// otherwise on the real project, with application default credentials.
import { parseArgs } from 'node:util';
import { migrateMessages } from '../src/domain/messages/migrate';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { project: { type: 'string' } } });
  if (values.project) process.env.GCLOUD_PROJECT = values.project;
  const result = await migrateMessages();
  console.log(
    `Typed ${result.ownersTyped} queue owners; queued ${result.queuedOlderMessages} older WhatsApp messages.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
