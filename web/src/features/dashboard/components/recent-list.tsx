import { formatDateTime } from '../../../lib/format';
import type { RecentItem } from '../api/types';

/** Recent Activity: new entries and customers, newest first. */
export function RecentList({ items }: { items: RecentItem[] }) {
  if (items.length === 0) return <p className="ui-muted">No recent activity</p>;
  return (
    <ul className="dash-list">
      {items.map((item, i) => {
        const isEntry = item.type === 'entry';
        return (
          <li key={`${item.type}-${item.when ?? ''}-${i}`} className="dash-list__item">
            <span className={`dash-icon ${isEntry ? 'dash-icon--entry' : ''}`} aria-hidden="true">
              {isEntry ? 'E' : 'C'}
            </span>
            <span className="visually-hidden">{isEntry ? 'Entry: ' : 'Customer: '}</span>
            <div>
              <p className="dash-list__text">{item.text}</p>
              {item.meta && <p className="ui-muted dash-list__meta">{item.meta}</p>}
              <p className="ui-muted dash-list__meta">
                <time dateTime={item.when}>{formatDateTime(item.when)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
