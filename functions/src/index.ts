// Wiring only: what runs where. The work lives in http/ and jobs/.
import { onRequest } from 'firebase-functions/https';
import { onSchedule } from 'firebase-functions/scheduler';
import { getConfig } from './config';
import { createApp } from './http/app';
import { scheduledJobs } from './jobs';

const region = 'asia-south1';

export const api = onRequest({ region, memory: '512MiB', timeoutSeconds: 300 }, createApp());

// One scheduled function per job, named after it, on the job's schedule in company time.
for (const job of scheduledJobs) {
  exports[job.name] = onSchedule(
    { region, schedule: job.schedule, timeZone: getConfig().timeZone, timeoutSeconds: 540 },
    async () => {
      await job.run();
    },
  );
}
