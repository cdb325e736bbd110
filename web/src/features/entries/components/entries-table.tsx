import { Clip } from '../../../lib/clip';
import { formatDateTime } from '../../../lib/format';
import type { EmployeeChoice, Entry } from '../api/types';
import type { EntryActionHandlers } from './entry-actions';
import { EntryActions } from './entry-actions';
import {
  CompactCustomer,
  CompactDetails,
  CompactMeta,
  EmployeeCell,
  FilesSummary,
  StatusBadge,
} from './entry-parts';

const COLUMNS = ['When', 'Customer', 'Employee', 'Details', 'Meta', 'Files', 'Status', 'Actions'];

/**
 * Spec §2: When, Customer, Employee, Details, Meta, Files, Status, Actions; one compact row per
 * entry, each cell at most two lines cut with an ellipsis (the title holds the whole value).
 */
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
        <colgroup>
          {COLUMNS.map((column) => (
            <col key={column} className={`entries-table__col-${column.toLowerCase()}`} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry._id}>
              <td className="entries-table__when">
                <Clip full={formatDateTime(entry.createdAt)} className="clip clip--two-lines" />
              </td>
              <td>
                <CompactCustomer entry={entry} />
              </td>
              <td>
                <EmployeeCell entry={entry} employees={employees} onAssign={actions.onAssign} />
              </td>
              <td>
                <CompactDetails entry={entry} onChannels={() => actions.onChannels(entry)} />
              </td>
              <td>
                <CompactMeta entry={entry} />
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
