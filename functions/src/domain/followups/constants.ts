// The collection is named once, by the entries feature this feature builds on.
export { FOLLOW_UPS } from '../entries/constants';

export type FollowUpStatus = 'scheduled' | 'sending' | 'sent' | 'partial' | 'failed';

/** A claim older than this is a run that died mid-send: it is failed, never sent again. */
export const STALE_CLAIM_MS = 30 * 60 * 1000;
/** Due follow-ups one query reads; a run goes on until none is due or MAX_PER_RUN. */
export const DUE_BATCH = 50;
export const MAX_PER_RUN = 500;
/** Who the history names for the job's items. */
export const JOB_NAME = 'Follow-up job';
