import { companyDay } from '../../../lib/company-time';
import { formatDateTime } from '../../../lib/format';
import type { FollowUpDue } from '../api/types';

/** Follow-ups Due: today's, then the next days'. */
export function FollowUps({ items }: { items: FollowUpDue[] }) {
  const today = companyDay(new Date());
  const dueToday = items.filter((f) => companyDay(new Date(f.dueAt)) === today);
  const later = items.filter((f) => companyDay(new Date(f.dueAt)) !== today);
  return (
    <div className="dash-followups">
      <FollowUpGroup title="Today" items={dueToday} />
      <FollowUpGroup title="Next 3 days" items={later} />
    </div>
  );
}

function FollowUpGroup({ title, items }: { title: string; items: FollowUpDue[] }) {
  return (
    <div>
      <h3 className="dash-subtitle">{title}</h3>
      {items.length === 0 ? (
        <p className="ui-muted">Nothing due</p>
      ) : (
        <ul className="dash-list">
          {items.map((f, i) => (
            <li key={`${f.dueAt}-${i}`} className="dash-list__item">
              <div>
                <p className="dash-list__text">{f.customerName}</p>
                <p className="ui-muted dash-list__meta">{f.note || f.reason || 'Follow-up'}</p>
                <p className="ui-muted dash-list__meta">
                  <time dateTime={f.dueAt}>{formatDateTime(f.dueAt)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
