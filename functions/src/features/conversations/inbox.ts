// The Inbox: conversations with the newest message first, one indexed query over the summaries
// (conversations/{customerId}: ownerId ==, lastAt desc) reading the page and one more, plus
// the caller's unread count (one or two small documents). Sales people see their own
// customers' conversations; admins choose theirs (with those without an owner, which are the
// admins' to answer), everyone's, or those without an owner.
import { FieldPath, type Query } from 'firebase-admin/firestore';
import type { InboxPage } from '../../contract/conversations';
import { getDb } from '../../firebase';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import { CONVERSATIONS, countsRef, toInboxItem, UNOWNED } from '../../domain/conversations/store';
import { readPage } from './cursor';

export const INBOX_SCOPES = ['mine', 'all', 'unowned'] as const;
export type InboxScope = (typeof INBOX_SCOPES)[number];

const isAdmin = (session: Session) => session.role === 'admin';
/** What a conversation without an owner holds in `ownerId`. */
const UNOWNED_OWNER_ID = '';

export async function inboxPage(
  session: Session,
  scope: InboxScope,
  limit: number,
  cursor: string | undefined,
): Promise<InboxPage> {
  if (scope !== 'mine' && !isAdmin(session))
    throw new HttpError(403, "Only admins see everyone's conversations");
  const db = getDb();
  let query: Query = db.collection(CONVERSATIONS);
  // An admin's own are also the conversations without an owner, as their unread count says.
  if (scope === 'mine')
    query = isAdmin(session)
      ? query.where('ownerId', 'in', [session.uid, UNOWNED_OWNER_ID])
      : query.where('ownerId', '==', session.uid);
  if (scope === 'unowned') query = query.where('ownerId', '==', UNOWNED_OWNER_ID);
  query = query.orderBy('lastAt', 'desc').orderBy(FieldPath.documentId(), 'desc');
  // An admin's own count takes the conversations without an owner too: those are the admins'.
  const counters = [countsRef(session.uid), ...(isAdmin(session) ? [countsRef(UNOWNED)] : [])];
  const [page, counts] = await Promise.all([
    readPage(query, 'lastAt', limit, cursor),
    db.getAll(...counters),
  ]);
  const unread = counts.reduce(
    (sum, snap) => sum + Math.max(0, Number(snap.get('unread') ?? 0)),
    0,
  );
  return {
    items: page.docs.map((doc) => toInboxItem(doc.data())),
    nextCursor: page.nextCursor,
    unread,
  };
}
