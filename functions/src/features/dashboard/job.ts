// The dashboard job (listed in jobs/index.ts scheduledJobs).
import type { ScheduledJob } from '../../jobs/registry';
import { recomputeDashboard } from './recompute';

export const dashboardJobs: ScheduledJob[] = [
  { name: 'recomputeDashboard', schedule: 'every 15 minutes', run: () => recomputeDashboard() },
];
