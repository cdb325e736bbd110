// Wiring only: what runs where. The work lives in http/ and jobs/.
import { onDocumentCreated } from 'firebase-functions/firestore';
import { onRequest } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import { getConfig } from './config';
import { createApp } from './app/app';
import { takeOverRuntimeBodyParsers } from './http/runtime-body-parser';
import { outsideRequestDomains } from './http/outside-request-domain';
import { integrationSecrets } from './integrations/secrets';
import { scheduledJobs } from './app/scheduled-jobs';
import { deliverOutbound } from './features/messaging';
import { QUEUED_MESSAGE_DOCUMENT } from './domain/messages';
import { API_RUNTIME, JOB_RUNTIME, REGION as region, TRIGGER_RUNTIME } from './app/runtime-options';

// Before the runtime builds its body parsers and its app, which it does once this module has
// loaded: its parsers keep to the app's limits and hand failures on (http/runtime-body-parser.ts).
takeOverRuntimeBodyParsers();

// The senders read these (the SendGrid key, the WhatsApp token and app secret). The functions
// emulator would ask Secret Manager for bound secrets it finds no local value for; locally
// they are plain environment variables instead.
const secrets = process.env.FUNCTIONS_EMULATOR === 'true' ? [] : integrationSecrets;

// Every option set here, none left to the platform's defaults: docs/deploy.md says why each, and
// tools/deploy/test/manifest.test.ts compares what would be deployed with the committed expectation.
export const api = onRequest(
  { region, ...API_RUNTIME, secrets },
  outsideRequestDomains(createApp({ tellWaits: true })),
);

// One scheduled function per job, named after it, on the job's schedule in company time.
for (const job of scheduledJobs) {
  exports[job.name] = onSchedule(
    {
      region,
      schedule: job.schedule,
      timeZone: getConfig().timeZone,
      ...JOB_RUNTIME,
      secrets,
    },
    async () => {
      await job.run();
    },
  );
}

// Each queued message is tried as soon as it is written (the API also tries at once, to
// answer truthfully; the claim makes sure only one of them sends it). Retries are the job's.
// A broadcast's recipients are not: the paced dispatcher sends them.
export const sendOutbound = onDocumentCreated(
  { region, document: QUEUED_MESSAGE_DOCUMENT, ...TRIGGER_RUNTIME, secrets },
  async (event) => {
    // A broadcast's recipient waits for the paced dispatcher's slot (its claim would refuse).
    if (event.data?.get('state') === 'paced') return;
    await deliverOutbound(event.params.id);
  },
);
