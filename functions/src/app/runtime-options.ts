// What each deployed function is given: read by index.ts (what `firebase deploy` creates) and
// by the local stack (which bounds the api's heap the same way). docs/deploy.md says why.

export const REGION = 'asia-south1';

/**
 * The api: one Cloud Run instance serving many requests at once (2nd gen), as the local stack
 * runs it on functions-framework. Memory and time leave margin over the largest CSV import
 * (its measured peak and time: docs/deploy.md).
 */
export const API_RUNTIME = {
  memory: '1GiB',
  /** A whole vCPU: Cloud Run serves concurrent requests only with at least one. */
  cpu: 1,
  /** Requests one instance takes at once (Cloud Run's default and the design's figure). */
  concurrency: 80,
  timeoutSeconds: 540,
  /** A ceiling on cost and on the load put on Firestore: 10 × 80 requests at once. */
  maxInstances: 10,
} as const;

/** The api's memory in MiB, for the local stack's heap bound. */
export const API_MEMORY_MIB = 1024;

/**
 * The scheduled jobs: the dashboard recompute needs more than the 256 MiB default at the large
 * size (docs/deploy.md). One instance each, so a run that outlasts its interval is not joined
 * by the next one (Cloud Scheduler's call is refused and it tries at the next tick).
 */
export const JOB_RUNTIME = { memory: '512MiB', timeoutSeconds: 540, maxInstances: 1 } as const;

/** The Firestore trigger that sends a queued message. */
export const TRIGGER_RUNTIME = { memory: '256MiB', timeoutSeconds: 60 } as const;
