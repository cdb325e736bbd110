import { formatDateTime } from '../../../lib/format';
import type { Entry } from '../../../resources/entries';
import type { EntryActionHandlers } from './entry-actions';
import { EntryActions } from './entry-actions';
import {
  CompactCustomer,
  CompactDetails,
  CompactMeta,
  CustomerLink,
  EmployeeName,
  StatusBadge,
} from './entry-parts';

/** One short card per entry (phones): who and when, what, how much, whose, and the actions. */
export function EntriesCards({
  items,
  actions,
}: {
  items: readonly Entry[];
  actions: EntryActionHandlers;
}) {
  return (
    <ul className="ui-cards entries-cards" aria-label="Entries">
      {items.map((entry) => (
        <li key={entry._id} className="ui-card entries-card">
          <div className="entries-card__head">
            <h2 className="entries-card__title">
              <CustomerLink entry={entry} />
            </h2>
            <StatusBadge entry={entry} />
          </div>
          <div className="entries-card__line">
            <CompactCustomer entry={entry} withName={false} />
            <time className="entries-card__when ui-muted" dateTime={entry.createdAt}>
              {formatDateTime(entry.createdAt)}
            </time>
          </div>
          <CompactDetails entry={entry} onChannels={() => actions.onChannels(entry)} />
          <div className="entries-card__foot">
            <div className="entries-card__meta">
              <CompactMeta entry={entry} beside={<EmployeeName entry={entry} />} />
            </div>
            <EntryActions entry={entry} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
