// What the followups feature offers the rest of the server; other modules import only this.
export { remindTodaysFollowUps } from './reminders';
export { registerFollowUpRoutes } from './routes';
export { sendDueFollowUps } from './send-due';
