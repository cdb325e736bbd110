// The conversation and Inbox shapes, as the server's contract says.
export type {
  ConversationFile,
  ConversationMessage,
  ConversationPage,
  InboxItem,
  InboxPage,
} from '@contract/conversations';

/** The body of POST /customers/{id}/conversation. */
export type ReplyRequest = {
  channel: 'whatsapp' | 'email';
  text: string;
  templateId?: string;
  subject?: string;
  attachments?: { name: string; url: string; mimetype: string; size?: number }[];
};
