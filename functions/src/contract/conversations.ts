// A customer's conversation (WhatsApp and email, both ways) and the Inbox, as the API answers them.
// Like everything in contract/, plain TypeScript without imports: web/ imports it as
// @contract/<file>.

export const CONVERSATION_DEFAULT_LIMIT = 30;
export const CONVERSATION_MAX_LIMIT = 100;
export const INBOX_DEFAULT_LIMIT = 30;
export const INBOX_MAX_LIMIT = 100;

export interface ConversationFile {
  name: string;
  url: string;
  mimetype: string;
  size?: number;
  /** Outbound files: their own state ('sent', 'delivered', 'failed', 'skipped' ...). */
  state?: string;
  error?: string;
}

export interface ConversationMessage {
  _id: string;
  customerId: string;
  at: string;
  /** 'in': the customer wrote; 'out': the company sent. */
  direction: 'in' | 'out';
  channel: 'whatsapp' | 'email';
  /** What the customer wrote, or exactly what they read (a template as it reads filled in). */
  text: string;
  subject?: string;
  /** The approved WhatsApp template that went, if one did. */
  templateName?: string;
  files: ConversationFile[];
  /**
   * Inbound: 'received'. Outbound: 'queued', 'sending', 'sent', 'delivered', 'read', 'opened',
   * 'failed' (with `error` in words) or 'unknown' (no answer came: it may have gone).
   */
  state: string;
  error?: string;
  /** When the state last moved. */
  stateAt?: string;
  /** Who sent it (outbound), or the customer's WhatsApp profile name (inbound). */
  byName?: string;
  /** How it came to be: the conversation's reply box, an entry, a follow-up, the send route, or the customer. */
  source: 'reply' | 'entry' | 'followup' | 'send' | 'inbound' | 'broadcast' | 'quote';
  entryId?: string;
  /** Inbound WhatsApp: the message it answers (Meta's context), with that message's text when known. */
  replyTo?: { providerId: string; text?: string };
  /** Inbound: the words accept this quote; its sales person confirms (POST /quotes/:id/accept). */
  acceptSuggestion?: { quoteId: string; number: string };
}

/**
 * A message appeared or its state moved (the notifications stream's `message` event): pages
 * showing it read it again. Carries no text: who may see the message reads it through the API.
 */
export interface LiveMessageChange {
  /** The conversation message's id (an outbound message's queue id). */
  messageId: string;
  customerId: string;
  direction: 'in' | 'out';
  channel: 'whatsapp' | 'email';
  state: string;
  entryId?: string;
  followUpId?: string;
}

/** GET /customers/:id/conversation: one page, oldest to newest; nextCursor: the older page. */
export interface ConversationPage {
  messages: ConversationMessage[];
  nextCursor: string | null;
}

/** One conversation in the Inbox. */
export interface InboxItem {
  customerId: string;
  customerName: string;
  phone: string | null;
  owner: { _id: string; name: string } | null;
  lastAt: string;
  lastText: string;
  lastDirection: 'in' | 'out';
  lastChannel: 'whatsapp' | 'email';
  /** Messages from the customer the owner has not seen (the conversation not opened since). */
  unread: number;
  /** The customer answered a broadcast in this conversation: the latest they answered. */
  broadcastId?: string;
  /** The WhatsApp window of the phone the customer last wrote from. */
  window: { open: boolean; openUntil: string | null };
}

export interface InboxPage {
  items: InboxItem[];
  nextCursor: string | null;
  /** The caller's unread messages in all their conversations (admins: theirs and unowned ones). */
  unread: number;
}

/** The body of POST /customers/{id}/conversation. */
export type ReplyRequest = {
  channel: 'whatsapp' | 'email';
  text: string;
  templateId?: string;
  subject?: string;
  attachments?: { name: string; url: string; mimetype: string; size?: number }[];
};
