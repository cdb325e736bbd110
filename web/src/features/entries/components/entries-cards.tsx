import { formatDateTime } from '../../../lib/format';
import type { EmployeeChoice, Entry } from '../api/types';
import { customerName } from '../model/entry-view';
import type { EntryActionHandlers } from './entry-actions';
import { EntryActions } from './entry-actions';
import {
  CustomerSummary,
  DetailsSummary,
  EmployeeCell,
  FilesSummary,
  MetaSummary,
  StatusBadge,
} from './entry-parts';

/** The table's columns as one card per entry (phones). */
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
        <li key={entry._id} className="ui-card">
          <div className="ui-card__head">
            <h2 className="ui-card__title">{customerName(entry)}</h2>
            <StatusBadge entry={entry} />
          </div>
          <dl className="ui-card__fields">
            <dt>When</dt>
            <dd>{formatDateTime(entry.createdAt)}</dd>
            <dt>Customer</dt>
            <dd>
              <CustomerSummary entry={entry} />
            </dd>
            <dt>Employee</dt>
            <dd>
              <EmployeeCell entry={entry} employees={employees} onAssign={actions.onAssign} />
            </dd>
            <dt>Details</dt>
            <dd>
              <DetailsSummary entry={entry} onChannels={() => actions.onChannels(entry)} />
            </dd>
            <dt>Meta</dt>
            <dd>
              <MetaSummary entry={entry} />
            </dd>
            <dt>Files</dt>
            <dd>
              <FilesSummary entry={entry} />
            </dd>
          </dl>
          <EntryActions entry={entry} {...actions} />
        </li>
      ))}
    </ul>
  );
}
