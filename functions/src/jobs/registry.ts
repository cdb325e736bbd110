// A scheduled job is a plain async function plus its schedule. index.ts wraps each one in
// onSchedule for production; the local stack's launcher runs the same list on the same
// schedules (the functions emulator does not run scheduled functions).

export interface ScheduledJob {
  /** The name of the exported Cloud Function. */
  name: string;
  /**
   * Cloud Scheduler syntax, in the company time zone: `every N minutes`, `every N hours`, or a
   * five-field cron expression (`30 8 * * *` is every day at 08:30).
   */
  schedule: string;
  run: () => Promise<unknown>;
}
