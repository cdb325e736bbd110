import { formatDateTime } from '../../../lib/format';
import type { EmployeeChoice, Entry } from '../api/types';
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

/** Spec §2: When, Customer, Employee, Details, Meta, Files, Status, Actions. */
export function EntriesTable({
  items,
  employees,
  actions,
}: {
  items: readonly Entry[];
  employees: readonly EmployeeChoice[];
  actions: EntryActionHandlers;
}) {
  return (
    <div className="ui-table-wrap">
      <table className="ui-table entries-table">
        <caption className="visually-hidden">Entries, newest first</caption>
        <thead>
          <tr>
            {['When', 'Customer', 'Employee', 'Details', 'Meta', 'Files', 'Status', 'Actions'].map(
              (column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry._id}>
              <td className="entries-table__when">{formatDateTime(entry.createdAt)}</td>
              <td>
                <CustomerSummary entry={entry} />
              </td>
              <td>
                <EmployeeCell entry={entry} employees={employees} onAssign={actions.onAssign} />
              </td>
              <td className="entries-table__details">
                <DetailsSummary entry={entry} onChannels={() => actions.onChannels(entry)} />
              </td>
              <td>
                <MetaSummary entry={entry} />
              </td>
              <td>
                <FilesSummary entry={entry} />
              </td>
              <td>
                <StatusBadge entry={entry} />
              </td>
              <td>
                <EntryActions entry={entry} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
