import { formatDateTime } from '../../../lib/format';
import type { Notification } from '../api/types';

/** The Live Notifications panel's list, newest first. */
export function NotificationList({ items }: { items: Notification[] }) {
  if (items.length === 0) return <p className="ui-muted">No live notifications yet</p>;
  return (
    <ul className="dash-list">
      {items.map((n, i) => (
        <li key={n._id ?? `${n.title ?? ''}-${i}`} className="dash-list__item">
          <div>
            <p className="dash-list__text">{n.title || 'New notification'}</p>
            {(n.message || n.text) && (
              <p className="ui-muted dash-list__meta">{n.message || n.text}</p>
            )}
            <p className="ui-muted dash-list__meta">
              <time dateTime={n.at ?? n.time}>{formatDateTime(n.at ?? n.time)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
