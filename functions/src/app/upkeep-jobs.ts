// Upkeep of the core collections (listed in app/scheduled-jobs.ts).
import { cleanupIdempotencyKeys } from '../http/idempotency-cleanup';
import type { ScheduledJob } from '../jobs/registry';

/** Idempotency keys older than their 24 h go within the hour. */
export const cleanupIdempotencyKeysJob: ScheduledJob = {
  name: 'cleanupIdempotencyKeys',
  schedule: 'every 1 hours',
  run: cleanupIdempotencyKeys,
};

export const upkeepJobs: ScheduledJob[] = [cleanupIdempotencyKeysJob];
