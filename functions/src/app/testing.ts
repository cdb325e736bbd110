// What the browser tests reach of the server beside its HTTP API: the clock they move, the jobs
// they run at a chosen time, and a notification written as a write would write it.
export { setClock } from '../clock';
export { DEFAULT_TIME_ZONE } from '../config';
export { FOR_ADMINS } from '../domain/notifications/audience';
export { addNotification } from '../domain/notifications/notice';
export { sendDueFollowUpsJob } from './entries-jobs';
