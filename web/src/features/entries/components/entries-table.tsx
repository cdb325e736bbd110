import type { Entry } from '../../../resources/entries';
import type { EntryActionHandlers } from './entry-actions';
import { EntryActions } from './entry-actions';
import {
  CompactCustomer,
  CompactDetails,
  CompactMeta,
  EmployeeName,
  StatusBadge,
  WhenCell,
} from './entry-parts';

const COLUMNS = ['When', 'Customer', 'Details', 'Amount', 'Employee', 'Status', 'Actions'];

/**
 * One row per entry, laid out to be read: the day and time, the customer's name and first phone
 * and the amount whole; the description on up to three lines (cut after that, whole on hover
 * and focus); the employee as text (admins reassign from the row's menu).
 */
export function EntriesTable({
  items,
  actions,
}: {
  items: readonly Entry[];
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
              <td>
                <WhenCell at={entry.createdAt} />
              </td>
              <td>
                <CompactCustomer entry={entry} />
              </td>
              <td>
                <CompactDetails entry={entry} onChannels={() => actions.onChannels(entry)} />
              </td>
              <td>
                <CompactMeta entry={entry} />
              </td>
              <td>
                <EmployeeName entry={entry} />
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
