// Every scheduled job, in one list: index.ts exports an onSchedule function for each, and the
// local stack's launcher runs them on the same schedules.
import { dashboardJobs } from './dashboard-jobs';
import { entriesJobs } from './entries-jobs';
import { upkeepJobs } from './upkeep-jobs';
import type { ScheduledJob } from '../jobs/registry';

export const scheduledJobs: ScheduledJob[] = [...entriesJobs, ...dashboardJobs, ...upkeepJobs];
