// The Inbox: conversations with the newest message first, one indexed query over the summaries
// (conversations/{customerId}: ownerId ==, lastAt desc) reading the page and one more, plus
// the caller's unread count (one or two small documents). Sales people see their own
// customers' conversations; admins choose theirs (with those without an owner, which are the
// admins' to answer), everyone's, or those without an owner.
import type { InboxPage } from '../../contract/conversations';
import type { Session } from '../../http/access';
import { HttpError } from '../../http/errors';
import {
  inboxQuery,
  toInboxItem,
  unreadOf,
  UNOWNED,
  UNOWNED_OWNER_ID,
} from '../../domain/conversations/store';
import { readPage } from './cursor';

export const INBOX_SCOPES = ['mine', 'all', 'unowned'] as const;
export type InboxScope = (typeof INBOX_SCOPES)[number];

const isAdmin = (session: Session) => session.role === 'admin';

export async function inboxPage(
  session: Session,
  scope: InboxScope,
  limit: number,
  cursor: string | undefined,
  broadcastReplies = false,
): Promise<InboxPage> {
  if (scope !== 'mine' && !isAdmin(session))
    throw new HttpError(403, "Only admins see everyone's conversations");
  // An admin's own are also the conversations without an owner, as their unread count says.
  const owners =
    scope === 'mine'
      ? isAdmin(session)
        ? [session.uid, UNOWNED_OWNER_ID]
        : [session.uid]
      : scope === 'unowned'
        ? [UNOWNED_OWNER_ID]
        : undefined;
  // An admin's own count takes the conversations without an owner too: those are the admins'.
  const counters = [session.uid, ...(isAdmin(session) ? [UNOWNED] : [])];
  const [page, unread] = await Promise.all([
    readPage(inboxQuery(owners, broadcastReplies), 'lastAt', limit, cursor),
    unreadOf(counters),
  ]);
  return {
    items: page.docs.map((doc) => toInboxItem(doc.data())),
    nextCursor: page.nextCursor,
    unread,
  };
}
