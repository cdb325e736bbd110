// The conversation store's collections (store.ts says what each holds), named apart from the
// store so that the customers' list of linked collections can name them without importing it.
export const CONVERSATION_MESSAGES = 'conversationMessages';
export const CONVERSATIONS = 'conversations';
export const INBOX_COUNTS = 'inboxCounts';
