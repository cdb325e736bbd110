// Conversations as other screens use them: a customer's thread with its reply box (the customer
// page), the Inbox screen, and the app shell's live toasts and unread count.
export { ConversationPanel, CONVERSATION_ANCHOR } from './components/conversation-panel';
export type { ConversationCustomer } from './components/reply-box';
export { InboxPage } from './components/inbox-page';
export { InboxLink, InboxLive } from './components/inbox-live';
