// A message's life, from queued to read, and the conversation it shows in: the only module that
// reads or writes `outboundMessages` and `conversationMessages` (lint).
export { QUEUED_MESSAGE_DOCUMENT } from './constants';
export {
  applyDeliveries,
  applyEachMessage,
  applyProviderStatuses,
  type DeliveryUpdate,
} from './delivery';
export { type MessageChannel, type MessageOwner, type MessageOwnerKind } from './owner';
export { type PlannedAttachment, type WhatsAppPart, type WhatsAppPlan } from './parts';
export {
  NOT_DELIVERED,
  queueEmail,
  queueWhatsApp,
  MAX_PREVIEW,
  type Queued,
  type QueuedAbout,
} from './queue-channel';
export {
  dueOutboundIds,
  enqueueAlone,
  oldClaims,
  readOutbound,
  withoutUndefinedDeep,
  type Delivery,
  type EmailContent,
  type NewOutbound,
  type OutboundDoc,
  type OutboundPart,
  type PartState,
} from './queue-store';
export { claim, recordChange } from './record';
export {
  createThreadMessage,
  failedMessagesOf,
  findMessageByProviderId,
  messageChangesSince,
  moveCustomerMessages,
  toMessageChange,
  newThreadMessageId,
  patchThreadMessage,
  readThreadMessage,
  threadQuery,
  toConversationMessage,
  withdrawAcceptSuggestion,
  type StoredThreadMessage,
  type ThreadFile,
} from './thread-store';
export {
  broadcastMessageAnswered,
  broadcastMessageId,
  broadcastRecipientsHad,
  broadcastRecipientsPage,
  broadcastStatusCounts,
  cancelWaiting,
  duePaced,
  heldBackPhones,
  initiatedSince,
  markBroadcastResponse,
  nextPacedAt,
  oldBroadcastClaims,
  queueBroadcastRecipients,
  skipClaimed,
  skippedRecipient,
  unsettledCount,
  type BroadcastRecipientMessage,
  type BroadcastRecipientRow,
  type BroadcastRecipientsHad,
  type PacedRecipient,
} from './broadcast-queue';
export { lastCallbackRefusal, noteCallbackRefused } from './callback-refusals';
