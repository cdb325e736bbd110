// The entries and messaging jobs (plain async functions; scheduled-jobs.ts lists them).
import { remindTodaysFollowUps } from '../features/followups';
import { sendDueFollowUps } from '../features/followups';
import { importInboundEmail } from '../features/inbound';
import { deliverDueOutbound } from '../features/messaging';
import { runBroadcastDispatch } from '../features/broadcasts';
import type { ScheduledJob } from '../jobs/registry';

/** Sends the follow-ups that are due, each exactly once, within a minute of their time. */
export const sendDueFollowUpsJob: ScheduledJob = {
  name: 'sendDueFollowUps',
  schedule: 'every 1 minutes',
  run: sendDueFollowUps,
};

/** Each morning in the company time zone: every employee's follow-ups due that day. */
export const followUpRemindersJob: ScheduledJob = {
  name: 'followUpReminders',
  schedule: '30 8 * * *',
  run: remindTodaysFollowUps,
};

/** New messages of the IMAP inbox become pending entries. */
export const importInboundEmailJob: ScheduledJob = {
  name: 'importInboundEmail',
  schedule: 'every 5 minutes',
  run: importInboundEmail,
};

/**
 * The send queue: retries what is due and settles sends abandoned mid-way; then the broadcasts:
 * those scheduled for now start, and the paced dispatcher runs when no one holds it.
 */
export const deliverOutboundJob: ScheduledJob = {
  name: 'deliverOutbound',
  schedule: 'every 1 minutes',
  run: async () => ({ ...(await deliverDueOutbound()), broadcasts: await runBroadcastDispatch() }),
};

export const entriesJobs: ScheduledJob[] = [
  deliverOutboundJob,
  sendDueFollowUpsJob,
  followUpRemindersJob,
  importInboundEmailJob,
];
