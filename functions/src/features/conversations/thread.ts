// A customer's conversation, a page at a time: one indexed query (customerId ==, ordered by at
// and id, newest first) reading the page and one more document, plus the customer's own
// document (a 404 for an unknown customer): page size + 2 reads whatever the thread's length.
// The newest page comes first; each page is answered oldest to newest, as a chat reads.
import type { ConversationPage } from '../../contract/conversations';
import {
  forgetReadReceipt,
  markConversationRead as markRead,
} from '../../domain/conversations/store';
import { markWhatsAppRead } from '../../integrations';
import { threadQuery, toConversationMessage } from '../../domain/messages';
import type { Session } from '../../http/access';
import { readPage } from './cursor';
import { requireCustomerData } from '../../domain/customers/store';

export async function conversationPage(
  customerId: string,
  limit: number,
  cursor: string | undefined,
): Promise<ConversationPage> {
  const [, page] = await Promise.all([
    requireCustomerData(customerId),
    readPage(threadQuery(customerId), 'at', limit, cursor),
  ]);
  return {
    messages: page.docs.map((doc) => toConversationMessage(doc.id, doc.data())).reverse(),
    nextCursor: page.nextCursor,
  };
}

/**
 * The caller opened the conversation: what the customer wrote so far is seen by them (should it
 * become theirs, it is not unread for them). When it is the owner's (or, for a customer without
 * an owner, an admin's), nothing in it is unread any more; anyone else's opening leaves the
 * owner's unread as it was.
 */
export async function markConversationRead(
  customerId: string,
  session: Session,
): Promise<{ unread: number }> {
  const { unread, readReceipt } = await markRead(customerId, session.uid, (ownerId) =>
    ownerId ? ownerId === session.uid : session.role === 'admin',
  );
  // The customer sees blue ticks, as with anyone reading their WhatsApp messages.
  if (readReceipt && !(await markWhatsAppRead(readReceipt)).ok)
    await forgetReadReceipt(customerId, readReceipt);
  return { unread };
}
