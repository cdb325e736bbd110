import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './config.ts';

interface ScheduledJob {
  name: string;
  schedule: string;
  run: () => Promise<unknown>;
}
type Schedule = { kind: 'interval'; everyMs: number } | { kind: 'cron' };

/**
 * Runs the functions' scheduled jobs (from the built functions/lib) on their schedules, as
 * Cloud Scheduler does in production: the functions emulator does not run them. Returns a
 * function that stops the timers.
 */
export function startJobRunner(timeZone: string, log: (line: string) => void): () => void {
  const require = createRequire(import.meta.url);
  const lib = path.join(ROOT, 'functions/lib');
  const { scheduledJobs } = require(path.join(lib, 'app/scheduled-jobs.js')) as {
    scheduledJobs: ScheduledJob[];
  };
  const { parseSchedule, cronMatches } = require(path.join(lib, 'jobs/schedule.js')) as {
    parseSchedule: (text: string) => Schedule;
    cronMatches: (s: Schedule, at: Date, timeZone: string) => boolean;
  };
  const running = new Set<string>();
  const run = (job: ScheduledJob) => {
    // A slow run is not started twice over itself, as Cloud Scheduler would not either.
    if (running.has(job.name)) return;
    running.add(job.name);
    const started = Date.now();
    job
      .run()
      .then(
        () => log(`job ${job.name} done in ${Date.now() - started} ms`),
        (err: unknown) =>
          log(`job ${job.name} failed: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => running.delete(job.name));
  };
  const timers: NodeJS.Timeout[] = [];
  const cronJobs: { job: ScheduledJob; schedule: Schedule }[] = [];
  for (const job of scheduledJobs) {
    const schedule = parseSchedule(job.schedule);
    if (schedule.kind === 'interval') timers.push(setInterval(() => run(job), schedule.everyMs));
    else cronJobs.push({ job, schedule });
    log(`job ${job.name} scheduled: ${job.schedule} (${timeZone})`);
  }
  if (cronJobs.length > 0) {
    // Cron schedules are checked at the start of every minute.
    const tick = () => {
      const now = new Date();
      for (const { job, schedule } of cronJobs) if (cronMatches(schedule, now, timeZone)) run(job);
    };
    const align = setTimeout(
      () => {
        tick();
        timers.push(setInterval(tick, 60_000));
      },
      60_000 - (Date.now() % 60_000),
    );
    timers.push(align);
  }
  return () => timers.forEach((t) => clearTimeout(t));
}
