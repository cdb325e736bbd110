// The conversation and Inbox shapes, as the server's contract says.
export type {
  ConversationFile,
  ConversationMessage,
  ConversationPage,
  InboxItem,
  InboxPage,
} from '@contract/conversations';

export type { ReplyRequest } from '@contract/conversations';
