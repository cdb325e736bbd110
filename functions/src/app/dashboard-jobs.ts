// The dashboard job (listed in app/scheduled-jobs.ts): recomputes the figures, and trims
// the notification feeds the dashboard's live panel reads, those of users who never open the
// dashboard (and so never prune their feed on a read) too.
import { pruneNotificationFeeds } from '../domain/notifications/feed';
import { recomputeDashboard } from '../features/dashboard';
import type { ScheduledJob } from '../jobs/registry';

export const dashboardJobs: ScheduledJob[] = [
  {
    name: 'recomputeDashboard',
    schedule: 'every 15 minutes',
    run: async () => {
      const recomputed = await recomputeDashboard();
      await pruneNotificationFeeds();
      return recomputed;
    },
  },
];
