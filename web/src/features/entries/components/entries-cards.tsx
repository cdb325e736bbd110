import { formatDateTime } from '../../../lib/format';
import type { EmployeeChoice, Entry } from '../api/types';
import type { EntryActionHandlers } from './entry-actions';
import { EntryActions } from './entry-actions';
import {
  CompactCustomer,
  CompactDetails,
  CompactMeta,
  CustomerLink,
  EmployeeCell,
  FilesSummary,
  StatusBadge,
} from './entry-parts';

/** The table's columns as one compact card per entry (phones): a few short lines each. */
export function EntriesCards({
  items,
  employees,
  actions,
}: {
  items: readonly Entry[];
  employees: readonly EmployeeChoice[];
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
          <p className="entries-card__when ui-muted">{formatDateTime(entry.createdAt)}</p>
          <dl className="entries-card__fields">
            <dt className="visually-hidden">Customer</dt>
            <dd>
              <CompactCustomer entry={entry} withName={false} />
            </dd>
            <dt className="visually-hidden">Details</dt>
            <dd>
              <CompactDetails entry={entry} onChannels={() => actions.onChannels(entry)} />
            </dd>
            <dt className="visually-hidden">Meta</dt>
            <dd>
              <CompactMeta entry={entry} />
            </dd>
          </dl>
          <div className="entries-card__foot">
            <span className="entries-card__employee">
              <EmployeeCell entry={entry} employees={employees} onAssign={actions.onAssign} />
            </span>
            <FilesSummary entry={entry} />
            <EntryActions entry={entry} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
