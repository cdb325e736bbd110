// The conversation summaries' collections (store.ts says what each holds).
export const CONVERSATIONS = 'conversations';
export const INBOX_COUNTS = 'inboxCounts';
