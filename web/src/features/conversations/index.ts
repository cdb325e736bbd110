// Conversations as other screens use them: a customer's thread with its reply box (the customer
// page) and the Inbox screen. The app shell's live toasts and unread count: shell.ts.
export { ConversationPanel, CONVERSATION_ANCHOR } from './components/conversation-panel';
export type { ConversationCustomer } from './components/reply-box';
export { InboxPage } from './components/inbox-page';
export { QuoteLink } from './components/quote-link';
