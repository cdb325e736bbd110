// The live notifications: the latest 20 (polled every 15 s) merged with those the stream
// delivers. Each new one bumps the unread count, shows a success toast with its title or
// 'New notification' and refetches the dashboard's figures as of its time; polling
// also catches what a broken stream missed.
import { useQueryClient } from '@tanstack/react-query';
import { INBOUND_MESSAGE } from '@contract/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToast } from '../../../lib/toast';
import { useLatestNotifications } from '../api/get-latest-notifications';
import { invalidateDashboard } from '../api/invalidate-dashboard';
import { subscribeNotifications } from '../../../lib/notification-stream';
import type { Notification } from '../api/types';

export const KEPT = 20;

const keyOf = (n: Notification) => n._id ?? `${n.title ?? ''}|${n.at ?? n.time ?? ''}`;
const timeOf = (n: Notification) => Date.parse(n.at ?? n.time ?? '') || 0;

/** `dashboardLoaded`: the dashboard's call has answered (it brings the first list). */
export function useLiveNotifications(dashboardLoaded: boolean) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const latest = useLatestNotifications(dashboardLoaded);
  const [list, setList] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const seen = useRef(new Set<string>());
  const [mountedAt] = useState(() => Date.now());
  const primed = useRef(false);

  const arrive = useCallback(
    (items: Notification[], announce: boolean) => {
      const fresh = items.filter((n) => !seen.current.has(keyOf(n)));
      if (fresh.length === 0) return;
      for (const n of fresh) seen.current.add(keyOf(n));
      setList((current) =>
        [...fresh, ...current].sort((a, b) => timeOf(b) - timeOf(a)).slice(0, KEPT),
      );
      if (!announce) return;
      setUnread((count) => count + fresh.length);
      // A customer's message is toasted by the app shell, on every screen.
      for (const n of fresh)
        if (n.type !== INBOUND_MESSAGE) toast.show(n.title || 'New notification', 'success');
      const latestAt = Math.max(...fresh.map(timeOf));
      void invalidateDashboard(
        queryClient,
        latestAt > 0 ? new Date(latestAt).toISOString() : undefined,
      );
    },
    [toast, queryClient],
  );

  useEffect(() => subscribeNotifications((n) => arrive([n], true)), [arrive]);

  useEffect(() => {
    if (!latest.data) return;
    if (!primed.current) {
      primed.current = true;
      arrive(latest.data, false);
      return;
    }
    // Only what is newer than the page: older unseen items are history, not news.
    const news = latest.data.filter((n) => timeOf(n) >= mountedAt - 5000);
    arrive(news, true);
    arrive(latest.data, false);
  }, [latest.data, arrive, mountedAt]);

  const markRead = useCallback(() => setUnread(0), []);
  return { list, unread, markRead };
}
