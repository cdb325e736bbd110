import { useQueryClient } from '@tanstack/react-query';
import { INBOUND_MESSAGE } from '@contract/notifications';
import { Inbox } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { subscribeNotifications } from '../../../lib/notification-stream';
import { useToast } from '../../../lib/toast';
import { queryKeys } from '../../../resources/query-keys';
import { useUnreadCount } from '../api/get-inbox';
import { MessagesLive } from './messages-live';
import '../conversation.css';

/**
 * On every screen: a customer's message toasts at once ('New WhatsApp message: Ravi: OK…'),
 * and the conversation, the Inbox and the unread count are read again; every message's state
 * moves live on whatever page shows it (MessagesLive).
 */
export function InboxLive() {
  const toast = useToast();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeNotifications((n) => {
        if (n.type !== INBOUND_MESSAGE) return;
        toast.show(`${n.title ?? 'New message'}: ${n.message ?? ''}`, 'info');
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
        // The customer's window opened with their message.
        if (n.customerId)
          void queryClient.invalidateQueries({ queryKey: queryKeys.customers.one(n.customerId) });
      }),
    [toast, queryClient],
  );
  return <MessagesLive />;
}

/**
 * The top bar's way to the Inbox, with the caller's unread count; `countFromPage`: the open
 * page's answer brings the count (useUnreadCount).
 */
export function InboxLink({ countFromPage = false }: { countFromPage?: boolean }) {
  const unread = useUnreadCount(countFromPage);
  return (
    <Link
      className="btn btn--ghost inbox-link"
      to="/inbox"
      aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
    >
      <Inbox aria-hidden="true" size={18} />
      {unread > 0 && (
        <span className="inbox-link__count" data-testid="unread-count">
          {unread}
        </span>
      )}
    </Link>
  );
}
