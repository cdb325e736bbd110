// A customer's conversation, a page at a time: one indexed query (customerId ==, ordered by at
// and id, newest first) reading the page and one more document, plus the customer's own
// document (a 404 for an unknown customer): page size + 2 reads whatever the thread's length.
// The newest page comes first; each page is answered oldest to newest, as a chat reads.
import { FieldPath } from 'firebase-admin/firestore';
import type { ConversationPage } from '../../contract/conversations';
import { getDb } from '../../firebase';
import {
  CONVERSATION_MESSAGES,
  markSummaryRead,
  summaryRef,
  toConversationMessage,
} from '../../domain/conversations/store';
import type { Session } from '../../http/access';
import { readPage } from './cursor';
import { requireCustomerData } from '../../domain/customers/store';

export async function conversationPage(
  customerId: string,
  limit: number,
  cursor: string | undefined,
): Promise<ConversationPage> {
  const db = getDb();
  const query = db
    .collection(CONVERSATION_MESSAGES)
    .where('customerId', '==', customerId)
    .orderBy('at', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');
  const [, page] = await Promise.all([
    requireCustomerData(customerId),
    readPage(query, 'at', limit, cursor),
  ]);
  return {
    messages: page.docs.map((doc) => toConversationMessage(doc.id, doc.data())).reverse(),
    nextCursor: page.nextCursor,
  };
}

/**
 * The caller opened the conversation: when it is the owner's (or, for a customer without an
 * owner, an admin's), nothing in it is unread any more. Anyone else's opening changes nothing.
 */
export async function markConversationRead(
  customerId: string,
  session: Session,
): Promise<{ unread: number }> {
  const db = getDb();
  return db.runTransaction(async (tx) => {
    const summary = await tx.get(summaryRef(customerId));
    if (!summary.exists) return { unread: 0 };
    const ownerId: unknown = summary.get('ownerId');
    const mine = ownerId ? ownerId === session.uid : session.role === 'admin';
    const unread = Number(summary.get('unread') ?? 0);
    if (!mine) return { unread };
    markSummaryRead(tx, summary);
    return { unread: 0 };
  });
}
