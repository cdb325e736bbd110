// A message's two collections, named only inside domain/messages (lint): the send queue's
// documents and the conversation's messages.
export const OUTBOUND_MESSAGES = 'outboundMessages';
export const CONVERSATION_MESSAGES = 'conversationMessages';
/** A queued message's document, as the production trigger that sends new ones names it. */
export const QUEUED_MESSAGE_DOCUMENT = `${OUTBOUND_MESSAGES}/{id}`;
