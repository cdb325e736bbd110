// What the messaging feature offers the rest of the server; other modules import only this.
export {
  checkChosenTemplate,
  emailContent,
  fillPlaceholders,
  messageFor,
  plainText,
  planFor,
} from './compose';
export { documentTemplates, findTemplate } from './catalog';
export {
  ABANDONED_PACED_MS,
  deliverDueOutbound,
  deliverNow,
  deliverOutbound,
  settleAbandonedPaced,
  silenceTellsAt,
  silentClaims,
} from './outbound-worker';
export { registerMessagingRoutes } from './routes';
export { queueAndDeliver, sendQueued } from './send-queued';
export { OPTED_OUT, type WhatsAppPlan } from './whatsapp-plan';
export { refreshWindow } from './window';
