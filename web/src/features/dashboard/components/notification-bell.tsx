import { Bell } from 'lucide-react';
import { unreadLabel } from './month-over-month';

/** The header's bell: opens and closes the Live Notifications panel, with the unread count. */
export function NotificationBell({
  unread,
  open,
  panelId,
  onToggle,
}: {
  unread: number;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn--outline dash-bell"
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={unread > 0 ? `Notifications, ${unreadLabel(unread)} unread` : 'Notifications'}
      onClick={onToggle}
    >
      <Bell aria-hidden="true" size={20} />
      {unread > 0 && (
        <span className="dash-bell__count" data-testid="unread-count">
          {unreadLabel(unread)}
        </span>
      )}
    </button>
  );
}
