// The scheduled jobs as a process of their own, so that the stack's supervisor restarts them
// after a crash: `jobs-process.ts TIME_ZONE`, with the stack's variables in its environment.
import { startJobRunner } from './jobs.ts';

const stopJobs = startJobRunner(process.argv[2], (line) => console.log(line));
console.log('jobs scheduled');

const stop = () => {
  stopJobs();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
