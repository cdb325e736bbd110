import { Mail, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../lib/page-header';
import { formatPhone } from '../../../lib/phone';
import { ListState } from '../../../lib/list-state';
import { NextPageButton } from '../../../lib/next-page-button';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useInbox, LOAD_INBOX_FAILED, type InboxScope } from '../api/get-inbox';
import { usePrefetchThreads } from '../api/prefetch-threads';
import type { InboxItem } from '../api/types';
import { messageTime } from '../model/message-view';
import { CONVERSATION_ANCHOR } from './conversation-panel';
import '../conversation.css';

const SCOPES: { value: InboxScope; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'all', label: "Everyone's" },
  { value: 'unowned', label: 'No owner' },
];

/**
 * /inbox: conversations with the newest message first, the unread ones marked with their
 * count and the WhatsApp window's state; opening one opens the customer's conversation.
 * Sales people see their own customers'; admins choose theirs, everyone's or those without an owner.
 */
export function InboxPage() {
  const isAdmin = useStoredValue('role') === ADMIN_ROLE;
  const [scope, setScope] = useState<InboxScope>('mine');
  const [broadcastReplies, setBroadcastReplies] = useState(false);
  const inbox = useInbox(scope, broadcastReplies);
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  usePrefetchThreads(items.map((item) => item.customerId));

  return (
    <div className="inbox">
      <PageHeader
        title="Inbox"
        subtitle={
          scope === 'mine'
            ? isAdmin
              ? 'Your customers and those without an owner, newest first'
              : 'Conversations with your customers, newest first'
            : scope === 'all'
              ? 'Every conversation, newest first'
              : 'Customers without an owner (new numbers that wrote in)'
        }
      />
      <div className="inbox__filters">
        {isAdmin && (
          <div className="inbox__scopes" role="group" aria-label="Whose conversations">
            {SCOPES.map((option) => (
              <button
                key={option.value}
                type="button"
                className={`btn btn--small ${scope === option.value ? '' : 'btn--outline'}`}
                aria-pressed={scope === option.value}
                onClick={() => setScope(option.value)}
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          className={`btn btn--small ${broadcastReplies ? '' : 'btn--outline'}`}
          aria-pressed={broadcastReplies}
          onClick={() => setBroadcastReplies((on) => !on)}
        >
          Replies to a broadcast
        </button>
      </div>
      <ListState
        query={inbox}
        loading="Loading conversations…"
        loadingClassName="ui-empty"
        errorFallback={LOAD_INBOX_FAILED}
        isEmpty={items.length === 0}
        empty={
          <div className="ui-empty">
            <p className="ui-empty__title">No conversations yet</p>
            <p className="ui-empty__text">
              When a customer {scope === 'mine' ? 'of yours ' : ''}writes on WhatsApp or email, or
              you send them a message, the conversation shows here.
            </p>
          </div>
        }
      >
        <ul className="inbox__list" aria-label="Conversations">
          {items.map((item) => (
            <InboxRow key={item.customerId} item={item} showOwner={scope !== 'mine'} />
          ))}
        </ul>
      </ListState>
      <NextPageButton pages={inbox} label="Load more" className="btn btn--outline inbox__more" />
    </div>
  );
}

function InboxRow({ item, showOwner }: { item: InboxItem; showOwner: boolean }) {
  const Icon = item.lastChannel === 'email' ? Mail : MessageCircle;
  const unread = item.unread > 0;
  return (
    <li className={`inbox__item${unread ? ' inbox__item--unread' : ''}`}>
      <Link
        className="inbox__link"
        to={`/customers/${encodeURIComponent(item.customerId)}#${CONVERSATION_ANCHOR}`}
      >
        <span className="inbox__top">
          <span className="inbox__name">{item.customerName}</span>
          <time className="inbox__time" dateTime={item.lastAt}>
            {messageTime(item.lastAt)}
          </time>
        </span>
        <span className="inbox__bottom">
          <span className="inbox__text">
            <Icon aria-hidden="true" size={14} /> {item.lastDirection === 'out' ? 'You: ' : ''}
            {item.lastText || '(no text)'}
          </span>
          {unread && (
            <span className="inbox__unread" aria-label={`${item.unread} unread`}>
              {item.unread}
            </span>
          )}
        </span>
        <span className="inbox__facts">
          {item.phone && <span>{formatPhone(item.phone)}</span>}
          <span className={item.window.open ? 'inbox__window--open' : 'inbox__window'}>
            {item.window.open ? 'Window open' : 'Window closed'}
          </span>
          {showOwner && <span>{item.owner ? item.owner.name : 'No owner'}</span>}
          {item.broadcastId && <span>Replied to a broadcast</span>}
        </span>
      </Link>
    </li>
  );
}
